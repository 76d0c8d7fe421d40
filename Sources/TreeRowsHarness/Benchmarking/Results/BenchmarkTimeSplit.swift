/// Where a strategy's share of a benchmark's wall time went, in seconds: so that a slow
/// run says whether it was building trees, timing samples, counting allocations or
/// checking results.
public struct BenchmarkTimeSplit: Equatable, Sendable, Codable {
    /// Preparing inputs (a share of the cell's) and building the strategy, with the untimed
    /// warm-up of the allocation pass.
    public var setup: Double
    /// The timed block, its warm-up samples included.
    public var sampling: Double
    /// The pass that counts allocations.
    public var counting: Double
    /// Keeping the expected tree and checking rows, diffs and answers against the reference.
    public var checking: Double

    /// Creates a split; every part defaults to zero.
    public init(setup: Double = 0, sampling: Double = 0, counting: Double = 0, checking: Double = 0) {
        self.setup = setup
        self.sampling = sampling
        self.counting = counting
        self.checking = checking
    }

    /// The sum of the parts.
    public var total: Double { setup + sampling + counting + checking }

    /// The parts added one by one.
    ///
    /// - Complexity: O(1).
    package static func + (lhs: BenchmarkTimeSplit, rhs: BenchmarkTimeSplit) -> BenchmarkTimeSplit {
        BenchmarkTimeSplit(setup: lhs.setup + rhs.setup, sampling: lhs.sampling + rhs.sampling,
                           counting: lhs.counting + rhs.counting, checking: lhs.checking + rhs.checking)
    }
}
