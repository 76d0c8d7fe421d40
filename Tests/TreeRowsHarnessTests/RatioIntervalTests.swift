import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
@testable import TreeRowsHarness

/// The time verdict's statistics on synthetic samples whose answer is known: the intervals
/// hold their confidence over a whole comparison, a planted slowdown is found, noise is
/// called noise.
@Suite struct RatioIntervalTests {
    /// `count` samples of `median` nanoseconds times a log-normal factor of spread `sigma`.
    static func samples(_ count: Int, median: Double, sigma: Double, random: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in
            // Box-Muller: two uniform draws in (0, 1] give one standard normal draw.
            let u = Double(random.next() >> 11 + 1) / 9_007_199_254_740_992, v = Double(random.next() >> 11) / 9_007_199_254_740_992
            return median * exp(sigma * (-2 * log(u)).squareRoot() * cos(2 * .pi * v))
        }
    }

    /// A report of `cells` toggle cells whose samples come from `draw`.
    /// Each sample stands for a run (a median of its own process), as in a report that
    /// combines separate runs.
    static func report(cells: Int, _ draw: (Int) -> [Double]) -> BenchmarkReport {
        BenchmarkReport(machine: [("rounds", .integer(1_000))], results: (0..<cells).map { cell in
            var result = BenchmarkTests.result("s\(cell)")
            let samples = draw(cell)
            result.distribution = BenchmarkSamples(batch: 16, nanoseconds: samples)
            result.medianNanoseconds = BenchmarkSamples.median(of: samples)
            return result
        }, exponents: [])
    }

    @Test func normalQuantiles() {
        #expect(abs(RatioInterval.normalQuantile(0.975) - 1.959964) < 1e-6)
        #expect(abs(RatioInterval.normalQuantile(0.5)) < 1e-9)
        #expect(abs(RatioInterval.normalQuantile(1 - 0.05 / 126 / 2) - 3.5412) < 1e-3)
    }

    @Test func aKnownRatioIsEstimatedAndHeld() throws {
        var random = SplitMix64(seed: 11)
        let base = Self.samples(200, median: 100, sigma: 0.1, random: &random)
        let head = Self.samples(200, median: 125, sigma: 0.1, random: &random)
        let interval = try #require(RatioInterval(base: base, head: head, confidence: 0.99))
        #expect(interval.isBounded && interval.lower < 1.25 && 1.25 < interval.upper, "\(interval)")
        #expect(abs(interval.estimate - 1.25) < 0.03 && interval.lower > 1.18 && interval.upper < 1.32, "\(interval)")
        // Two samples a side cannot give a 99% interval.
        let tiny = try #require(RatioInterval(base: [1, 2], head: [3, 4], confidence: 0.99))
        #expect(!tiny.isBounded)
        #expect(RatioInterval(base: [], head: [1], confidence: 0.95) == nil)
    }

    /// A/A: 60 comparisons of 126 cells, every cell's samples from one distribution. At a 0%
    /// threshold any interval that misses a ratio of 1 is a false verdict; the confidence
    /// of 95% for the whole comparison allows about 3 of 60 comparisons with one (at each
    /// cell's own 95%, about 6 cells of every comparison would have one).
    @Test func theConfidenceHoldsForTheWholeComparison() {
        var random = SplitMix64(seed: 3)
        var falseComparisons = 0
        var falseCells = 0
        for _ in 0..<60 {
            let base = Self.report(cells: 126) { cell in Self.samples(30, median: 50 + Double(cell), sigma: 0.3, random: &random) }
            let head = Self.report(cells: 126) { cell in Self.samples(30, median: 50 + Double(cell), sigma: 0.3, random: &random) }
            let comparison = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0)
            #expect(comparison.intervalCount == 126 && abs(comparison.cellConfidence - (1 - 0.05 / 126)) < 1e-12)
            let wrong = comparison.changes.filter { $0.verdict != .withinNoise }.count
            falseCells += wrong
            if wrong > 0 { falseComparisons += 1 }
        }
        #expect(falseComparisons <= 6, "\(falseComparisons) of 60 A/A comparisons had a false verdict (\(falseCells) cells)")
    }

    /// A planted slowdown in one cell of 12: 25% and 10% are regressions at a 5% threshold
    /// in 20 of 20 comparisons; 3% is never an improvement nor a regression; the other cells
    /// stay within noise.
    @Test(arguments: [(1.25, BenchmarkComparison.Change.Verdict.regression), (1.10, .regression), (1.03, .withinNoise)])
    func aPlantedSlowdownIsFound(_ factor: Double, _ expected: BenchmarkComparison.Change.Verdict) {
        var random = SplitMix64(seed: UInt64(factor * 1000))
        for _ in 0..<20 {
            let base = Self.report(cells: 12) { _ in Self.samples(100, median: 100, sigma: 0.05, random: &random) }
            let head = Self.report(cells: 12) { cell in Self.samples(100, median: cell == 0 ? 100 * factor : 100, sigma: 0.05, random: &random) }
            let comparison = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0.05)
            #expect(comparison.changes[0].verdict == expected, "\(comparison.changes[0])")
            #expect(comparison.changes.dropFirst().allSatisfy { $0.verdict == .withinNoise })
        }
    }

    @Test func cellsWithoutSamplesCompareTheirMediansAlone() {
        let base = BenchmarkReport(machine: [("rounds", .integer(10))], results: [BenchmarkTests.result("a", median: 100)], exponents: [])
        var sampled = BenchmarkTests.result("a", median: 130)
        sampled.distribution = BenchmarkSamples(batch: 16, nanoseconds: [130, 131, 129])
        let head = BenchmarkReport(machine: [("rounds", .integer(10))], results: [sampled], exponents: [])
        let comparison = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0.1)
        #expect(comparison.intervalCount == 0 && comparison.changes.first?.verdict == .regression)
        #expect(comparison.changes.first?.note == "no samples kept: medians alone")
        #expect(base.lacking != nil && head.lacking == nil)
    }

    /// One run a side: a process's samples are not independent draws, so however far apart
    /// the two runs' samples lie, no cell's time is tested or called a change; with two or
    /// more runs a side (or a header that claims runs but keeps more samples than it has
    /// runs: one run's file) the same samples are tested.
    @Test func oneRunASideTestsNoTime() {
        var random = SplitMix64(seed: 11)
        var base = Self.report(cells: 4) { _ in Self.samples(100, median: 100, sigma: 0.05, random: &random) }
        var head = Self.report(cells: 4) { _ in Self.samples(100, median: 150, sigma: 0.05, random: &random) }
        let combined = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0.1)
        #expect(combined.timeTested && combined.changes.allSatisfy { $0.verdict == .regression })
        for (runs, tested) in [(nil, false), (1, false), (50, false), (100, true)] as [(Int?, Bool)] {
            base.machine = runs.map { [("rounds", .integer($0))] } ?? []
            head.machine = base.machine
            let comparison = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0.1)
            #expect(comparison.timeTested == tested && comparison.runs == (tested ? 100 : 1, tested ? 100 : 1), "rounds \(String(describing: runs))")
            #expect(comparison.notTestedCount == (tested ? 0 : 4) && comparison.intervalCount == (tested ? 4 : 0))
            #expect(comparison.hasRegression == tested, "a not-tested cell is no regression")
            #expect(comparison.runsNeeded == RatioInterval.smallestBoundedSide(confidence: 1 - 0.05 / 4))
        }
        // Allocations repeat exactly: one run a side compares them.
        #expect(BenchmarkComparison(base: base, head: head, metric: .allocations, threshold: 0.1).timeTested)
    }
}
