/// Where the cost search runs its probes: in its own process (``DirectCostHost``) or, through
/// the isolation wrapper, each in a child of its own, where a strategy that traps, hangs or
/// runs out of memory ends only the child.
package protocol CostProbeHost {
    /// Runs `body`, which measures one probe and tells its observer of each step, and says
    /// how it went.
    func run(_ probe: CostProbe, shouldStop: () -> Bool, body: (any StepObserver) -> CostMeasurement) -> CostProbeOutcome
}

/// How a probe went.
package enum CostProbeOutcome {
    /// It measured.
    case measured(CostMeasurement)
    /// One step ran past its budget and was stopped: at least this many nanoseconds, in the
    /// probe's step number `step` (as ``CostProbe/measure(_:counter:observer:)`` numbers them:
    /// -1 the build, then one per node measured).
    case slow(lowerBound: Double, step: Int)
    /// The strategy crashed (a trap, a hang, memory): how.
    case crashed(Crash)
    /// The run was stopped from outside (Ctrl-C, the deadline): nothing measured.
    case stopped
}

/// Runs every probe in this process: for tests, and strategies that cannot crash.
package struct DirectCostHost: CostProbeHost {
    package init() {}

    /// - Complexity: that of the probe.
    package func run(_ probe: CostProbe, shouldStop: () -> Bool, body: (any StepObserver) -> CostMeasurement) -> CostProbeOutcome {
        shouldStop() ? .stopped : .measured(body(SilentObserver()))
    }
}
