import Testing
import TreeRows
import TreeRowsTestSupport

/// Re-sorting siblings: stable, at every level, hidden levels included, as moves only.
@Suite struct SortTests {
    // Replies: a 3, e 5, k 0; under e: f 1, h 2; under a: b 0, c 1.
    static let thread = "a(b,c(d)),e(f(g),h(i,j)),k"

    @Test(arguments: BuiltinStrategies.names)
    func repliesDescendingIsAllMoves(strategy: String) {
        var scenario = StrategyScenario(strategy, Self.thread)
        let diff = scenario.run(.sort(SiblingOrder(.replies, descending: true)))
        #expect(scenario.rows == ["0:e", "1:h", "2:i", "2:j", "1:f", "2:g", "0:a", "1:c", "2:d", "1:b", "0:k"])
        #expect(diff.deletions.isEmpty && diff.insertions.isEmpty && diff.reloads.isEmpty)
        #expect(!diff.moves.isEmpty)
    }

    @Test("Ties keep their order, ascending and descending", arguments: BuiltinStrategies.names)
    func tiesKeepTheirOrder(strategy: String) {
        var scenario = StrategyScenario(strategy, "a,b(x),c,d(y)")
        // c moves up past b and its reply: one move.
        #expect(scenario.run(.sort(SiblingOrder(.replies))).moves.count == 1)
        #expect(scenario.rows == ["0:a", "0:c", "0:b", "1:x", "0:d", "1:y"])
        #expect(scenario.run(.sort(SiblingOrder(.replies, descending: true))).deletions.isEmpty)
        #expect(scenario.rows == ["0:b", "1:x", "0:d", "1:y", "0:a", "0:c"])
        // Sorting again by the same order changes nothing.
        #expect(scenario.run(.sort(SiblingOrder(.replies, descending: true))).isEmpty)
    }

    @Test("Hidden replies are sorted too", arguments: BuiltinStrategies.names)
    func hiddenLevelsAreSorted(strategy: String) {
        var scenario = StrategyScenario(strategy, "a-(b,c(d,e))")
        scenario.run(.sort(SiblingOrder(.replies, descending: true)))
        #expect(scenario.rows == ["0:a"])
        scenario.run(.expand(scenario.node("a")))
        #expect(scenario.rows == ["0:a", "1:c", "2:d", "2:e", "1:b"])
    }

    @Test("The reload form reloads every row and leaves the same rows", arguments: BuiltinStrategies.names)
    func reloadForm(strategy: String) throws {
        let tree = TreeNotation.tree(Self.thread)
        var strategyState = try #require(BuiltinStrategies.named(strategy)).init(tree: tree)
        var reference = ReferenceStrategy(tree: tree)
        let order = SiblingOrder(.replies, descending: true)
        #expect(strategyState.sortSiblings(by: order, reportingMoves: false) == RowDiff(reloads: [0..<11]))
        let oldRows = reference.rows
        _ = reference.sortSiblings(by: order)
        #expect(strategyState.rows == reference.rows)
        try strategyState.checkInvariants()
        // Reloading every row is reloadData: applied to the old rows, it gives the new ones,
        // in sections too (a reloaded section's rows are not reloaded a second time).
        let newRows = reference.rows
        let diff = RowDiff.reloadingAll(rowCount: newRows.count)
        #expect(try diff.apply(to: oldRows, rowCountAfter: newRows.count) { newRows[$0] } == newRows)
        let before = SectionLayout(rows: oldRows), after = SectionLayout(rows: newRows)
        let sectioned = SectionedDiff(flat: diff, before: before, after: after)
        #expect(sectioned.reloadedRows.isEmpty && sectioned.reloadedSections == Array(0..<before.sectionCount))
        let newSections = ListSection<Row>.sections(of: newRows)
        #expect(try sectioned.apply(to: ListSection<Row>.sections(of: oldRows), rowCountsAfter: after.rowCounts,
                                    insertedSection: { newSections[$0] }, insertedRow: { newSections[$0.section].rows[$0.row] }) == newSections)
    }

    @Test("Missing times sort below every time")
    func missingFieldsSortFirstAscending() throws {
        var tree = Tree()
        try tree.append("x", under: Tree.root, time: 30, score: 5)
        try tree.append("y", under: Tree.root)
        try tree.append("z", under: Tree.root, time: 10, score: 5)
        func order(_ tree: Tree) -> [String] { tree.children(of: Tree.root).map { tree.id(of: $0).description } }
        tree.sortSiblings(by: SiblingOrder(.time))
        #expect(order(tree) == ["y", "z", "x"])
        tree.sortSiblings(by: SiblingOrder(.time, descending: true))
        #expect(order(tree) == ["x", "z", "y"])
        // Equal scores keep the current order: x before z.
        tree.sortSiblings(by: SiblingOrder(.score, descending: true))
        #expect(order(tree) == ["x", "z", "y"])
        try tree.checkInvariants()
    }

    @Test func ordersParse() {
        #expect(SiblingOrder("score-desc") == SiblingOrder(.score, descending: true))
        #expect(SiblingOrder("time") == SiblingOrder(.time))
        #expect(SiblingOrder("replies-asc") == SiblingOrder(.replies))
        #expect(SiblingOrder("likes") == nil)
        #expect(SiblingOrder.all.map(\.description) == ["time", "time-desc", "score", "score-desc", "replies", "replies-desc"])
    }
}
