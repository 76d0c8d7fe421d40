import TreeRows

/// The reference and the strategies under test side by side on one case: performs each
/// operation on all of them and checks every strategy after it in one ``LockstepStep``.
///
/// Small steps get the full check (every row, every node, the sections, the invariants,
/// and the strategy's tree against the reference's); steps on big trees get the sampled
/// check, deep (sections, invariants and the tree too) every `deepCheckInterval`
/// operations and after the last. A strategy that throws on an operation the reference
/// performed disagrees. The fuzzer and ``DifferentialRun`` both drive their cases through
/// ``run(next:performed:)``, so a case replayed from its repro file is checked exactly as
/// the run that found it checked it.
public struct DifferentialSession {
    /// A sampled step is a deep one every this many operations (and the last).
    package static let deepCheckInterval = 16

    /// A strategy that disagreed.
    public struct Failure {
        /// The position of the strategy among those the session was given.
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
        reference = ReferenceStrategy(tree: tree)
        strategies = []
        strategyTime = []
        StepMonitor.beginCase(nodes: tree.nodeCount)
        for type in types {
            let start = clock.now
            StepMonitor.step(strategy: strategies.count, operation: -1)
            strategies.append(type.init(tree: tree))
            strategyTime.append(clock.now - start)
        }
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
            StepMonitor.step(strategy: index, operation: -1)
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
    /// - Complexity: one operation of each strategy, plus the reference's O(*n* log *n*) and
    ///   the checks.
    public mutating func perform(_ operation: TreeOperation, index: Int, isLast: Bool) -> Failure? {
        // What a flat strategy pays: the nodes, times the elements it handles one by one.
        let elements = StepMonitor.elements(of: operation, in: reference.tree)
        StepMonitor.beginOperation(operation, nodes: reference.tree.nodeCount, elements: elements)
        StepMonitor.step(strategy: -1, operation: index)
        let work = Double(max(1, reference.tree.nodeCount)) * Double(elements)
        let oldRows = reference.rows
        let referenceDiff: RowDiff
        do { referenceDiff = try reference.perform(operation) } catch {
            preconditionFailure("the harness made an invalid operation \(operation): \(error)")
        }
        let newRows = reference.rows
        lastReferenceDiff = referenceDiff
        var expectation = StepExpectation(oldRows: oldRows, newRows: newRows, tree: reference.tree, referenceDiff: referenceDiff,
                                          sampleSeed: Self.sampleSeed(operation: index, rowCount: newRows.count))
        let full = StepExpectation.wantsFullCheck(rowCount: max(oldRows.count, newRows.count), slotCount: reference.tree.slotCount)
        let deep = isLast || index % Self.deepCheckInterval == Self.deepCheckInterval - 1
        let depth: LockstepStep.Depth = full ? .full : deep ? .deep : .sampled
        let kind = OperationKindIndex.of(operation.kind)
        // The strategies' own cost: sampled steps (a full or deep check is the harness's
        // O(n), the same for all), and an accordion's or a page's only over enough elements
        // to tell a cost per element from one per operation.
        let measures = depth == .sampled && (elements >= Self.elementsMeasured || StepCostModel.handlesElementsOneByOne(kind) == false)
        for strategyIndex in strategies.indices {
            let start = clock.now
            StepMonitor.step(strategy: strategyIndex, operation: index)
            let step = LockstepStep.perform(operation, on: &strategies[strategyIndex], expecting: &expectation, depth: depth)
            let elapsed = clock.now - start
            strategyTime[strategyIndex] += elapsed
            if measures { costs.record(strategy: strategyIndex, kind: kind, work: work, nanoseconds: elapsed.nanoseconds) }
            events[strategyIndex].read(strategies[strategyIndex].structuralEvents)
            if let problem = step.disagreement { return Failure(strategyIndex: strategyIndex, disagreement: problem, diff: step.diff) }
        }
        return nil
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
            let failure = perform(step.operation, index: step.index, isLast: step.isLast)
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
