import Foundation
import Testing
import TreeRows
import TreeRowsHarness

/// A long check keeps bounded timing state: a million samples spread over nine decades keep
/// at most 900 values per decade above 1 µs, and the median and p90 read from them are
/// within 0.5% of the exact ones.
@Suite struct TimingCountsTests {
    @Test(arguments: [1, 2, 3] as [UInt64]) func countsAreBoundedAndPercentilesClose(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var counts = TimingCounts()
        var samples: [Double] = []
        for _ in 0..<1_000_000 {
            // Log-uniform from 1 ns to 1 s.
            let sample = pow(10, Double(random.next() % 9_000_000) / 1_000_000)
            samples.append(sample)
            counts.record(sample)
        }
        #expect(counts.total == 1_000_000)
        #expect(counts.counts.count <= 1_000 + 900 * 6, "\(counts.counts.count) values kept")
        let exact = try #require(TimingSummary(nanoseconds: samples)), counted = try #require(TimingSummary(counts: counts))
        #expect(counted.count == exact.count)
        #expect(abs(counted.medianNanoseconds - exact.medianNanoseconds) <= max(0.5, exact.medianNanoseconds * 0.005))
        #expect(abs(counted.p90Nanoseconds - exact.p90Nanoseconds) <= max(0.5, exact.p90Nanoseconds * 0.005))
    }
}
