import TreeRows
import TreeRowsCorpora

/// The differential fuzzer: trees and adversarial operation sequences through every
/// strategy beside the reference, checked after every operation by a
/// ``DifferentialSession``; the first disagreement is shrunk to a small case.
///
/// Cases come from two streams, each a function of the seed alone: the small tier (trees
/// of up to ``Configuration/maximumNodes`` nodes, ``Configuration/operationsPerCase``
/// operations each) and the large tier (``ScaleCaseSampler``: trees of 40 to 1,150,000
/// nodes and cases of up to 6,000 operations, a region-churn case's arm picked by
/// ``EventSteering`` from the large cases before it). Before each case the fuzzer takes the large
/// tier whenever it has had less than ``Configuration/largeShare`` of the time so far (and
/// a region-churn case whenever churn has had less than ``Configuration/churnShare`` of the
/// large tier's time), so
/// the large cases get their share on any machine, and case *k* of a tier is the same
/// case everywhere (a large case stops early once it has run a tenth of the time limit,
/// at least 3 seconds, so that a slow strategy cannot take the whole run).
public struct Fuzzer {
    /// What to run.
    public struct Configuration: Sendable {
        /// The seed from which every tree and operation flows.
        public var seed: UInt64
        /// Stop after this many operations in total.
        public var operations: Int
        /// Stop after this long, if set.
        public var timeLimit: Duration?
        /// The largest tree of the small tier.
        public var maximumNodes: Int
        /// Operations per case of the small tier.
        public var operationsPerCase: Int
        /// The share of the time given to the large tier (0 turns it off).
        public var largeShare: Double
        /// The share of the large tier's time given to region-churn cases (0 turns them off).
        public var churnShare: Double
        /// How long shrinking a finding may take.
        public var shrinkTimeLimit: Duration
        /// For tests of a bound on the shrunk size: shrinking stops once a case has at most
        /// this many nodes and operations together (`nil`: it goes on to its time limit).
        package var shrinkGoal: Int? = nil
        /// How far a worker's live bytes at a case's start may grow past the least seen
        /// before the strategies of its recent cases are measured for retained memory (and
        /// as much again after a measurement that blamed no one): 64 MiB.
        public var retentionThreshold: UInt64 = 64 << 20

        /// The defaults: seed 1, 60 seconds, small trees of up to 32 nodes with 16
        /// operations a case, 45% of the time on large cases (a third of that, 15% of the
        /// whole, on region churn, so the other scenarios keep three tenths), 60 seconds to
        /// shrink.
        public init(seed: UInt64 = 1, operations: Int = .max, timeLimit: Duration? = .seconds(60), maximumNodes: Int = 32,
                    operationsPerCase: Int = 16, largeShare: Double = 0.45, churnShare: Double = 1.0 / 3.0,
                    shrinkTimeLimit: Duration = .seconds(60)) {
            self.seed = seed
            self.operations = operations
            self.timeLimit = timeLimit
            self.maximumNodes = maximumNodes
            self.operationsPerCase = operationsPerCase
            self.largeShare = largeShare
            self.churnShare = churnShare
            self.shrinkTimeLimit = shrinkTimeLimit
        }
    }

    /// What one tier did in a run.
    public struct TierStatistics: Sendable {
        /// Cases started.
        public var cases = 0
        /// Operations performed (on every strategy).
        public var operations = 0
        /// Time spent, building trees and strategies included.
        public var elapsed: Duration = .zero
        /// Large cases by scenario.
        public var scenarios: [ScaleScenario: Int] = [:]
    }

    /// A disagreement and its shrunk case.
    public struct Finding: Sendable {
        /// The case as found (operations up to the failing one).
        public var found: FuzzCase
        /// The shrunk case.
        public var shrunk: FuzzCase
        /// The shrunk case's disagreement (the found one if the case did not replay).
        public var disagreement: Disagreement
        /// The case's number in its stream (``identity``'s stream: small, large or churn).
        public var caseNumber: Int
        /// The tier, and the scenario of a large case.
        public var tier: FuzzTier
        public var scenario: ScaleScenario?
        /// Time spent shrinking.
        public var shrinkElapsed: Duration
        /// Where the case came from, to draw it again.
        package var identity: FuzzCaseIdentity
        /// How often the failure showed in new processes, when it did not fail again at
        /// once (the isolation wrapper finds it out).
        public var flakiness: Flakiness? = nil
    }

    /// What a run found.
    public struct Outcome: Sendable {
        /// Operations performed (on every strategy).
        public var operations: Int
        /// Cases (trees) started.
        public var cases: Int
        /// Wall-clock time of the run, without shrinking.
        public var elapsed: Duration
        /// The first disagreement, shrunk.
        public var failure: Finding?
        /// Whether `shouldStop` ended the run early.
        public var wasStopped: Bool
        /// Per tier.
        public var tiers: [FuzzTier: TierStatistics]
        /// Time spent in each strategy (operations and checks), by name.
        public var strategyTime: [(name: String, time: Duration)]
        /// What the operations exercised.
        public var coverage: FuzzCoverage
        /// Operations each strategy performed, in the order of ``strategyTime`` (a large case
        /// too big for a slow strategy runs without it, and a smaller one for it alone).
        public var strategyOperations: [Int] = []
        /// The largest tree each strategy ran a case on, in the same order.
        public var largestTree: [Int] = []

        /// Operations per second, all strategies together.
        public var operationsPerSecond: Double { Self.rate(operations, elapsed) }

        /// `count` per second over `duration`.
        package static func rate(_ count: Int, _ duration: Duration) -> Double {
            let seconds = duration.nanoseconds / 1e9
            return seconds > 0 ? Double(count) / seconds : 0
        }
    }

    public var configuration: Configuration
    public private(set) var strategies: [any RowStrategy.Type]
    /// Whether each of ``strategies`` is a fuzzing variant of another one run
    /// (``RowStrategy/fuzzingVariants``): variants run the small cases and the region churn,
    /// where their small nodes reach every level, but not the other large scenarios, whose
    /// sizes their original runs with the same code.
    let isVariant: [Bool]
    /// Recorded trees to cut subtrees from and to run whole (may be empty).
    public var recorded: [Tree]
    /// What tells this thread's live bytes (`treerows` passes jemalloc's): with one, the
    /// worker watches its memory across cases and blames a strategy whose instances leave
    /// memory allocated (``RetainedMemory``); without, memory that builds up is found only
    /// when it crosses the memory limit of a wrapper that runs the worker.
    public var allocationCounter: (any AllocationCounter)?

    /// The recorded threads that ship with TreeRows, of at most 100,000 nodes (not the
    /// 2M-node forest: too slow to load for this), loaded once: what `treerows fuzz` and the
    /// default ``init(configuration:strategies:recorded:)`` draw from.
    public static let builtinRecorded: [Tree] = CorpusCatalog.builtin.recordedTrees(maximumNodes: 100_000)

    /// Creates a fuzzer for `strategies` (the reference is always the oracle), drawing the
    /// same trees as `treerows fuzz` unless given other `recorded` ones.
    public init(configuration: Configuration, strategies: [any RowStrategy.Type], recorded: [Tree] = Fuzzer.builtinRecorded) {
        self.configuration = configuration
        self.strategies = strategies.filter { $0 != ReferenceStrategy.self }
        let variantNames = Set(self.strategies.flatMap { strategy in strategy.fuzzingVariants.map { $0.name } })
        isVariant = self.strategies.map { variantNames.contains($0.name) }
        self.recorded = recorded
    }

    /// Runs until the operation budget, the time limit, `shouldStop` or a disagreement.
    ///
    /// A strategy that traps, hangs or exhausts memory ends this process: the isolation
    /// wrapper (what `treerows fuzz` runs) survives those and shrinks them too.
    ///
    /// - Parameters:
    ///   - shouldStop: Polled between operations (Ctrl-C, another worker's finding).
    ///   - progress: Called every 1,024 operations, and after every operation of a large
    ///     case, with operations and cases so far.
    public func run(shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }) -> Outcome {
        run(shrinking: true, shouldStop: shouldStop, progress: progress)
    }

    /// One case as drawn: where it came from, its tree, how many operations, its seed.
    struct Draw {
        var identity: FuzzCaseIdentity
        var tree: Tree
        var operations: Int
        var focus: NodeIndex?
        var scenario: ScaleScenario?
        var churn: RegionChurn? { identity.churn }
    }

    /// The streams cases are drawn from.
    struct Streams {
        var smallTrees: FuzzTreeSampler
        var smallSeeds: SplitMix64
        var largeTrees: ScaleCaseSampler
        var largeSeeds: SplitMix64
        /// Region-churn cases come from streams of their own: how many of them a machine
        /// runs between two other large cases depends on its speed, and must not change
        /// those cases.
        var churnTrees: ScaleCaseSampler
        var churnSeeds: SplitMix64
        /// The uniform picks of ``EventSteering``.
        var steering: SplitMix64
    }

    func streams() -> Streams {
        Streams(smallTrees: FuzzTreeSampler(seed: configuration.seed, maximumNodes: configuration.maximumNodes, recorded: recorded),
                smallSeeds: SplitMix64(seed: configuration.seed ^ 0x0F0F_F0F0_1234_5678),
                largeTrees: ScaleCaseSampler(seed: configuration.seed ^ 0x5CA1_E000_0000_0001, recorded: recorded),
                largeSeeds: SplitMix64(seed: configuration.seed ^ 0x5CA1_E000_0000_0002),
                churnTrees: ScaleCaseSampler(seed: configuration.seed ^ 0x5CA1_E000_0000_0004, recorded: recorded),
                churnSeeds: SplitMix64(seed: configuration.seed ^ 0x5CA1_E000_0000_0005),
                steering: SplitMix64(seed: configuration.seed ^ 0x5CA1_E000_0000_0003))
    }

    /// Draws the next case of `tier`, case `caseNumber` of its stream (a region-churn case of
    /// the arm `churn`), after writing its identity to the watched record (a crash in the
    /// draw or the build is then a crash of this case too). A large case may be held to
    /// `nodeCap` nodes and run by the strategies of `active` alone (``CaseSizing``); a case
    /// drawn again keeps its own `caseSeed` instead of drawing one.
    func draw(_ tier: FuzzTier, caseNumber: Int, churn: RegionChurn?, nodeCap: Int = .max, active: UInt64 = .max,
              caseSeed ownSeed: UInt64? = nil, from streams: inout Streams, observer: any FuzzObserver = SilentObserver()) -> Draw {
        if tier == .small {
            let identity = FuzzCaseIdentity(tier: .small, caseNumber: caseNumber, samplerPosition: streams.smallTrees.position,
                                            samplerDrawn: 0, caseSeed: ownSeed ?? streams.smallSeeds.next())
            observer.announce(identity)
            return Draw(identity: identity, tree: streams.smallTrees.next(), operations: configuration.operationsPerCase)
        }
        let position = churn == nil ? streams.largeTrees.position : streams.churnTrees.position
        let caseSeed = ownSeed ?? (churn == nil ? streams.largeSeeds.next() : streams.churnSeeds.next())
        let identity = FuzzCaseIdentity(tier: .large, caseNumber: caseNumber, samplerPosition: position.random,
                                        samplerDrawn: position.drawn, caseSeed: caseSeed, churn: churn, nodeCap: nodeCap, active: active)
        observer.announce(identity)
        let draw = churn == nil ? streams.largeTrees.next(nodeCap: nodeCap) : streams.churnTrees.next(churn: churn, nodeCap: nodeCap)
        return Draw(identity: identity, tree: draw.tree, operations: draw.operations, focus: draw.focus, scenario: draw.scenario)
    }

    /// The case `identity` names, drawn again from fresh streams set to its position, with its
    /// own operations' seed and number: as it was, or (a large case for the strategies too
    /// slow for it) held to `nodeCap` nodes and run by the strategies of `active`.
    ///
    /// - Complexity: one draw.
    func redraw(_ identity: FuzzCaseIdentity, nodeCap: Int? = nil, active: UInt64? = nil,
                observer: any FuzzObserver = SilentObserver()) -> Draw {
        var streams = streams()
        streams.smallTrees.position = identity.samplerPosition
        streams.largeTrees.position = (identity.samplerPosition, identity.samplerDrawn)
        streams.churnTrees.position = (identity.samplerPosition, identity.samplerDrawn)
        return draw(identity.tier, caseNumber: identity.caseNumber, churn: identity.churn, nodeCap: nodeCap ?? identity.nodeCap,
                    active: active ?? identity.active, caseSeed: identity.caseSeed, from: &streams, observer: observer)
    }

    /// The case `identity` names, drawn again, with its operations through
    /// `lastOperation` (the reference alone generates them, as the run did).
    ///
    /// - Complexity: one draw, and *m* operations of the reference for the *m* kept.
    package func regenerate(_ identity: FuzzCaseIdentity, through lastOperation: Int) -> (fuzzCase: FuzzCase, scenario: ScaleScenario?) {
        let drawn = redraw(identity)
        var fuzzCase = FuzzCase(tree: drawn.tree)
        var session = DifferentialSession(tree: drawn.tree, strategies: [])
        var generator = FuzzOperationGenerator(seed: identity.caseSeed, focus: drawn.focus, churn: drawn.churn,
                                               sweep: Self.sweep(of: identity, operations: drawn.operations))
        let count = min(drawn.operations, lastOperation + 1)
        var index = 0
        _ = session.run { reference -> DifferentialSession.CaseStep? in
            guard index < count else { return nil }
            let operation = generator.next(for: reference)
            fuzzCase.operations.append(FuzzOperation(operation, in: reference.tree))
            generator.performed(operation, on: reference.tree)
            defer { index += 1 }
            return DifferentialSession.CaseStep(operation, index: index, isLast: index == drawn.operations - 1)
        }
        return (fuzzCase, drawn.scenario)
    }

    /// ``run(shouldStop:progress:)``, shrinking the first disagreement in this process or
    /// not (a wrapper that runs the fuzzer elsewhere draws the case again and shrinks it there).
    ///
    /// - Parameter checkpoint: Called after the first case and then at most every
    ///   ``checkpointInterval``, with the outcome so far: what a worker stopped in the middle of a case leaves behind.
    package func run(shrinking: Bool, shouldStop: () -> Bool, progress: (Int, Int) -> Void,
                     checkpoint: ((Outcome) -> Void)? = nil, observer: any FuzzObserver = SilentObserver()) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        var streams = streams()
        var tiers: [FuzzTier: TierStatistics] = [.small: TierStatistics(), .large: TierStatistics()]
        var strategyTime = [Duration](repeating: .zero, count: strategies.count)
        var coverage = FuzzCoverage()
        var steering = EventSteering()
        var churnElapsed = Duration.zero
        var operations = 0
        var cases = 0
        // Each stream numbers its own cases (small, large, churn): the k-th case of a stream
        // is the same case whatever the timing, which decides how the streams interleave.
        var drawnCases: [FuzzCaseIdentity.Stream: Int] = [:]
        var stopped = false
        // The first case is checkpointed at once, so a worker that dies early leaves its rates.
        var lastCheckpoint: ContinuousClock.Instant?
        var strategyOperations = [Int](repeating: 0, count: strategies.count)
        let largeCaseLimit = configuration.timeLimit.map { max(.seconds(3), $0 / 10) } ?? .seconds(10)
        var sizing = CaseSizing(strategies: strategies.count, caseTime: largeCaseLimit)
        // A large case drawn again, smaller, for the strategies too slow for it.
        var followUp: (identity: FuzzCaseIdentity, cap: Int, strategies: [Int])?
        var retention = RetentionWatch(threshold: configuration.retentionThreshold)
        // The latest case of each tier small enough to run again and again, to measure what
        // its strategies retain.
        var measurable: [FuzzTier: Measurable] = [:]
        func outcome(_ failure: Finding?) -> Outcome {
            Outcome(operations: operations, cases: cases, elapsed: clock.now - start, failure: failure, wasStopped: stopped,
                    tiers: tiers, strategyTime: zip(strategies, strategyTime).map { ($0.name, $1) }, coverage: coverage,
                    strategyOperations: strategyOperations, largestTree: sizing.largestTree)
        }
        func outOfTime() -> Bool { configuration.timeLimit.map { clock.now - start >= $0 } ?? false }
        func mask(_ positions: [Int]) -> UInt64 { positions.reduce(0) { $0 | 1 << UInt64($1) } }
        run: while operations < configuration.operations && !outOfTime() {
            if let counter = allocationCounter, let live = counter.liveBytes(), retention.shouldMeasure(live: live) {
                let grew = "the worker's live memory grew by \(RetainedMemory.bytes(Double(live - retention.least))) in"
                    + " \(operations) operations of \(cases) cases"
                let measureStart = clock.now
                if var finding = retainedMemory(in: measurable, counter: counter, shrinking: shrinking, grew: grew, observer: observer) {
                    finding.shrinkElapsed = clock.now - measureStart
                    return outcome(finding)
                }
            }
            let elapsed = (clock.now - start).nanoseconds / 1e9
            // The small tier goes first, so a fast bug is found before the first large case is built.
            let largeElapsed = tiers[.large]!.elapsed
            let tier: FuzzTier = configuration.largeShare > 0 && tiers[.small]!.cases > 0
                && largeElapsed.nanoseconds / 1e9 < elapsed * configuration.largeShare ? .large : .small
            // Within the large tier, churn whenever it is behind its share of the tier's time
            // (so the first large case is the first of the other scenarios).
            let churnTurn = configuration.churnShare > 0 && churnElapsed.nanoseconds < largeElapsed.nanoseconds * configuration.churnShare
            let caseStart = clock.now
            cases += 1
            observer.counted(operations: operations, cases: cases)
            observer.beginCase(nodes: tier == .large ? ScaleCaseSampler.largestNodes : configuration.maximumNodes)
            var active = Array(strategies.indices)
            var drawn: Draw
            if tier == .large, let pending = followUp {
                followUp = nil
                drawn = redraw(pending.identity, nodeCap: pending.cap, active: mask(pending.strategies), observer: observer)
                active = pending.strategies
            } else {
                let churn = tier == .large && churnTurn ? steering.choose(using: &streams.steering) : nil
                let stream = FuzzCaseIdentity.Stream(tier: tier, isChurn: churn != nil)
                drawnCases[stream, default: 0] += 1
                drawn = draw(tier, caseNumber: drawnCases[stream]!, churn: churn, from: &streams, observer: observer)
                // Variants sit out the large scenarios other than churn (see `isVariant`).
                let eligible = tier == .large && churn == nil && isVariant.contains(true) && strategies.count <= 64
                    ? strategies.indices.filter { !isVariant[$0] } : active
                active = eligible
                // Strategies too slow for this tree run the same draw again, smaller.
                if tier == .large && strategies.count <= 64 {
                    let nodes = drawn.tree.nodeCount, siblings = drawn.tree.widestSiblingList
                    let slow = eligible.filter { !sizing.fits($0, nodes: nodes, siblings: siblings) }
                    if !slow.isEmpty {
                        let cap = sizing.cap(for: slow, nodes: nodes, siblings: siblings)
                        active = eligible.filter { !slow.contains($0) }
                        if active.isEmpty, let lead = sizing.vanguard(among: slow, nodes: nodes, siblings: siblings) {
                            // None fits: the fastest keeps the scenario's size, the rest follow smaller.
                            active = [lead]
                            let rest = slow.filter { $0 != lead }
                            if !rest.isEmpty { followUp = (drawn.identity, cap, rest) }
                        } else if active.isEmpty {
                            drawn = redraw(drawn.identity, nodeCap: cap, active: mask(slow), observer: observer)
                            active = slow
                        } else {
                            followUp = (drawn.identity, cap, slow)
                        }
                    }
                }
                if active.count < strategies.count && drawn.identity.active != mask(active) {
                    drawn.identity.active = mask(active)
                    observer.announce(drawn.identity)
                }
            }
            let (tree, count, focus, scenario) = (drawn.tree, drawn.operations, drawn.focus, drawn.scenario)
            if let scenario { tiers[.large]!.scenarios[scenario, default: 0] += 1 }
            tiers[tier]!.cases += 1
            var fuzzCase = FuzzCase(tree: tree)
            var session = DifferentialSession(tree: tree, strategies: active.map { strategies[$0] }, policy: .fuzz, observer: observer)
            var generator = FuzzOperationGenerator(seed: drawn.identity.caseSeed, focus: focus, churn: drawn.churn,
                                                   sweep: Self.sweep(of: drawn.identity, operations: count))
            var history = FuzzCoverage.History()
            coverage.recordTree(tree)
            // The reference's sections, built before the first step and followed after each.
            var sections: SectionIndex?
            var index = 0
            var work = 0.0
            let failure = session.run { reference -> DifferentialSession.CaseStep? in
                guard index < count && operations < configuration.operations else { return nil }
                if shouldStop() {
                    stopped = true
                    return nil
                }
                // A large case stops early past its time (a slow strategy must not take the whole run);
                // the case is what ran, so its repro file replays it.
                if tier == .large && (outOfTime() || clock.now - caseStart >= largeCaseLimit) { return nil }
                let operation = generator.next(for: reference)
                if sections == nil { sections = SectionIndex(of: reference) }
                work += Double(reference.tree.nodeCount + 1)
                fuzzCase.operations.append(FuzzOperation(operation, in: reference.tree))
                generator.performed(operation, on: reference.tree)
                coverage.record(operation, on: reference, history: &history)
                return DifferentialSession.CaseStep(operation, index: index, isLast: index == count - 1)
            } performed: { referenceDiff, reference in
                coverage.recordDiff(referenceDiff)
                if sections != nil { coverage.recordSections(referenceDiff, of: reference, index: &sections!) }
                operations += 1
                observer.counted(operations: operations, cases: cases)
                tiers[tier]!.operations += 1
                if operations % 1_024 == 0 || tier == .large { progress(operations, cases) }
                index += 1
            }
            coverage.recordCase(operations: index)
            let events = session.structuralEvents
            coverage.merge(FuzzCoverage(counts: events))
            if tier == .large { steering.record(events, churn: drawn.churn, work: work) }
            tiers[tier]!.elapsed += clock.now - caseStart
            if drawn.churn != nil { churnElapsed += clock.now - caseStart }
            for (position, time) in zip(active, session.strategyTime) {
                strategyTime[position] += time
                strategyOperations[position] += index
            }
            sizing.record(session.costs, positions: active, nodes: tree.nodeCount, large: tier == .large)
            if let (found, operationIndex) = failure {
                let disagreement = DifferentialRun.disagreement(session, found, operationIndex: operationIndex)
                let strategy = type(of: session.strategies[found.strategyIndex])
                let shrinkStart = clock.now
                let shrunk = shrinking ? Shrinker.shrink(fuzzCase, strategy: strategy, timeLimit: configuration.shrinkTimeLimit,
                                                                 goal: configuration.shrinkGoal) : nil
                return outcome(Finding(found: fuzzCase, shrunk: shrunk?.0 ?? fuzzCase, disagreement: shrunk?.1 ?? disagreement,
                                       caseNumber: drawn.identity.caseNumber, tier: tier, scenario: scenario, shrinkElapsed: clock.now - shrinkStart,
                                       identity: drawn.identity))
            }
            if fuzzCase.nodes.count * max(1, fuzzCase.operations.count) <= Measurable.largestWork {
                measurable[tier] = Measurable(fuzzCase: fuzzCase, identity: drawn.identity, scenario: scenario, active: active)
            }
            if stopped { break run }
            if let checkpoint, lastCheckpoint.map({ clock.now - $0 >= Self.checkpointInterval }) ?? true {
                lastCheckpoint = clock.now
                checkpoint(outcome(nil))
            }
        }
        return outcome(nil)
    }

    /// A case a worker ran, kept to measure what its strategies retain.
    struct Measurable {
        /// The most nodes times operations of a case kept (each operation's checks are O(*n*)):
        /// running it ten times per strategy stays within seconds.
        static let largestWork = 4_000_000
        var fuzzCase: FuzzCase
        var identity: FuzzCaseIdentity
        var scenario: ScaleScenario?
        var active: [Int]
    }

    /// The finding of the first strategy of the recent cases (the small one's first) that
    /// retains memory, shrunk in this process when `shrinking`; `nil` when none does.
    ///
    /// - Parameter grew: How the worker's memory grew, for the finding's text.
    /// - Complexity: 2 · ``RetainedMemory/runs`` differential runs of a case per strategy,
    ///   and the shrinking's.
    func retainedMemory(in recent: [FuzzTier: Measurable], counter: any AllocationCounter, shrinking: Bool, grew: String,
                        observer: any StepObserver) -> Finding? {
        for tier in [FuzzTier.small, .large] {
            guard let kept = recent[tier] else { continue }
            for position in kept.active {
                let strategy = strategies[position]
                guard let found = RetainedMemory.measure(kept.fuzzCase, strategy: strategy, counter: counter, observer: observer)?
                    .failure(strategy: strategy.name, grew: grew) else { continue }
                var finding = Finding(found: kept.fuzzCase, shrunk: kept.fuzzCase, disagreement: found,
                                      caseNumber: kept.identity.caseNumber, tier: tier, scenario: kept.scenario, shrinkElapsed: .zero,
                                      identity: kept.identity)
                if shrinking, let (small, disagreement) = Shrinker.shrink(kept.fuzzCase, timeLimit: configuration.shrinkTimeLimit,
                                                                          goal: configuration.shrinkGoal, failure: { candidate in
                    RetainedMemory.measure(candidate, strategy: strategy, counter: counter)?.failure(strategy: strategy.name, grew: grew)
                }) {
                    finding.shrunk = small
                    finding.disagreement = disagreement
                }
                return finding
            }
        }
        return nil
    }

    /// The sweep of extremal nodes a case begins with (`FuzzOperationGenerator+Extremes.swift`):
    /// a large case other than region churn spends two thirds of its operations on it, 10
    /// at most, in the round of the scenario cycle it belongs to; `nil` for the others.
    ///
    /// - Complexity: O(1).
    static func sweep(of identity: FuzzCaseIdentity, operations: Int) -> (round: Int, length: Int)? {
        guard identity.tier == .large, identity.churn == nil else { return nil }
        return (identity.samplerDrawn / (ScaleScenario.allCases.count - 1), min(10, max(2, operations * 2 / 3)))
    }

    /// How often a run hands its outcome so far to its checkpoint: 250 ms.
    package static let checkpointInterval = Duration.milliseconds(250)
}
