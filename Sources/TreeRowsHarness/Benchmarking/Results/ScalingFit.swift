import Foundation

/// How a cost grows with size: the least-squares slope of log(time) over log(n).
package enum ScalingFit {
    /// The exponent *k* of time ≈ c · n^k fitted to `points` (size, nanoseconds); `nil` with
    /// fewer than two distinct sizes or a non-positive value.
    package static func exponent(_ points: [(size: Int, nanoseconds: Double)]) -> Double? {
        let usable = points.filter { $0.size > 0 && $0.nanoseconds > 0 }
        guard Set(usable.map(\.size)).count >= 2 else { return nil }
        let xs = usable.map { log(Double($0.size)) }
        let ys = usable.map { log($0.nanoseconds) }
        let meanX = xs.reduce(0, +) / Double(xs.count)
        let meanY = ys.reduce(0, +) / Double(ys.count)
        let covariance = zip(xs, ys).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        let variance = xs.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        return covariance / variance
    }
}
