import Testing
import TreeRows
import TreeRowsTestSupport

/// Every operation on hand-built trees, with the exact diff expected, for every strategy.
/// Each step is also checked against the reference, the validator and `apply`.
@Suite struct OperationTests {
    // Rows: 0 a, 1 b, 2 c, 3 d, 4 e, 5 f, 6 g, 7 h.
    static let thread = "a(b(c(d),e),f(g)),h"

    @Test(arguments: BuiltinStrategies.names)
    func toggleCollapsesAndExpandsOneRange(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.toggle(scenario.node("b"))) == RowDiff(deletions: [2..<5]))
        #expect(scenario.run(.toggle(scenario.node("b"))) == RowDiff(insertions: [2..<5]))
        #expect(scenario.run(.toggle(scenario.node("h"))).isEmpty)  // a leaf
        #expect(scenario.run(.toggle(scenario.node("a"))) == RowDiff(deletions: [1..<7]))
    }

    @Test(arguments: BuiltinStrategies.names)
    func expandAndCollapseAreIdempotent(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.expand(scenario.node("b"))).isEmpty)
        #expect(scenario.run(.collapse(scenario.node("f"))) == RowDiff(deletions: [6..<7]))
        #expect(scenario.run(.collapse(scenario.node("f"))).isEmpty)
        #expect(scenario.run(.expand(scenario.node("f"))) == RowDiff(insertions: [6..<7]))
    }

    @Test("Collapsing a node whose descendant is collapsed", arguments: BuiltinStrategies.names)
    func collapseOverCollapsedDescendant(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.collapse(scenario.node("c"))) == RowDiff(deletions: [3..<4]))
        #expect(scenario.run(.collapse(scenario.node("b"))) == RowDiff(deletions: [2..<4]))
        #expect(scenario.rows == ["0:a", "1:b", "1:f", "2:g", "0:h"])
        #expect(scenario.run(.collapse(scenario.node("a"))) == RowDiff(deletions: [1..<4]))
    }

    @Test("Expand restores nested states", arguments: BuiltinStrategies.names)
    func expandRestoresNestedStates(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        scenario.run(.collapse(scenario.node("c")))
        scenario.run(.collapse(scenario.node("f")))
        scenario.run(.collapse(scenario.node("b")))
        scenario.run(.collapse(scenario.node("a")))
        #expect(scenario.run(.expand(scenario.node("a"))) == RowDiff(insertions: [1..<3]))
        #expect(scenario.rows == ["0:a", "1:b", "1:f", "0:h"])
        #expect(scenario.run(.expand(scenario.node("b"))) == RowDiff(insertions: [2..<4]))
        #expect(scenario.rows == ["0:a", "1:b", "2:c", "2:e", "1:f", "0:h"])
        #expect(scenario.run(.expand(scenario.node("c"))) == RowDiff(insertions: [3..<4]))
    }

    @Test(arguments: BuiltinStrategies.names)
    func expandRecursively(strategy: String) {
        var scenario = StrategyScenario(strategy, "a-(b-(c-(d)),e-(f)),g")
        // Inserted: b c d e f at 1..<6 in one range.
        #expect(scenario.run(.expandRecursively(scenario.node("a"))) == RowDiff(insertions: [1..<6]))
        scenario.run(.collapse(scenario.node("c")))
        scenario.run(.collapse(scenario.node("e")))
        // Rows a b c e g: expanding a's subtree inserts d (at 3) and f (at 5).
        #expect(scenario.run(.expandRecursively(scenario.node("a"))) == RowDiff(insertions: [3..<4, 5..<6]))
        #expect(scenario.run(.expandRecursively(scenario.node("g"))).isEmpty)
    }

    @Test(arguments: BuiltinStrategies.names)
    func collapseRecursively(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.collapseRecursively(scenario.node("a"))) == RowDiff(deletions: [1..<7]))
        #expect(scenario.run(.expand(scenario.node("a"))) == RowDiff(insertions: [1..<3]))
        #expect(scenario.rows == ["0:a", "1:b", "1:f", "0:h"])
    }

    @Test(arguments: BuiltinStrategies.names)
    func expandAllAndCollapseAll(strategy: String) {
        var scenario = StrategyScenario(strategy, "a(b-(c),d),e(f),g-(h(i))")
        // Rows a b d e f g.
        #expect(scenario.run(.collapseAll) == RowDiff(deletions: [1..<3, 4..<5]))
        #expect(scenario.rows == ["0:a", "0:e", "0:g"])
        #expect(scenario.run(.collapseAll).isEmpty)
        #expect(scenario.run(.expandAll) == RowDiff(insertions: [1..<4, 5..<6, 7..<9]))
        #expect(scenario.run(.expandAll).isEmpty)
    }

    @Test("Insert under visible, collapsed and hidden parents, and at top level", arguments: BuiltinStrategies.names)
    func insertReply(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        // Between c's block (c, d) and e.
        #expect(scenario.run(.insert("x", under: scenario.node("b"), at: 1)) == RowDiff(insertions: [4..<5]))
        #expect(scenario.run(.insert("first", under: Tree.root, at: 0)) == RowDiff(insertions: [0..<1]))
        #expect(scenario.run(.insert("last", under: Tree.root, at: 3)) == RowDiff(insertions: [10..<11]))
        #expect(scenario.run(.insert("leafReply", under: scenario.node("last"), at: 0)) == RowDiff(insertions: [11..<12]))
        // Under a collapsed parent: no row until it is expanded.
        scenario.run(.collapse(scenario.node("f")))
        #expect(scenario.run(.insert("y", under: scenario.node("f"), at: 0)).isEmpty)
        #expect(scenario.run(.expand(scenario.node("f"))) == RowDiff(insertions: [8..<10]))
        #expect(scenario.rows.dropFirst(7).prefix(3) == ["1:f", "2:y", "2:g"])
        // Under a hidden parent.
        scenario.run(.collapse(scenario.node("a")))
        #expect(scenario.run(.insert("z", under: scenario.node("d"), at: 0)).isEmpty)
        scenario.run(.expandRecursively(scenario.node("a")))
        #expect(scenario.rows.contains("4:z"))
    }

    @Test(arguments: BuiltinStrategies.names)
    func insertRejectsDuplicateIDsAndBadPositions(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        let before = scenario.rows
        #expect(throws: Tree.InsertionError.duplicateID("c")) {
            try scenario.strategy.insert("c", under: scenario.node("a"), at: 0)
        }
        #expect(throws: Tree.InsertionError.positionOutOfRange(position: 3, childCount: 2)) {
            try scenario.strategy.insert("new", under: scenario.node("a"), at: 3)
        }
        #expect(scenario.rows == before)
        #expect(throws: Never.self) { try scenario.strategy.checkInvariants() }
    }

    @Test("Remove a subtree that contains row 0", arguments: BuiltinStrategies.names)
    func removeSubtreeWithRowZero(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.remove(scenario.node("a"))) == RowDiff(deletions: [0..<7]))
        #expect(scenario.rows == ["0:h"])
        #expect(scenario.strategy.tree.index(of: "c") == nil)
        // Ids of removed nodes are free again.
        #expect(scenario.run(.insert("c", under: Tree.root, at: 0)) == RowDiff(insertions: [0..<1]))
        #expect(scenario.run(.remove(scenario.node("h"))) == RowDiff(deletions: [1..<2]))
        #expect(scenario.run(.remove(scenario.node("c"))) == RowDiff(deletions: [0..<1]))
        #expect(scenario.strategy.rowCount == 0)
        #expect(scenario.run(.insert("again", under: Tree.root, at: 0)) == RowDiff(insertions: [0..<1]))
    }

    @Test(arguments: BuiltinStrategies.names)
    func removeVisibleAndHiddenSubtrees(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        scenario.run(.collapse(scenario.node("c")))
        // b's visible block is b c e: rows 1..<4.
        #expect(scenario.run(.remove(scenario.node("b"))) == RowDiff(deletions: [1..<4]))
        scenario.run(.collapse(scenario.node("f")))
        #expect(scenario.run(.remove(scenario.node("g"))).isEmpty)
        #expect(scenario.run(.expand(scenario.node("f"))).isEmpty)
        #expect(scenario.rows == ["0:a", "1:f", "0:h"])
    }

    @Test(arguments: BuiltinStrategies.names)
    func reloadVisibleAndHidden(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        #expect(scenario.run(.reload(scenario.node("e"))) == RowDiff(reloads: [4..<5]))
        scenario.run(.collapse(scenario.node("b")))
        #expect(scenario.run(.reload(scenario.node("e"))).isEmpty)
        #expect(scenario.run(.reload(scenario.node("b"))) == RowDiff(reloads: [1..<2]))
    }
}
