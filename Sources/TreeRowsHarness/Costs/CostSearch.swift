import TreeRows

/// The cost search (`treerows cliffs`): for each strategy and step, the inputs that make one
/// step cost the most, grown along their shape family and judged against the strategy's
/// declared cost or, without one, the best built-in strategy measured on the same shapes.
///
/// Per strategy and step (a *unit*, each with an equal share of the time):
/// 1. **The typical cost**: random nodes of Reddit-shaped trees at every size of ``ladder``,
///    with ``singleSteps`` steps timed one by one at the larger sizes (the tail, the memory).
/// 2. **Exploration**: every family of ``CostCandidate/families`` with every prelude, in an
///    order drawn from the seed, at ``explorationSize`` nodes, every locus measured on each
///    tree. A candidate is kept when it raises the most a step at its locus has cost relative
///    to the typical cost, as PerfFuzz keeps an input that raises a location's count.
/// 3. **Growth**: the ``grownCandidates`` costliest kept candidates, measured at every size
///    of ``ladder`` the time allows (two decades at least).
/// 4. **Judgement**: a growth is a cliff when the low end of its exponent's interval is above
///    the yardstick's exponent by more than ``margin``, and the cost at the largest size is
///    more than ``ratioFloor`` times what the yardstick lets it grow to.
/// 5. **Shrinking**: a cliff is tried on the simpler families, without its prelude and a
///    decade smaller; the simplest that still shows it is kept.
package struct CostSearch {
    package struct Configuration {
        package var strategies: [any RowStrategy.Type]
        /// The strategies a step without a declaration is judged against (the built-in ones
        /// but the reference).
        package var yardsticks: [any RowStrategy.Type]
        package var steps: [CostedStep] = CostedStep.allCases
        package var ignoreDeclarations = false
        package var seed: UInt64 = 1
        package var time: Duration = .seconds(120)
        package var counter: (any AllocationCounter)?

        /// The built-in strategies but the reference (the oracle, O(n) by design): what a step
        /// without a declaration is judged against.
        package static var builtinYardsticks: [any RowStrategy.Type] { BuiltinStrategies.all.filter { $0 != ReferenceStrategy.self } }

        package init(strategies: [any RowStrategy.Type], yardsticks: [any RowStrategy.Type]) {
            self.strategies = strategies
            self.yardsticks = yardsticks
        }
    }

    /// What one unit found: the typical growth, the costliest growth, and its yardstick.
    package struct UnitSummary: Sendable {
        package var strategy: String
        package var step: CostedStep
        package var typical: CostGrowth?
        package var worst: (candidate: CostCandidate, growth: CostGrowth)?
        package var yardstick: Cliff.Yardstick?
        package var cliffs: Int
        package var probes: Int
        package var seconds: Double
    }

    /// The sizes growth is measured at.
    package static let ladder = [100, 1_000, 10_000, 100_000, 1_000_000]
    /// The size of the first pass.
    package static let explorationSize = 8_192
    package static let grownCandidates = 2
    /// The simpler families a cliff is tried on while shrinking.
    package static let shrinkFamilies = 6
    /// How far above the yardstick an exponent's interval must lie, to be a cliff.
    package static let margin = 0.35
    /// How far below 0 the measured exponent of a constant cost goes (noise): a growth whose
    /// interval starts below ``margin`` minus this is no cliff against any yardstick.
    package static let constantSpread = 0.15
    /// How many times beyond the yardstick's growth the largest size must cost.
    package static let ratioFloor = 4.0
    /// How many times beyond what the yardstick allows a cost must rise between two
    /// consecutive sizes to be a jump: 64, past what the memory hierarchy alone gives (a
    /// scan of linked siblings that leaves the caches for memory costs up to about 10 to 25
    /// times more per node on this VM's 2-core machine).
    package static let jumpFactor = 64.0
    /// Steps timed one by one for the tail, and the memory kept.
    package static let singleSteps = 512
    /// The least share of steps past ``Cliff/TailShape/factor`` times the median, at every
    /// size, that is a tail.
    package static let tailShare = 0.01
    /// Bytes per step kept by steps that change nothing, at every size, that is a cliff.
    package static let keptFloor = 256.0

    let configuration: Configuration
    let host: any CostProbeHost
    let shouldStop: () -> Bool
    let progress: (String) -> Void
    private let clock = ContinuousClock()

    package init(_ configuration: Configuration, host: any CostProbeHost, shouldStop: @escaping () -> Bool = { false },
                 progress: @escaping (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.host = host
        self.shouldStop = shouldStop
        self.progress = progress
    }

    /// `10^3`-style sizes: `1e3`, `8192`.
    package static func sizeText(_ size: Int) -> String {
        var power = 0, rest = size
        while rest >= 10 && rest % 10 == 0 { rest /= 10; power += 1 }
        return rest == 1 && power >= 3 ? "1e\(power)" : String(size)
    }

    /// `k 1.02 [0.97, 1.07] over 1e3→1e6 (850 ns→1.1 ms)`.
    package static func describe(_ growth: CostGrowth) -> String {
        "k \(format(growth.exponent)) [\(format(growth.low)), \(format(growth.high))] over \(growth.sizes.map(sizeText).joined(separator: "→"))"
            + " (\(growth.nanoseconds.map(BenchmarkResult.duration).joined(separator: "→")))" + (growth.lowerBounds.contains(true) ? ", the last at least" : "")
    }

    /// Runs the search.
    ///
    /// - Returns: The cliffs found, and a summary per unit.
    /// - Complexity: bounded by ``Configuration/time``, a probe at a time.
    package func run() -> (cliffs: [Cliff], units: [UnitSummary]) {
        let units = configuration.strategies.flatMap { strategy in configuration.steps.map { (strategy, $0) } }
        let start = clock.now
        var cliffs: [Cliff] = []
        var summaries: [UnitSummary] = []
        var yardstickCache = YardstickCache()
        for (position, (strategy, step)) in units.enumerated() {
            if shouldStop() { break }
            if clock.now > start + configuration.time {
                progress("the time is up: \(units.count - position) of \(units.count) strategy and step units not searched")
                break
            }
            let left = configuration.time - (clock.now - start)
            let share = left / max(1, units.count - position)
            var unit = Unit(search: self, strategy: strategy, step: step, deadline: clock.now + share, end: start + configuration.time,
                            yardsticks: yardstickCache)
            let (found, summary) = unit.run()
            yardstickCache = unit.yardsticks
            let after = (clock.now - start).seconds
            cliffs += found.map { var cliff = $0; cliff.foundAfterSeconds = after; return cliff }
            summaries.append(summary)
        }
        return (cliffs, summaries)
    }

    /// Measures `probe` with the strategy it names, through the host.
    func measure(_ probe: CostProbe, _ strategy: any RowStrategy.Type, stopAt deadline: ContinuousClock.Instant?) -> CostProbeOutcome {
        let counter = configuration.counter
        return host.run(probe, shouldStop: { shouldStop() || deadline.map { clock.now > $0 } ?? false }) { observer in
            probe.measure(strategy, counter: counter, observer: observer)
        }
    }
}

/// The built-in strategies' growths on candidates already measured, so that two strategies
/// judged on the same candidate share one measurement.
struct YardstickCache {
    var growths: [String: CostGrowth] = [:]

    static func key(_ strategy: String, _ candidate: CostCandidate, _ sizes: [Int]) -> String {
        "\(strategy)|\(candidate)|\(sizes)"
    }
}
