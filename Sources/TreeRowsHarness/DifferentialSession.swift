import TreeRows

/// The reference and the strategies under test side by side on one case: performs each
/// operation on all of them and checks every strategy after it.
///
/// Small steps get the full ``StepCheck`` (every row, every node, the sections, the
/// invariants, and the strategy's tree against the reference's); steps on big trees get ``StepCheck/sampled(_:diff:expectation:deep:)``,
/// deep (sections, invariants and the tree too) every ``deepCheckInterval`` operations and
/// after the last. A strategy that throws on an operation the reference performed
/// disagrees. The fuzzer and ``DifferentialRun`` both step through a session, so a case
/// replayed from its repro file is checked exactly as the run that found it checked it.
public struct DifferentialSession {
    /// A sampled step is a deep one every this many operations (and the last).
    public static let deepCheckInterval = 16

    /// A strategy that disagreed.
    public struct Failure {
        /// The position of the strategy among those the session was given.
        public var strategyIndex: Int
        /// What was wrong.
        public var problem: String
        /// The strategy's diff.
        public var diff: RowDiff
    }

    /// The oracle.
    public private(set) var reference: ReferenceStrategy
    /// The strategies under test, in the order given.
    public private(set) var strategies: [any RowStrategy]
    /// Time spent in each strategy, its operations and their checks, in the order given.
    public private(set) var strategyTime: [Duration]
    /// The reference's diff of the last operation.
    public private(set) var lastReferenceDiff: RowDiff = .empty
    private let clock = ContinuousClock()

    /// Builds the reference and every strategy from `tree`.
    ///
    /// - Complexity: one build of each strategy.
    public init(tree: Tree, strategies types: [any RowStrategy.Type]) {
        reference = ReferenceStrategy(tree: tree)
        strategies = []
        strategyTime = []
        for type in types {
            let start = clock.now
            strategies.append(type.init(tree: tree))
            strategyTime.append(clock.now - start)
        }
    }

    /// The first strategy whose initial rows, queries or invariants disagree.
    public mutating func checkInitial() -> Failure? {
        let rows = reference.rows
        var expectation = StepExpectation(oldRows: rows, newRows: rows, tree: reference.tree, referenceDiff: .empty,
                                          sampleSeed: Self.sampleSeed(operation: -1, rowCount: rows.count))
        let full = StepExpectation.wantsFullCheck(rowCount: rows.count, slotCount: reference.tree.slotCount)
        for index in strategies.indices {
            let start = clock.now
            let problem = Self.check(strategies[index], diff: .empty, expectation: &expectation, full: full, deep: true)
            strategyTime[index] += clock.now - start
            if let problem { return Failure(strategyIndex: index, problem: "initial: " + problem, diff: .empty) }
        }
        return nil
    }

    /// Performs `operation` (resolved against the reference's tree) on the reference and
    /// every strategy and checks them.
    ///
    /// - Parameters:
    ///   - index: The operation's position in its case: it seeds the samples and picks the
    ///     deep checks.
    ///   - isLast: Whether it is the case's last operation (a deep check).
    /// - Returns: The first strategy that disagreed, or `nil`.
    /// - Complexity: one operation of each strategy, plus the reference's O(*n* log *n*) and
    ///   the checks.
    public mutating func perform(_ operation: TreeOperation, index: Int, isLast: Bool) -> Failure? {
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
        for strategyIndex in strategies.indices {
            let start = clock.now
            let diff: RowDiff
            do { diff = try Self.step(&strategies[strategyIndex], operation) } catch {
                strategyTime[strategyIndex] += clock.now - start
                return Failure(strategyIndex: strategyIndex, problem: "threw \"\(error)\" on an operation the reference performed"
                    + " (its tree has drifted from the reference's)", diff: .empty)
            }
            var problem = Self.check(strategies[strategyIndex], diff: diff, expectation: &expectation, full: full, deep: deep)
            if problem == nil && (full || deep) { problem = StepCheck.checkTree(strategies[strategyIndex].tree, reference: reference.tree) }
            strategyTime[strategyIndex] += clock.now - start
            if let problem { return Failure(strategyIndex: strategyIndex, problem: problem, diff: diff) }
        }
        return nil
    }

    private static func check<S: RowStrategy>(
        _ strategy: S, diff: RowDiff, expectation: inout StepExpectation, full: Bool, deep: Bool
    ) -> String? {
        if full {
            return StepCheck.check(strategy, diff: diff, referenceDiff: expectation.referenceDiff, oldRows: expectation.oldRows,
                                   newRows: expectation.newRows, full: true)
        }
        return StepCheck.sampled(strategy, diff: diff, expectation: &expectation, deep: deep)
    }

    /// Performs the operation, resolved against the reference's tree, which the strategy's
    /// tree should equal; a strategy whose tree drifted may throw.
    private static func step<S: RowStrategy>(_ strategy: inout S, _ operation: TreeOperation) throws(Tree.InsertionError) -> RowDiff {
        try strategy.perform(operation)
    }

    /// The seed of a step's samples: a function of the step alone, so a replay samples alike.
    static func sampleSeed(operation: Int, rowCount: Int) -> UInt64 {
        (UInt64(bitPattern: Int64(operation)) &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(rowCount)
    }
}
