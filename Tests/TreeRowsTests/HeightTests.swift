import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// Row heights: offsets, the row at an offset and the total height, after every kind of
/// change, for every strategy, with and without heights of their own.
@Suite struct HeightTests {
    static func tree(withHeights: Bool) -> Tree {
        var tree = TreeNotation.tree("a(b(c(d),e),f(g)),h")
        if withHeights {
            for (index, node) in tree.nodes.enumerated() { tree.setHeight(node, Int32(10 + 7 * index)) }
        }
        return tree
    }

    @Test(arguments: BuiltinStrategies.names, [true, false])
    func offsetsFollowEveryChange(strategy: String, withHeights: Bool) throws {
        let tree = Self.tree(withHeights: withHeights)
        var state = try #require(BuiltinStrategies.named(strategy)).init(tree: tree)
        func node(_ id: String) -> NodeIndex { TreeNotation.node(id, in: state.tree) }
        func check(_ step: String) {
            let problem = StepCheck.checkHeights(state, rows: ReferenceStrategy.walk(state.tree), tree: state.tree)
            #expect(problem == nil, "\(strategy) after \(step): \(problem?.detail ?? "")")
        }
        check("creation")
        let operations: [(String, TreeOperation)] = [
            ("collapse b", .collapse(node("b"))), ("toggle a", .toggle(node("a"))), ("expand-recursively a", .expandRecursively(node("a"))),
            ("insert", .insert("n", under: node("c"), at: 0)), ("accordion f", .accordionExpand(node("f"))),
            ("sort", .sort(SiblingOrder(.replies, descending: true))), ("remove b", .remove(node("b"))),
            ("page", .loadPage(["p", "q"], under: Tree.root, before: node("h"), removingLoadMoreRow: true)),
            ("collapse-all", .collapseAll), ("expand-all", .expandAll), ("collapse-recursively a", .collapseRecursively(node("a"))),
        ]
        for (name, operation) in operations {
            _ = try state.perform(operation)
            check(name)
        }
    }

    @Test("Heights by hand")
    func handComputed() throws {
        var tree = TreeNotation.tree("a(b),c")
        tree.setHeight(TreeNotation.node("a", in: tree), 100)
        tree.setHeight(TreeNotation.node("b", in: tree), 30)
        for type in BuiltinStrategies.all {
            var state = type.init(tree: tree)
            #expect(state.totalHeight == 174, "\(type.name)")  // 100 + 30 + 44 (c has the default)
            #expect(state.offset(ofRow: 2) == 130, "\(type.name)")
            #expect(state.row(atOffset: 129) == 1 && state.row(atOffset: 130) == 2 && state.row(atOffset: 174) == nil, "\(type.name)")
            _ = state.collapse(TreeNotation.node("a", in: tree))
            #expect(state.totalHeight == 144 && state.row(atOffset: 100) == 1, "\(type.name)")
        }
    }
}
