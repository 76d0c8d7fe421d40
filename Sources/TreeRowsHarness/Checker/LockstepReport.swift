import TreeRows

/// What one strategy did in a lock-step run against the reference.
public struct LockstepReport: Sendable, Codable {
    /// The strategy's name.
    public var strategy: String
    /// The number of operations performed.
    public var operations: Int
    /// The number of operations after which the strategy disagreed with the reference.
    public var disagreements: Int
    /// The first disagreements, described (at most 5).
    public var messages: [String]
    /// Time per operation for every operation (`all`), and per operation kind, counted:
    /// bounded memory however long the run.
    public var timings: [String: TimingCounts]
    /// How the strategy crashed (trapped, overflowed its stack, hung or ran out of memory)
    /// in an isolated check, which then stopped checking it; `nil` if it did not.
    public var crash: Crash?

    /// The timing summary of all operations, or of one kind (`toggle`, …).
    public func summary(of kind: String = "all") -> TimingSummary? {
        timings[kind].flatMap(TimingSummary.init(counts:))
    }
}
