import Foundation

extension BenchmarkComparison.Change {
    /// The change in percent, with its interval when it has one (`+12.0% [+8.1%, +16.3%]`,
    /// `+3.0% [no interval]`); `new` when the base was 0; `missing` for a wrong or crashed
    /// cell, or one a side has no figure of. What `compare` prints and its reports show.
    ///
    /// - Complexity: O(1).
    package func percentText(missing: String) -> String {
        guard ![.wrong, .crashed].contains(verdict) else { return missing }
        if let interval {
            func signed(_ ratio: Double) -> String { ratio.isFinite ? String(format: "%+.1f%%", 100 * (ratio - 1)) : "+inf" }
            return "\(signed(interval.estimate)) " + (interval.isBounded ? "[\(signed(interval.lower)), \(signed(interval.upper))]" : "[no interval]")
        }
        guard let base, let head else { return missing }
        return base == 0 ? (head == 0 ? "0%" : "new") : String(format: "%+.1f%%", 100 * (head / base - 1))
    }
}

extension BenchmarkComparison {
    /// A confidence as a percentage with the digits it needs (95%, 99.96%).
    ///
    /// - Complexity: O(1).
    package static func percentText(confidence: Double) -> String {
        var text = String(format: "%.4f", confidence * 100)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + "%"
    }
}
