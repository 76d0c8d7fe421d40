import TreeRows

/// What one strategy did in a lock-step run against the reference.
public struct LockstepReport: Sendable {
    /// The strategy's name.
    public var strategy: String
    /// The number of operations performed.
    public var operations: Int
    /// The number of operations after which the strategy disagreed with the reference.
    public var disagreements: Int
    /// The first disagreements, described (at most ``LockstepChecker/keptMessages``).
    public var messages: [String]
    /// Time per operation (nanoseconds) for every operation, and per operation kind.
    public var timings: [String: [Double]]

    /// The timing summary of all operations, or of one kind (`toggle`, …).
    public func summary(of kind: String = "all") -> TimingSummary? {
        TimingSummary(nanoseconds: timings[kind] ?? [])
    }
}
