import Foundation
import TreeRows

extension SplitMix64 {
    /// A log-uniform integer in `low...high` (both at least 1): every factor of 10 in the
    /// range is as likely as any other.
    ///
    /// - Complexity: O(1).
    mutating func logUniform(_ low: Int, _ high: Int) -> Int {
        let fraction = Double(below(1 << 20)) / Double(1 << 20)
        return min(high, max(low, Int((Double(low) * pow(Double(high) / Double(low), fraction)).rounded())))
    }

    /// A uniform element of `elements`, or `nil` when there is none (by ``below(_:)`` alone,
    /// so the same seed picks the same element on every platform and Swift version).
    ///
    /// - Complexity: O(1).
    mutating func element<C: RandomAccessCollection>(of elements: C) -> C.Element? {
        elements.isEmpty ? nil : elements[elements.index(elements.startIndex, offsetBy: below(elements.count))]
    }
}

extension String {
    /// A hash of the text that is the same in every process and on every machine (FNV-1a of
    /// its UTF-8), unlike `hashValue`: what a seed is mixed with.
    ///
    /// - Complexity: O(*c*) for *c* bytes.
    var stableHash: UInt64 {
        utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0100_0000_01B3 }
    }
}
