/// Timed samples kept as a count per value, each value rounded to three significant
/// digits (whole nanoseconds below 1 µs): the memory is bounded by the number of distinct
/// rounded values (at most 900 per decade), however many samples a long run records, and a
/// percentile read from it is within 0.5% of the exact one.
public struct TimingCounts: Sendable, Equatable, Codable {
    /// Samples per rounded value, in nanoseconds.
    public private(set) var counts: [Int64: Int] = [:]
    /// The number of samples.
    public private(set) var total = 0

    package init() {}

    /// Records one sample.
    ///
    /// - Complexity: O(1) expected.
    package mutating func record(_ nanoseconds: Double) {
        record(Self.rounded(nanoseconds), count: 1)
    }

    /// Records `count` samples of the rounded value `value`.
    ///
    /// - Complexity: O(1) expected.
    package mutating func record(_ value: Int64, count: Int) {
        guard count > 0 else { return }
        counts[value, default: 0] += count
        total += count
    }

    /// `nanoseconds` as kept: a whole number below 1,000, otherwise three significant
    /// digits; negative and not-a-number values as 0, values past 10^18 as 10^18.
    ///
    /// - Complexity: O(1).
    static func rounded(_ nanoseconds: Double) -> Int64 {
        guard nanoseconds > 0 else { return 0 }
        let value = min(nanoseconds, 1e18)
        guard value >= 999.5 else { return Int64(value.rounded()) }
        var scale: Int64 = 1
        while value / Double(scale) >= 999.5 { scale *= 10 }
        return Int64((value / Double(scale)).rounded()) * scale
    }

    /// The kept values in ascending order, each repeated by its count, read lazily.
    ///
    /// - Complexity: O(*b* log *b*) for *b* distinct values, then O(1) per value read.
    var ascending: [(value: Int64, count: Int)] {
        counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
