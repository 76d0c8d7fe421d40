import Testing
import TreeRows
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// The fixture another runner times: `bench`'s inputs for the operation, checked before any
/// sample, performed a batch at a time, restarted when used up.
@Suite struct BenchmarkFixtureTests {
    static let tree = TreeShapes.random(600, seed: 31, collapsedPercent: 15)

    /// Every operation on a count strategy and the B-tree: made and checked against the
    /// reference, then performed past its inputs, restarting at least twice.
    @Test(arguments: BenchmarkWorkload.allCases)
    func everyOperationRunsPastItsInputs(_ operation: BenchmarkWorkload) throws {
        for strategy in [RangeCountsStrategy.self, PreorderBTreeStrategy.self] as [any RowStrategy.Type] {
            var fixture = try BenchmarkFixture(operation, strategy: strategy, tree: Self.tree, samples: 6)
            var restarts = 0
            for _ in 0..<20 {
                if fixture.needsRestart {
                    fixture.restart()
                    restarts += 1
                }
                fixture.prepare()
                _ = fixture.performSample()
            }
            #expect(restarts >= 2, "\(operation) on \(strategy.name): \(restarts) restarts")
        }
    }

    /// The inputs are `bench`'s: the same stream from the same seed.
    @Test func theInputsAreTheBenchs() throws {
        let fixture = try BenchmarkFixture(.insertReply, strategy: RangeCountsStrategy.self, tree: Self.tree, samples: 10, seed: 9)
        let rows = ReferenceStrategy.walk(Self.tree)
        let drawn = BenchmarkCellInputs(.insertReply, tree: Self.tree, rowCount: rows.count, totalHeight: 0, count: 12 * BenchmarkWorkload.insertReply.body.batch,
                                      seed: BenchmarkRunner.seed(9, .insertReply)).inputs
        #expect(fixture.inputDescriptions == drawn.map(\.description))
    }

    /// A strategy whose toggle reports no change is refused before any sample, saying where.
    @Test func aWrongStrategyIsRefusedBeforeTiming() {
        do {
            _ = try BenchmarkFixture(.toggleRandom, strategy: BenchmarkCheckTests.SilentToggle.self, tree: Self.tree, samples: 4)
            Issue.record("a wrong strategy was accepted")
        } catch {
            #expect(error.disagreement != nil && error.step.hasPrefix("input ") && "\(error)".contains("silent-toggle on toggle-random is wrong at input"),
                    "\(error)")
        }
    }

    /// A thread's own pages reach load-page's inputs, as in `bench`.
    @Test func loadPageLoadsAtTheThreadsPages() throws {
        var tree = Self.tree
        let more = try tree.append("more-x", under: tree.nodes[5])
        let fixture = try BenchmarkFixture(.loadPage, strategy: PreorderBTreeStrategy.self, tree: tree, samples: 8, loadMoreRows: ["more-x"])
        #expect(fixture.inputDescriptions.allSatisfy { $0.hasSuffix("before \(more)") }, "\(fixture.inputDescriptions.prefix(3))")
    }

    /// A sample that finds the inputs used up restarts first instead of reading past them.
    @Test func aSampleAfterTheLastInputRestarts() throws {
        var automatic = try BenchmarkFixture(.removeSubtree, strategy: RangeCountsStrategy.self, tree: Self.tree, samples: 2)
        var explicit = automatic
        var (restarting, restarted): ([Int], [Int]) = ([], [])
        for _ in 0..<10 {
            restarting.append(automatic.performSample())
            if explicit.needsRestart { explicit.restart() }
            restarted.append(explicit.performSample())
        }
        #expect(restarting == restarted, "\(restarting) \(restarted)")
    }

    /// A tree that gives too few inputs for one sample is refused, not run out of range.
    @Test func tooFewInputsAreRefused() throws {
        var empty = Tree()
        _ = try empty.append("only", under: Tree.root)
        do {
            _ = try BenchmarkFixture(.removeSubtree, strategy: RangeCountsStrategy.self, tree: empty, samples: 4)
            Issue.record("one node gave enough removals")
        } catch {
            #expect(error.disagreement == nil && "\(error)".contains("it needs 3 inputs, and the tree gives 1. Fix:"), "\(error)")
        }
    }
}
