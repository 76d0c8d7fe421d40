#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much slower or faster one set of timed samples is than another, as a ratio with a
/// confidence interval, assuming nothing of the times' distribution.
///
/// The change is taken as a shift of the logarithms (a strategy that became 10% slower
/// takes 1.1 times as long on every input): the estimate is the Hodges–Lehmann estimator,
/// the median of every difference `log(head) - log(base)`, and the interval is the one
/// that inverts the Mann–Whitney U (Wilcoxon rank-sum) test, whose bounds are order
/// statistics of those same differences (Moses). The critical value comes from the normal
/// approximation of U, without a correction for ties, which only widens the interval.
/// Both sides' samples are taken to be independent draws, each side from one
/// distribution: drift during a run breaks that, which is why a gate measures base and head
/// in rounds that take turns (and compares them in pairs, see `init(pairedBase:head:confidence:)`).
public struct RatioInterval: Sendable, Equatable {
    /// The estimated ratio head / base.
    public var estimate: Double
    /// The interval's lower bound on the ratio; 0 when the samples are too few for the
    /// confidence asked.
    public var lower: Double
    /// The interval's upper bound on the ratio; infinity when the samples are too few.
    public var upper: Double

    /// The largest number of samples a side keeps for the interval: beyond it, evenly spaced
    /// order statistics stand for the rest (fewer samples only widen the interval).
    static let largestSide = 2_000

    /// The ratio of `head` to `base` with its interval at `confidence` (0.95 for 95%);
    /// `nil` when a side has no samples.
    ///
    /// - Parameters:
    ///   - base: The base's samples (nanoseconds per operation; 0 is taken as 0.001 ns).
    ///   - head: The head's samples.
    ///   - confidence: The chance that the interval holds the true ratio, above 0 and below 1.
    /// - Complexity: O(*n* *m* log(*n* *m*)) for *n* and *m* samples, each side at most 2,000.
    public init?(base: [Double], head: [Double], confidence: Double) {
        guard !base.isEmpty, !head.isEmpty else { return nil }
        let x = Self.thinned(base).map { log(max($0, 0.001)) }, y = Self.thinned(head).map { log(max($0, 0.001)) }
        var differences: [Double] = []
        differences.reserveCapacity(x.count * y.count)
        for after in y { for before in x { differences.append(after - before) } }
        differences.sort()
        let pairs = differences.count
        let middle = pairs % 2 == 1 ? differences[pairs / 2] : (differences[pairs / 2 - 1] + differences[pairs / 2]) / 2
        estimate = exp(middle)
        // U's mean and standard deviation under no change; the bounds leave `excluded` pairs
        // out on each side.
        let n = Double(x.count), m = Double(y.count)
        let z = Self.normalQuantile(1 - (1 - confidence) / 2)
        let excluded = Int((n * m / 2 - z * (n * m * (n + m + 1) / 12).squareRoot()).rounded(.down))
        if excluded >= 0 && excluded < pairs / 2 {
            lower = exp(differences[excluded])
            upper = exp(differences[pairs - 1 - excluded])
        } else {
            lower = 0
            upper = .infinity
        }
    }

    /// An interval of known bounds, for tests and reports.
    public init(estimate: Double, lower: Double, upper: Double) {
        self.estimate = estimate
        self.lower = lower
        self.upper = upper
    }

    /// The fewest samples a side (both sides alike) that bound an interval at `confidence`.
    ///
    /// - Complexity: O(*n*) for the answer *n*.
    package static func smallestBoundedSide(confidence: Double) -> Int {
        let z = normalQuantile(1 - (1 - confidence) / 2)
        var n = 1
        while n < largestSide {
            let size = Double(n)
            let excluded = Int((size * size / 2 - z * (size * size * (2 * size + 1) / 12).squareRoot()).rounded(.down))
            if excluded >= 0 && excluded < n * n / 2 { return n }
            n += 1
        }
        return n
    }

    /// Whether the samples were enough for an interval at the confidence asked.
    public var isBounded: Bool { lower > 0 && upper.isFinite }

    /// At most `count` values (``largestSide`` unless given) standing for `values`: the
    /// values themselves, or evenly spaced order statistics of them.
    ///
    /// - Complexity: O(*n* log *n*).
    static func thinned(_ values: [Double], to count: Int = largestSide) -> [Double] {
        guard values.count > count else { return values }
        let sorted = values.sorted()
        return (0..<count).map { sorted[$0 * (sorted.count - 1) / (count - 1)] }
    }

    /// The standard normal distribution's `p` quantile, for `p` strictly between 0 and 1:
    /// the `z` with Φ(`z`) = `p`, found by bisection on `erfc` to 1e-12.
    ///
    /// - Complexity: O(1) (about 60 steps).
    static func normalQuantile(_ p: Double) -> Double {
        let p = min(max(p, 1e-300), 1 - 1e-16)
        var low = -40.0, high = 40.0
        while high - low > 1e-12 {
            let mid = (low + high) / 2
            // Φ(z) = erfc(-z / √2) / 2
            if erfc(-mid / 2.0.squareRoot()) / 2 < p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
