/// A cell's timed samples as taken, kept so that a comparison can test them afterwards.
///
/// A sample times ``batch`` consecutive inputs and records the time per operation: a batch
/// long enough that the clock's own cost (about 40 ns a reading on Linux, 41.7 ns ticks on
/// Apple silicon) and resolution vanish, so the median resolves a fast operation to well
/// under 1%. A batch averages its inputs, so where an operation's unit is one input, the
/// runner times one input alone between batched samples: ``singleNanoseconds`` (less the
/// clock's own cost), from which the tails (p90, p99) of single operations come. Otherwise
/// (queries, timed 64 a sample; slow operations, one) the tails come from the samples.
public struct BenchmarkSamples: Sendable, Equatable, Codable {
    /// Inputs per timed sample of ``nanoseconds``.
    public var batch: Int
    /// Time per operation of every timed sample, in the order taken, in nanoseconds.
    public var nanoseconds: [Double]
    /// Time of single inputs, each taken after a batched sample, less the clock's own cost, in
    /// nanoseconds; empty when the tails come from ``nanoseconds``.
    public var singleNanoseconds: [Double]

    public init(batch: Int, nanoseconds: [Double], singleNanoseconds: [Double] = []) {
        self.batch = batch
        self.nanoseconds = nanoseconds
        self.singleNanoseconds = singleNanoseconds
    }

    /// The samples the tails come from: the single inputs, or the samples themselves when
    /// there are none.
    package var tailSamples: [Double] { singleNanoseconds.isEmpty ? nanoseconds : singleNanoseconds }

    /// The median of ``nanoseconds`` (the mean of the middle two of an even count); 0 for none.
    ///
    /// - Complexity: O(*s* log *s*) for *s* samples.
    public var median: Double { Self.median(of: nanoseconds) }

    /// The `fraction` percentile (0.9 for p90) of the tail samples, nearest rank; 0 for none.
    ///
    /// - Complexity: O(*s* log *s*) for *s* samples.
    public func tail(_ fraction: Double) -> Double {
        let sorted = tailSamples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[TimingSummary.nearestRank(fraction, count: sorted.count)]
    }

    /// The median of `values`; 0 for none.
    ///
    /// - Complexity: O(*s* log *s*) for *s* values.
    static func median(of values: [Double]) -> Double {
        values.isEmpty ? 0 : TimingSummary.median(ofSorted: values.sorted())
    }
}
