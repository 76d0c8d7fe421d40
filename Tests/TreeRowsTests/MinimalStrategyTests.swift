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

    @Test func sortWithoutMovesReloadsEveryRow() {
        var strategy = MinimalStrategy(tree: TreeNotation.tree("a(b,c),d"))
        let diff = strategy.sortSiblings(by: SiblingOrder(.time), reportingMoves: false)
        #expect(diff == .reloadingAll(rowCount: 4))
    }
}
