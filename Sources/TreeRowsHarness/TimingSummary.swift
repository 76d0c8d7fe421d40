/// Order statistics of a set of timed samples.
public struct TimingSummary: Sendable, Equatable {
    /// The number of samples.
    public var count: Int
    /// The median, in nanoseconds.
    public var medianNanoseconds: Double
    /// The 90th percentile, in nanoseconds.
    public var p90Nanoseconds: Double

    /// Summarizes `samples` (nanoseconds); `nil` when there are none.
    ///
    /// Percentiles are nearest-rank on the sorted samples.
    /// - Complexity: O(*n* log *n*).
    public init?(nanoseconds samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        func rank(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
        }
        count = sorted.count
        medianNanoseconds = sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        p90Nanoseconds = rank(0.9)
    }
}

extension Duration {
    /// The duration in nanoseconds.
    public var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
