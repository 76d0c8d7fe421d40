import Foundation
import Testing
import TreeRows
@testable import TreeRowsHarness

/// The paired verdict (`gate`'s rounds, the two sides taking turns) on synthetic rounds whose
/// answer is known: each round's machine state slows both sides alike, by a factor the
/// rounds do not share, as on the shared VM.
@Suite struct PairedRatioIntervalTests {
    /// `rounds` pairs of round medians: a round is fast (1) or slow (1.6) for both sides
    /// alike, times a small noise of its own on each side (log-normal, `sigma`); the head is
    /// `change` times the base.
    static func rounds(_ rounds: Int, median: Double, change: Double, sigma: Double,
                       random: inout SplitMix64) -> (base: [Double], head: [Double]) {
        var base: [Double] = [], head: [Double] = []
        for _ in 0..<rounds {
            let spell = random.next() % 2 == 0 ? 1.0 : 1.6
            base.append(median * spell * RatioIntervalTests.samples(1, median: 1, sigma: sigma, random: &random)[0])
            head.append(median * spell * change * RatioIntervalTests.samples(1, median: 1, sigma: sigma, random: &random)[0])
        }
        return (base, head)
    }

    /// The exact signed-rank distribution gives the textbook critical values, and the fewest
    /// pairs that bound an interval.
    @Test func criticalValuesAreTheTextbooks() {
        // Two-sided 5%: n = 20 → 52, n = 10 → 8, n = 6 → 0 (Wilcoxon's table).
        #expect(RatioInterval.signedRankCut(pairs: 20, confidence: 0.95) == 52)
        #expect(RatioInterval.signedRankCut(pairs: 10, confidence: 0.95) == 8)
        #expect(RatioInterval.signedRankCut(pairs: 6, confidence: 0.95) == 0)
        #expect(RatioInterval.signedRankCut(pairs: 5, confidence: 0.95) == nil)
        #expect(RatioInterval.smallestBoundedPairs(confidence: 0.95) == 6)
        // 126 cells at 95% for the whole comparison: 13 rounds.
        #expect(RatioInterval.smallestBoundedPairs(confidence: 1 - 0.05 / 126) == 13)
        #expect(abs(RatioInterval.signedRankDistribution(pairs: 12).reduce(0, +) - 1) < 1e-12)
    }

    /// Rounds whose spells differ by 60%: the paired interval holds the true ratio of 1.1
    /// within 5%, at most half as wide as a test on the same rounds as samples.
    @Test func pairsSeeThroughTheRoundsSpells() throws {
        var random = SplitMix64(seed: 5)
        let (base, head) = Self.rounds(20, median: 200, change: 1.1, sigma: 0.02, random: &random)
        let paired = try #require(RatioInterval(pairedBase: base, head: head, confidence: 0.99))
        #expect(paired.isBounded && paired.lower > 1.05 && paired.lower < 1.1 && 1.1 < paired.upper && paired.upper < 1.15, "\(paired)")
        let unpaired = try #require(RatioInterval(base: base, head: head, confidence: 0.99))
        #expect(unpaired.upper - unpaired.lower > 2 * (paired.upper - paired.lower), "\(unpaired) \(paired)")
        #expect(RatioInterval(pairedBase: [1, 2], head: [1], confidence: 0.95) == nil)
        #expect(try #require(RatioInterval(pairedBase: [1, 2, 3], head: [2, 4, 6], confidence: 0.95)).isBounded == false)
    }

    /// A/A over whole comparisons of 126 paired cells of 20 rounds: at a 0% threshold, at most
    /// about 5% of comparisons hold any false verdict. A planted 10% in one cell of 12 is
    /// found at a 5% threshold in 20 of 20.
    @Test func theConfidenceHoldsAndASlowdownIsFound() {
        var random = SplitMix64(seed: 9)
        func report(_ samples: [[Double]]) -> BenchmarkReport {
            var report = RatioIntervalTests.report(cells: samples.count) { samples[$0] }
            report.machine = [("rounds", .integer(samples[0].count)), (BenchmarkReport.pairingKey, .string("gate 1"))]
            return report
        }
        var falseComparisons = 0
        for _ in 0..<40 {
            let cells = (0..<126).map { cell in Self.rounds(20, median: 50 + Double(cell), change: 1, sigma: 0.05, random: &random) }
            let comparison = BenchmarkComparison(base: report(cells.map(\.base)), head: report(cells.map(\.head)), metric: .median, threshold: 0)
            #expect(comparison.paired)
            if comparison.changes.contains(where: { $0.verdict != .withinNoise }) { falseComparisons += 1 }
        }
        #expect(falseComparisons <= 4, "\(falseComparisons) of 40")
        var found = 0
        for _ in 0..<20 {
            let cells = (0..<12).map { cell in Self.rounds(20, median: 200, change: cell == 0 ? 1.1 : 1, sigma: 0.02, random: &random) }
            let comparison = BenchmarkComparison(base: report(cells.map(\.base)), head: report(cells.map(\.head)), metric: .median, threshold: 0.05)
            if comparison.changes[0].verdict == .regression && comparison.changes.dropFirst().allSatisfy({ $0.verdict == .withinNoise }) { found += 1 }
        }
        #expect(found == 20, "\(found) of 20")
    }
}
