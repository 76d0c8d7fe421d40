import TreeRows

/// The reference and the strategies under test side by side on one case: performs each
/// operation on all of them and checks every strategy after it in one ``LockstepStep``. The
/// bottom of the harness: every driver (the fuzzer, `replay`, `check`) takes its operations
/// through ``perform(_:)``, and reports nothing but what it returns; each step is told to the
/// ``StepObserver`` it was given.
///
/// What a step checks and what a disagreement does are the session's ``Policy``:
/// - ``Policy/fuzz``: small steps get the full check (every row, every node, the sections,
///   the invariants, and the strategy's tree against the reference's); steps on big trees get
///   the sampled check, deep (sections, invariants and the tree too) every
///   ``Policy/deepCheckInterval`` operations and after the last. The first disagreement ends
///   the case.
/// - ``Policy/check(samples:seed:fullCheckInterval:)``: the diff of every strategy and of the
///   reference, sampled rows and nodes probed, and the full check every
///   `fullCheckInterval` operations and after the last. A strategy that disagrees is counted
///   and built again from the reference's tree, and the run goes on.
///
/// A strategy that throws on an operation the reference performed disagrees. The fuzzer and
/// ``DifferentialRun`` both drive their cases through ``run(next:performed:)``, so a case
/// replayed from its repro file is checked exactly as the run that found it checked it.
public struct DifferentialSession {
    /// What a step checks, and what a disagreement does.
    package struct Policy: Sendable {
        /// What a step checks beside every strategy's diff.
        package enum Checks: Sendable {
            /// Full on small steps; sampled queries and windows on big ones, deep every
            /// ``Policy/deepCheckInterval`` operations. Samples are seeded by the step alone.
            case sampled
            /// The diff only, the reference's too, and `samples` rows and nodes probed
            /// (drawn from a generator seeded with `seed`); full (deep on trees too big for a
            /// query per row) every ``Policy/deepCheckInterval`` operations.
            case probed(samples: Int, seed: UInt64)
        }

        /// What the session does when a strategy disagrees.
        package enum OnDisagreement: Sendable {
            /// The step returns the failure; the case ends there.
            case stop
            /// The strategy is built again from the reference's tree and the step goes on
            /// with the next strategy.
            case rebuild
        }

        package var checks: Checks
        package var onDisagreement: OnDisagreement
        /// Every this many operations (and after the last), a step checks deeply.
        package var deepCheckInterval: Int

        /// The fuzzer's and `replay`'s: sampled checks, deep every 16 operations, stop at the first disagreement.
        package static let fuzz = Policy(checks: .sampled, onDisagreement: .stop, deepCheckInterval: 16)

        /// `check`'s: diffs and probes, full every `fullCheckInterval` operations, every strategy rebuilt after a disagreement.
        package static func check(samples: Int, seed: UInt64, fullCheckInterval: Int) -> Policy {
            Policy(checks: .probed(samples: samples, seed: seed), onDisagreement: .rebuild, deepCheckInterval: max(1, fullCheckInterval))
        }
    }

    /// A strategy that disagreed.
    public struct Failure {
        /// The position of the strategy among those the session was given (-1: the
        /// reference, whose diff a ``Policy/Checks/probed(samples:seed:)`` session validates).
        public var strategyIndex: Int
        /// What was wrong.
        package var disagreement: StepDisagreement
        /// The strategy's diff.
        public var diff: RowDiff
        /// What was wrong, in words.
        public var problem: String { disagreement.detail }
    }

    /// The oracle.
    public private(set) var reference: ReferenceStrategy
    /// The strategies under test, in the order given.
    public private(set) var strategies: [any RowStrategy]
    /// Time spent in each strategy, its operations and their checks, in the order given.
    package private(set) var strategyTime: [Duration]
    /// The reference's diff of the last operation.
    package private(set) var lastReferenceDiff: RowDiff = .empty
    /// The time the reference's last operation took.
    package private(set) var lastReferenceTime: Duration = .zero
    /// The time each strategy's last operation took, without its check.
    package private(set) var lastOperationTimes: [Duration] = []
    /// What the session checks and does on a disagreement.
    package let policy: Policy
    /// Told of every step.
    private let observer: any StepObserver
    /// The probes' samples (a ``Policy/Checks/probed(samples:seed:)`` session's).
    private var sampler: SplitMix64
    /// What each strategy's sampled steps cost, by kind (positions in the order given):
    /// what the fuzzer sizes its large cases by.
    package var costs = StepCostModel()
    /// The fewest elements an accordion's or a page's step must have for ``costs`` to take
    /// its cost per element.
    package static let elementsMeasured = 16
    /// Each strategy's structural events since the build, in the order given.
    private var events: [StructuralEventTally] = []
    private let clock = ContinuousClock()

    /// Builds the reference and every strategy from `tree`.
    ///
    /// - Complexity: one build of each strategy.
    public init(tree: Tree, strategies types: [any RowStrategy.Type]) {
        self.init(tree: tree, strategies: types, policy: .fuzz, observer: SilentObserver())
    }

    /// Builds the reference and every strategy from `tree`, for steps that check by `policy`
    /// and are told to `observer`.
    ///
    /// - Complexity: one build of each strategy.
    package init(tree: Tree, strategies types: [any RowStrategy.Type], policy: Policy, observer: any StepObserver) {
        reference = ReferenceStrategy(tree: tree)
        strategies = []
        strategyTime = []
        self.policy = policy
        self.observer = observer
        if case .probed(_, let seed) = policy.checks {
            sampler = SplitMix64(seed: seed ^ 0x5A5A_5A5A_5A5A_5A5A)
        } else {
            sampler = SplitMix64(seed: 0)
        }
        observer.beginCase(nodes: tree.nodeCount)
        for type in types {
            let start = clock.now
            observer.step(strategy: strategies.count, operation: -1)
            strategies.append(type.init(tree: tree))
            strategyTime.append(clock.now - start)
        }
        lastOperationTimes = Array(repeating: .zero, count: strategies.count)
        events = strategies.map { strategy in
            var tally = StructuralEventTally()
            tally.read(strategy.structuralEvents)
            return tally
        }
    }

    /// The structural events of the strategies since they were built, as coverage features
    /// (`events · strategy · event`).
    ///
    /// - Complexity: O(*e*) for *e* kinds of event.
    package var structuralEvents: [String: Int] {
        var features: [String: Int] = [:]
        for (strategy, tally) in zip(strategies, events) {
            for (event, count) in tally.totals { features["events · \(type(of: strategy).name) · \(event)"] = count }
        }
        return features
    }

    /// The first strategy whose initial rows, queries, invariants or tree disagree.
    public mutating func checkInitial() -> Failure? {
        let rows = reference.rows
        var expectation = StepExpectation(oldRows: rows, newRows: rows, tree: reference.tree, referenceDiff: .empty,
                                          sampleSeed: Self.sampleSeed(operation: -1, rowCount: rows.count))
        let full = StepExpectation.wantsFullCheck(rowCount: rows.count, slotCount: reference.tree.slotCount)
        for index in strategies.indices {
            let start = clock.now
            observer.step(strategy: index, operation: -1)
            let problem = LockstepStep.check(strategies[index], diff: .empty, expecting: &expectation, depth: full ? .full : .deep)
            strategyTime[index] += clock.now - start
            if let problem { return Failure(strategyIndex: index, disagreement: problem.prefixed("initial: "), diff: .empty) }
        }
        return nil
    }

    /// Performs `operation` (resolved against the reference's tree) on the reference and
    /// every strategy and checks them, each strategy in one ``LockstepStep``.
    ///
    /// - Parameters:
    ///   - index: The operation's position in its case: it seeds the samples and picks the
    ///     deep checks.
    ///   - isLast: Whether it is the case's last operation (a deep check).
    /// - Returns: The first strategy that disagreed, or `nil`.
    /// - Complexity: that of ``perform(_:)``.
    public mutating func perform(_ operation: TreeOperation, index: Int, isLast: Bool) -> Failure? {
        perform(CaseStep(operation, index: index, isLast: isLast)).first
    }

    /// Performs the step's operation (resolved against the reference's tree) on the
    /// reference and every strategy and checks them by the session's ``policy``, each
    /// strategy in one ``LockstepStep``.
    ///
    /// - Returns: The strategies that disagreed, in order: at most one when the policy stops
    ///   at a disagreement (the strategies after it did not perform the operation).
    /// - Complexity: one operation of each strategy, plus the reference's O(*n* log *n*) and
    ///   the checks: O(*r* + *k* log *k*) per strategy for *r* rows and *k* diff ranges, its
    ///   queries on the rows sampled, and O(*r*) more and O(*s*) for the tree on a deep or full step.
    package mutating func perform(_ step: CaseStep) -> [Failure] {
        let (operation, index) = (step.operation, step.index)
        // What a flat strategy pays: the nodes, times the elements it handles one by one.
        let elements = StepCostModel.elements(of: operation, in: reference.tree)
        observer.beginOperation(operation, nodes: reference.tree.nodeCount, elements: elements)
        observer.step(strategy: -1, operation: index)
        let work = Double(max(1, reference.tree.nodeCount)) * Double(elements)
        let oldRows = reference.rows
        let referenceStart = clock.now
        let referenceDiff: RowDiff
        do { referenceDiff = try reference.perform(operation) } catch {
            preconditionFailure("the harness made an invalid operation \(operation): \(error)")
        }
        lastReferenceTime = clock.now - referenceStart
        let newRows = reference.rows
        lastReferenceDiff = referenceDiff
        let deep = step.isLast || (index + 1) % policy.deepCheckInterval == 0
        var failures: [Failure] = []
        let depth: LockstepStep.Depth
        var expectation: StepExpectation
        var probes: (rows: [Int], nodes: [(node: NodeIndex, row: Int?)])?
        switch policy.checks {
        case .sampled:
            expectation = StepExpectation(oldRows: oldRows, newRows: newRows, tree: reference.tree, referenceDiff: referenceDiff,
                                          sampleSeed: Self.sampleSeed(operation: index, rowCount: newRows.count))
            let full = StepExpectation.wantsFullCheck(rowCount: max(oldRows.count, newRows.count), slotCount: reference.tree.slotCount)
            depth = full ? .full : deep ? .deep : .sampled
        case .probed(let samples, _):
            expectation = StepExpectation(oldRows: oldRows, newRows: newRows, tree: reference.tree, referenceDiff: referenceDiff,
                                          sampleSeed: sampler.next())
            // The reference is checked by its diff only: comparing it with its own rows proves nothing.
            if let problem = LockstepStep.check(reference, diff: referenceDiff, expecting: &expectation, depth: .diff) {
                failures.append(Failure(strategyIndex: -1, disagreement: problem, diff: referenceDiff))
            }
            // A full check on a tree too big for one query per row is the sampled deep one: a
            // strategy whose `index(of:)` is a linear search would make it quadratic.
            depth = !deep ? .diff
                : StepExpectation.wantsFullCheck(rowCount: newRows.count, slotCount: reference.tree.slotCount) ? .full : .deep
            let rows = newRows.isEmpty ? [] : (0..<samples).map { _ in sampler.below(newRows.count) }
            let nodes = reference.tree.nodeCount == 0 ? [] : (0..<samples).map { _ in reference.tree.randomLiveNode(using: &sampler) }
            probes = (rows, nodes.map { ($0, expectation.row(of: $0)) })
        }
        let kind = OperationKindIndex.of(operation.kind)
        // The strategies' own cost: sampled steps (a full or deep check is the harness's
        // O(n), the same for all), and an accordion's or a page's only over enough elements
        // to tell a cost per element from one per operation.
        let measures = depth == .sampled && (elements >= Self.elementsMeasured || StepCostModel.handlesElementsOneByOne(kind) == false)
        for strategyIndex in strategies.indices {
            let start = clock.now
            observer.step(strategy: strategyIndex, operation: index)
            let outcome = LockstepStep.perform(operation, on: &strategies[strategyIndex], expecting: &expectation, depth: depth)
            let elapsed = clock.now - start
            strategyTime[strategyIndex] += elapsed
            lastOperationTimes[strategyIndex] = outcome.operationTime
            if measures { costs.record(strategy: strategyIndex, kind: kind, work: work, nanoseconds: elapsed.nanoseconds) }
            events[strategyIndex].read(strategies[strategyIndex].structuralEvents)
            let problem = outcome.disagreement ?? probes.flatMap { probes in
                StepCheck.probe(strategies[strategyIndex], rows: probes.rows, nodes: probes.nodes, newRows: newRows)
            }
            guard let problem else { continue }
            failures.append(Failure(strategyIndex: strategyIndex, disagreement: problem, diff: outcome.diff))
            switch policy.onDisagreement {
            case .stop:
                return failures
            case .rebuild:
                strategies[strategyIndex] = type(of: strategies[strategyIndex]).init(tree: reference.tree)
            }
        }
        return failures
    }

    /// One operation of a case, as a driver hands it to ``run(next:performed:)``.
    package struct CaseStep {
        /// The operation, resolved against the reference's tree.
        package var operation: TreeOperation
        /// Its position in the case: it seeds the samples and picks the deep checks.
        package var index: Int
        /// Whether it is the case's last operation (a deep check).
        package var isLast: Bool

        package init(_ operation: TreeOperation, index: Int, isLast: Bool) {
            self.operation = operation
            self.index = index
            self.isLast = isLast
        }
    }

    /// Drives a case: checks the initial state, then performs each operation `next` gives
    /// (asked with the reference as it stands) until it gives none or a strategy disagrees.
    /// The fuzzer and ``DifferentialRun`` both run their cases here, so a case replayed from
    /// its repro file is driven exactly as the run that found it drove it.
    ///
    /// - Parameters:
    ///   - next: The next operation, or `nil` to stop.
    ///   - performed: Called after every operation with the reference's diff and the
    ///     reference after it, before a disagreement is returned.
    /// - Returns: The first failure and the index of its operation (-1 for the initial
    ///   state), or `nil`.
    /// - Complexity: one ``perform(_:index:isLast:)`` per operation.
    package mutating func run<E: Error>(
        next: (ReferenceStrategy) throws(E) -> CaseStep?, performed: (RowDiff, ReferenceStrategy) -> Void = { _, _ in }
    ) throws(E) -> (failure: Failure, operationIndex: Int)? {
        if let failure = checkInitial() { return (failure, -1) }
        while let step = try next(reference) {
            let failure = perform(step).first
            performed(lastReferenceDiff, reference)
            if let failure { return (failure, step.index) }
        }
        return nil
    }

    /// The seed of a step's samples: a function of the step alone, so a replay samples alike.
    static func sampleSeed(operation: Int, rowCount: Int) -> UInt64 {
        (UInt64(bitPattern: Int64(operation)) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(rowCount)
    }
}
