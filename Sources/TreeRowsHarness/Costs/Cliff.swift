import TreeRows

/// A cost finding: a step of a strategy whose cost grows faster along a shape family than
/// its yardstick allows, a repeatable tail of steps far above the median, memory kept by
/// steps that change nothing, or a crash while measuring.
package struct Cliff: Codable, Sendable {
    package enum Kind: String, Codable, Sendable {
        /// The exponent's interval lies above the yardstick by more than the margin.
        case growth
        /// A share of the steps far above the median, at every size, growing with it.
        case tail
        /// Memory kept by steps that leave the tree as it was.
        case memory
        /// The strategy trapped, hung or ran out of memory while measured.
        case crash
    }

    /// What a cost is judged against.
    package struct Yardstick: Codable, Sendable, Equatable {
        /// The exponent the cost may grow by.
        package var exponent: Double
        /// Where it comes from: `declared O(log n)`, or `preorder-btree, measured`.
        package var source: String
        /// The built-in strategy measured, when it was one.
        package var strategy: String?
    }

    /// A tail: per size, the median step, the share of steps past ``TailShape/factor`` times
    /// it, and their median (a preempted step or two among them moves a mean, not a median).
    package struct TailShape: Codable, Sendable, Equatable {
        package static let factor = 16.0
        package var medians: [Double]
        package var shares: [Double]
        package var tailMedians: [Double]
    }

    package var kind: Kind
    package var strategy: String
    package var candidate: CostCandidate
    package var growth: CostGrowth
    /// The strategy's declaration of the step, as text, or `nil`.
    package var declared: String?
    package var yardstick: Yardstick
    package var seed: UInt64
    package var tail: TailShape?
    /// Bytes kept per step at each size (``Kind/memory``).
    package var keptBytesPerStep: [Double]?
    /// How it crashed (``Kind/crash``), and at how many nodes.
    package var crash: String?
    package var crashNodes: Int?
    /// Seconds from the start of the search to the end of the unit that found it.
    package var foundAfterSeconds: Double?

    /// One line: what, where, how fast it grows against what.
    package var summary: String {
        let fit = "k \(format(growth.exponent)) [\(format(growth.low)), \(format(growth.high))]"
        let sizes = "n \(growth.sizes.map(CostSearch.sizeText).joined(separator: "→"))"
        switch kind {
        case .growth where growth.sizes.count == 2:
            let rise = (growth.nanoseconds.last ?? 0) / max(growth.nanoseconds.first ?? 1, 1e-9)
            return "\(strategy): \(candidate): a jump: \(Int(rise.rounded()))× from \(sizes) (k \(format(growth.exponent)), measured twice),"
                + " against \(format(yardstick.exponent)) (\(yardstick.source))"
        case .growth:
            return "\(strategy): \(candidate): \(fit) over \(sizes), against \(format(yardstick.exponent)) (\(yardstick.source))"
        case .tail:
            let share = (tail?.shares.min() ?? 0) * 100
            return "\(strategy): \(candidate): a tail: \(format(share))% of steps over \(Int(TailShape.factor))× the median, "
                + "their cost k \(format(growth.exponent)) over \(sizes), against \(format(yardstick.exponent)) (\(yardstick.source))"
        case .memory:
            let kept = (keptBytesPerStep ?? []).map { "\(Int($0.rounded())) B" }.joined(separator: ", ")
            return "\(strategy): \(candidate): keeps memory on every step: \(kept) per step over \(sizes)"
        case .crash:
            return "\(strategy): \(candidate): \(crash ?? "crashed") at n \(crashNodes.map(CostSearch.sizeText) ?? "?")"
        }
    }
}

/// `1.23`, `-0.05`.
func format(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let sign = hundredths < 0 ? "-" : ""
    let magnitude = Int(abs(hundredths))
    let fraction = magnitude % 100
    return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
