import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// A strategy that writes only what ``RowStrategy`` requires gets every other operation
/// from the defaults, and they agree with the reference under the fuzzer.
@Suite struct MinimalStrategyTests {
    @Test func defaultsPassTheFuzzer() {
        let configuration = Fuzzer.Configuration(seed: 3, operations: 6_000, timeLimit: nil, largeShare: 0)
        let outcome = Fuzzer(configuration: configuration, strategies: [MinimalStrategy.self]).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0.disagreement)" } ?? "")")
        for kind in OperationKind.allCases {
            let exercised = outcome.coverage.counts.contains { $0.key.hasPrefix(kind.rawValue + " · ") && $0.value > 0 }
            #expect(exercised, "\(kind) was never exercised")
        }
    }

    /// The other first strategy: ``RowStrategy/setExpanded(_:_:)`` written in place of
    /// ``RowStrategy/toggle(_:)``, which then comes from the defaults with expand and collapse.
    struct FlagOnly: RowStrategy {
        static let name = "minimal-flag"
        private var base: MinimalStrategy
        var tree: Tree { base.tree }
        init(tree: Tree) { base = MinimalStrategy(tree: tree) }
        var rowCount: Int { base.rowCount }
        func row(at index: Int) -> Row { base.row(at: index) }
        func index(of node: NodeIndex) -> Int? { base.index(of: node) }
        mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
            tree.isExpanded(node) == isExpanded ? .empty : base.toggle(node)
        }
        mutating func remove(_ node: NodeIndex) -> RowDiff { base.remove(node) }
        mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?) throws(Tree.InsertionError) -> RowDiff {
            try base.insert(id, under: parent, at: position, time: time, score: score)
        }
    }

    @Test func setExpandedAloneIsEnoughToo() {
        let configuration = Fuzzer.Configuration(seed: 4, operations: 3_000, timeLimit: nil, largeShare: 0)
        let outcome = Fuzzer(configuration: configuration, strategies: [FlagOnly.self]).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0.disagreement)" } ?? "")")
        var strategy = FlagOnly(tree: TreeNotation.tree("a(b,c),d"))
        let a = strategy.tree.nodes[0]
        #expect(strategy.toggle(a).deletedCount == 2 && strategy.collapse(a) == .empty && strategy.expand(a).insertedCount == 2)
    }

    @Test func sortWithoutMovesReloadsEveryRow() {
        var strategy = MinimalStrategy(tree: TreeNotation.tree("a(b,c),d"))
        let diff = strategy.sortSiblings(by: SiblingOrder(.time), reportingMoves: false)
        #expect(diff == .reloadingAll(rowCount: 4))
    }
}
