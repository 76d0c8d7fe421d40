/// Where a fuzz case came from: its tier, its number in its stream, the position of its
/// tier's tree sampler before the draw, the seed of its operations, and the churn arm the
/// steering picked for a region-churn case. With the run's
/// configuration and recorded trees, that draws the same case again
/// (``Fuzzer/regenerate(_:through:)``): what a wrapper that lost the run in the middle of
/// the case does (``FuzzObserver/announce(_:)`` tells it the case first).
package struct FuzzCaseIdentity: Hashable, Sendable {
    /// The streams a run draws its cases from, each numbering its own cases from 1.
    package enum Stream: String, Hashable, Sendable {
        case small, large, churn

        /// The stream of a case of `tier`, a region-churn case or not.
        package init(tier: FuzzTier, isChurn: Bool) { self = tier == .small ? .small : isChurn ? .churn : .large }
    }

    package var tier: FuzzTier
    /// The case's number in its stream (``Stream``): the same case whatever the timing,
    /// which decides how the streams interleave. A large case drawn again, smaller, for
    /// the strategies too slow for it keeps the number.
    package var caseNumber: Int
    package var samplerPosition: UInt64
    /// Large cases drawn before this one (the large tier cycles through its scenarios).
    package var samplerDrawn: Int
    package var caseSeed: UInt64
    /// The ``RegionChurn`` arm of a region-churn case (picked by what the run had seen).
    package var churn: RegionChurn?
    /// The most nodes the case's tree was drawn with (`Int.max`: as the scenario draws it):
    /// a large case scaled down to what its slow strategies' speed allows.
    package var nodeCap: Int
    /// The strategies the case ran, by their positions in the run (bit *i*: strategy *i*;
    /// all bits: every strategy).
    package var active: UInt64

    package init(tier: FuzzTier, caseNumber: Int, samplerPosition: UInt64, samplerDrawn: Int, caseSeed: UInt64, churn: RegionChurn? = nil,
                 nodeCap: Int = .max, active: UInt64 = .max) {
        self.tier = tier
        self.caseNumber = caseNumber
        self.samplerPosition = samplerPosition
        self.samplerDrawn = samplerDrawn
        self.caseSeed = caseSeed
        self.churn = churn
        self.nodeCap = nodeCap
        self.active = active
    }
}

extension FuzzCaseIdentity {
    /// The stream the case came from.
    package var stream: Stream { Stream(tier: tier, isChurn: churn != nil) }

    /// The case as the run names it: "small case 12", "churn case 3", with the nodes a
    /// large case was held to for slow strategies.
    package var name: String {
        "\(stream.rawValue) case \(caseNumber)" + (nodeCap == .max ? "" : " (held to \(nodeCap) nodes)")
    }

    /// Whether the case ran the strategy at `position` in the run.
    ///
    /// - Complexity: O(1).
    package func runs(_ position: Int) -> Bool { position >= 64 || active & (1 << UInt64(position)) != 0 }
}
