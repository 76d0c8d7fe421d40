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
    package init?(nanoseconds samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        medianNanoseconds = Self.median(ofSorted: sorted)
        p90Nanoseconds = sorted[Self.nearestRank(0.9, count: sorted.count)]
    }

    /// The 0-based index of the nearest-rank `fraction` percentile (0.9 for p90) among
    /// `count` sorted samples, `count` at least 1.
    ///
    /// - Complexity: O(1).
    static func nearestRank(_ fraction: Double, count: Int) -> Int {
        min(count - 1, max(0, Int((fraction * Double(count)).rounded(.up)) - 1))
    }

    /// The median of `sorted` (the mean of the middle two of an even count), which is not empty.
    ///
    /// - Complexity: O(1).
    static func median(ofSorted sorted: [Double]) -> Double {
        sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

extension TimingSummary {
    /// Summarizes counted samples as `init(nanoseconds:)` summarizes samples, on their
    /// rounded values; `nil` when there are none.
    ///
    /// - Complexity: O(*b* log *b*) for *b* distinct rounded values.
    public init?(counts: TimingCounts) {
        guard counts.total > 0 else { return nil }
        let ascending = counts.ascending
        // The value of the sample at 0-based rank `rank`.
        func value(at rank: Int) -> Double {
            var seen = 0
            for (value, count) in ascending {
                seen += count
                if rank < seen { return Double(value) }
            }
            return Double(ascending.last!.value)
        }
        let total = counts.total
        count = total
        medianNanoseconds = total % 2 == 1 ? value(at: total / 2) : (value(at: total / 2 - 1) + value(at: total / 2)) / 2
        p90Nanoseconds = value(at: Self.nearestRank(0.9, count: total))
    }
}

extension Duration {
    /// The duration in nanoseconds.
    package var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
