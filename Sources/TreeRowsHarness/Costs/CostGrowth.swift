import Foundation

/// How a cost grows along a shape family: the cost at each size, and the exponent *k* of
/// cost ≈ c · n^k fitted by least squares on the logarithms, with its 90% interval.
package struct CostGrowth: Codable, Sendable, Equatable {
    /// The sizes measured, in nodes, ascending.
    package var sizes: [Int]
    /// Nanoseconds per step at each size (a lower bound where ``lowerBounds`` says so).
    package var nanoseconds: [Double]
    /// Whether the cost at each size is a lower bound (its step ran past its budget).
    package var lowerBounds: [Bool]
    package var exponent: Double
    /// The 90% interval of the exponent (Student's t on the fit's residuals; with two sizes,
    /// the exponent itself).
    package var low: Double
    package var high: Double

    /// Fits `nanoseconds` at `sizes`.
    ///
    /// - Returns: `nil` with fewer than two distinct sizes or a cost that is not positive.
    /// - Complexity: O(*s*) for *s* sizes.
    /// A cost that is only a lower bound (its step ran past its budget) is left out of the
    /// fit when the exact ones span two decades in three sizes or more: it can only steepen
    /// the growth, and the residual of a bound would widen the interval for nothing.
    package init?(sizes: [Int], nanoseconds: [Double], lowerBounds: [Bool]? = nil) {
        guard sizes.count == nanoseconds.count, Set(sizes).count >= 2, !nanoseconds.contains(where: { !($0 > 0) }) else { return nil }
        let bounds = lowerBounds ?? sizes.map { _ in false }
        let exact = sizes.indices.filter { !bounds[$0] }
        let fitted = exact.count >= 3 && sizes[exact.last!] >= 100 * sizes[exact.first!] ? exact : Array(sizes.indices)
        let xs = fitted.map { log(Double(sizes[$0])) }, ys = fitted.map { log(nanoseconds[$0]) }
        let count = Double(xs.count)
        let meanX = xs.reduce(0, +) / count, meanY = ys.reduce(0, +) / count
        let sxx = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        let slope = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) } / sxx
        var spread = 0.0
        if xs.count > 2 {
            let residuals = zip(xs, ys).reduce(0) { sum, point in
                let residual = point.1 - (meanY + slope * (point.0 - meanX))
                return sum + residual * residual
            }
            let standardError = (residuals / (count - 2) / sxx).squareRoot()
            spread = Self.studentT90[min(Self.studentT90.count, xs.count - 2) - 1] * standardError
        }
        self.sizes = sizes
        self.nanoseconds = nanoseconds
        self.lowerBounds = bounds
        exponent = slope
        low = slope - spread
        high = slope + spread
    }

    /// Two-sided 90% quantiles of Student's t for 1, 2, … degrees of freedom (the last for
    /// more).
    static let studentT90 = [6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812]

    /// The exponent of `bound`'s values at the same sizes: what the declaration lets the
    /// cost grow by.
    ///
    /// - Complexity: O(*s*).
    package static func exponent(of values: [Double], at sizes: [Int]) -> Double? {
        CostGrowth(sizes: sizes, nanoseconds: values.map { max($0, 1) }).map(\.exponent)
    }
}
