import Foundation
import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// Correct strategies that are slow (Tests/TreeRowsTestSupport/Slow: a row array rebuilt on
/// every change, an accordion O(n · k), a sort O(n²), a toggle a thousand times its own
/// cost) are measured, never taken for hangs: `fuzz` keeps the time asked and finds nothing,
/// `bench` measures every cell (SLOW where a step passes the watchdog's budget) and its
/// verdict never names the reference. Release only: the default fuzz run's large tier and
/// bench's timing need it.
@Suite(.serialized, .enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseSlowStrategyTests"))
struct ReleaseSlowStrategyTests {
    static let slow = SlowStrategies.all.map { $0.name }

    @Test(arguments: slow)
    func fuzzKeepsItsTimeAndFindsNothing(_ strategy: String) async throws {
        try await TemporaryFolder.with("slow-fuzz") { folder in
            // The deadline is a bound against a run that never ends (one that waited for a slow
            // step did), not a timing: a run killed there fails the exit code below.
            let result = try await TreeRowsExecutable.run(["fuzz", "--strategies", strategy, "--time", "20", "--out", folder.path("findings")],
                                                          mutants: true, deadline: .seconds(90))
            #expect(result.exitCode == 0 && result.standardOutput.contains("no disagreement"), "\(result)")
            #expect(try folder.subfolder("findings").entries().isEmpty, "\(result)")
            // The large tier ran, on trees as large as the strategy's speed allows.
            let largest = try #require(result.standardOutput.firstMatch(of: /largest tree (\d+)/), "\(result)")
            #expect(Int(largest.1)! >= 1_000, "\(result)")
        }
    }

    @Test(arguments: slow)
    func benchMeasuresEveryCell(_ strategy: String) async throws {
        try await TemporaryFolder.with("slow-bench") { folder in
            let json = folder.path("results.json")
            // The operations where one of them is slow, and a toggle.
            let result = try await TreeRowsExecutable.run(
                ["bench", "--strategies", "reference,range-counts,\(strategy)", "--operations", "toggle-random,accordion-expand,sort-moves,load-page",
                 "--json", json], mutants: true, deadline: .seconds(600))
            #expect(result.exitCode == 0, "\(result)")
            let report = try BenchmarkReport.read(contentsOf: json)
            let cells = report.results.filter { $0.strategy == strategy }
            #expect(!cells.isEmpty && cells.allSatisfy { $0.crash == nil && $0.correct && ($0.samples > 0 || $0.isSlow) },
                    "\(cells.filter { $0.crash != nil || !$0.correct || $0.samples == 0 && !$0.isSlow }.map(\.operation)): \(result)")
            let verdict = try #require(BenchmarkVerdict(report.results))
            #expect(!verdict.lines.joined().contains(ReferenceStrategy.name), "\(verdict.lines)")
            // A SLOW cell ranks last and is said so; its strategy is no pick.
            for cell in cells where cell.isSlow {
                #expect(verdict.slow.contains { $0.strategy == strategy && $0.operation == cell.operation }, "\(verdict.lines)")
                #expect(result.standardOutput.contains("slow: \(strategy) on \(cell.operation), more than "), "\(result)")
                #expect(verdict.pick?.strategy != strategy, "\(verdict.lines)")
            }
        }
    }

    /// The row array's accordion collapses 3,287 siblings one toggle at a time, seconds an
    /// input: SLOW, with the lower bound, not CRASHED.
    @Test func aRowArrayAccordionIsSlowNotHung() async throws {
        try await TemporaryFolder.with("slow-accordion") { folder in
            let json = folder.path("results.json")
            let result = try await TreeRowsExecutable.run(
                ["bench", "--strategies", "reference,\(MinimalStrategy.name)", "--operations", "accordion-expand", "--json", json], mutants: true)
            #expect(result.exitCode == 0, "\(result)")
            let cell = try #require(try BenchmarkReport.read(contentsOf: json).results.first { $0.strategy == MinimalStrategy.name })
            #expect(cell.isSlow && cell.crash == nil && (cell.slowLowerBoundNanoseconds ?? 0) >= 2e9, "\(result)")
            #expect(result.standardOutput.contains("\(MinimalStrategy.name) is SLOW: > "), "\(result)")
        }
    }

    /// The O(n²) sort on 300,000 nodes takes tens of seconds: SLOW; the same cell of a fast strategy is measured.
    @Test func aQuadraticSortIsSlowOnALargeTree() async throws {
        try await TemporaryFolder.with("slow-sort") { folder in
            let json = folder.path("results.json")
            let result = try await TreeRowsExecutable.run(
                ["bench", "--strategies", "subtree-splice,\(SlowQuadraticSort.name)", "--operations", "sort-moves", "--sizes", "reddit:300000",
                 "--json", json], mutants: true)
            #expect(result.exitCode == 0, "\(result)")
            let cells = try BenchmarkReport.read(contentsOf: json).results
            #expect(cells.first { $0.strategy == SlowQuadraticSort.name }?.isSlow == true, "\(result)")
            #expect(cells.first { $0.strategy == "subtree-splice" }.map { $0.samples > 0 && !$0.isSlow } == true, "\(result)")
        }
    }
}
