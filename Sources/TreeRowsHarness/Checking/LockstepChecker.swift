import TreeRows

/// Runs strategies in lock-step with ``ReferenceStrategy`` through a seeded sequence of
/// random operations, checking each one after every operation. The operations are the
/// fuzzer's (`FuzzOperationGenerator`): every kind, sorts, pages and accordion expands
/// included, at the nodes where bugs live.
///
/// After every operation, for every strategy: its diff passes the batch-update validator
/// for its old and new row counts; applying the diff to the old rows (with inserted rows
/// read from the strategy) gives the reference's new rows; it reloads the same rows as the
/// reference's diff; the row counts agree; and
/// `row(at:)` and `index(of:)` agree with the reference on sampled rows and nodes. Every
/// `fullCheckInterval` operations, and after the last, all rows are compared,
/// `checkInvariants()` runs and the strategy's tree is compared with the reference's. A
/// strategy that disagrees (a strategy that throws on an operation the reference performed
/// too) is counted, described, and rebuilt from the reference's tree so the run goes on.
/// Each step is a ``LockstepStep``, as in the fuzzer.
public struct LockstepChecker {
    /// How many disagreement messages a report keeps.
    package static let keptMessages = 5

    /// The strategies checked (the reference runs in any case, and is reported first).
    package let strategies: [any RowStrategy.Type]
    /// The seed of the operation sequence.
    package let seed: UInt64
    /// Compare all rows and check invariants every this many operations.
    package let fullCheckInterval: Int
    /// Rows and nodes sampled per operation for `row(at:)` and `index(of:)`.
    package let samples: Int

    private var reference: ReferenceStrategy
    private var states: [any RowStrategy]
    private var generator: FuzzOperationGenerator
    private var sampler: SplitMix64
    private var reports: [LockstepReport]
    private let clock = ContinuousClock()

    /// Prepares a run on `tree`.
    ///
    /// - Parameters:
    ///   - tree: The starting tree.
    ///   - strategies: The strategies to check against the reference.
    ///   - seed: The seed from which all operations and samples flow.
    ///   - fullCheckInterval: How often to compare all rows and check invariants.
    ///   - samples: Rows and nodes sampled per operation.
    public init(
        tree: Tree, strategies: [any RowStrategy.Type], seed: UInt64, fullCheckInterval: Int = 64, samples: Int = 16
    ) {
        self.strategies = strategies.filter { $0 != ReferenceStrategy.self }
        self.seed = seed
        self.fullCheckInterval = max(1, fullCheckInterval)
        self.samples = samples
        reference = ReferenceStrategy(tree: tree)
        states = self.strategies.enumerated().map { index, type in
            StepMonitor.step(strategy: index, operation: -1)
            return type.init(tree: tree)
        }
        generator = FuzzOperationGenerator(seed: seed)
        sampler = SplitMix64(seed: seed ^ 0x5A5A_5A5A_5A5A_5A5A)
        reports = ([ReferenceStrategy.self] + self.strategies).map {
            LockstepReport(strategy: $0.name, operations: 0, disagreements: 0, messages: [], timings: [:])
        }
    }

    /// The operation at `index` (from 0) of the sequence a run with `seed` on `tree` performs:
    /// what an isolated check names when a strategy crashes in it.
    ///
    /// - Complexity: the reference's `index + 1` operations.
    package static func operation(at index: Int, tree: Tree, seed: UInt64) -> TreeOperation {
        var reference = ReferenceStrategy(tree: tree)
        var generator = FuzzOperationGenerator(seed: seed)
        var operation = generator.next(for: reference)
        for _ in 0..<index {
            generator.performed(operation, on: reference.tree)
            _ = try? reference.perform(operation)
            operation = generator.next(for: reference)
        }
        return operation
    }

    /// Runs `count` more operations and returns the reports so far, the reference first.
    ///
    /// - Parameter shouldStop: Asked before each operation but the first (Ctrl-C): when it
    ///   answers `true`, the run ends there, and the reports cover the operations done.
    public mutating func run(operations count: Int, shouldStop: () -> Bool = { false }) -> [LockstepReport] {
        for step in 0..<count {
            if step > 0 && shouldStop() { break }
            let operation = generator.next(for: reference)
            generator.performed(operation, on: reference.tree)
            let isLast = step == count - 1
            perform(operation, fullCheck: isLast || (reports[0].operations + 1) % fullCheckInterval == 0)
        }
        return reports
    }

    /// Performs one operation on the reference and on every strategy, and checks them.
    ///
    /// A full check on a tree too big for one query per row (``StepExpectation/wantsFullCheck(rowCount:slotCount:)``)
    /// is the sampled deep check the fuzzer makes: a strategy whose `index(of:)` is a linear
    /// search would make a check of every row quadratic. The reference is checked by its
    /// diff only: comparing it with its own rows proves nothing.
    ///
    /// - Complexity: the operation on every strategy, plus O(*r* + *k* log *k*) per strategy
    ///   for *r* rows and *k* diff ranges, plus its queries on the rows checked; O(*s*) more
    ///   for the tree on a full check, for *s* slots.
    package mutating func perform(_ operation: TreeOperation, fullCheck: Bool) {
        let operationIndex = reports[0].operations
        StepMonitor.beginOperation(operation, in: reference.tree)
        StepMonitor.step(strategy: -1, operation: operationIndex)
        let oldRows = reference.rows
        let start = clock.now
        let referenceDiff: RowDiff
        do { referenceDiff = try reference.perform(operation) } catch {
            preconditionFailure("generated an invalid operation \(operation): \(error)")
        }
        record(0, operation, (clock.now - start).nanoseconds)
        let newRows = reference.rows
        var expectation = StepExpectation(oldRows: oldRows, newRows: newRows, tree: reference.tree, referenceDiff: referenceDiff,
                                          sampleSeed: sampler.next())
        if let problem = LockstepStep.check(reference, diff: referenceDiff, expecting: &expectation, depth: .diff) {
            fail(0, operation, problem)
        }
        let depth: LockstepStep.Depth = !fullCheck ? .diff
            : StepExpectation.wantsFullCheck(rowCount: newRows.count, slotCount: reference.tree.slotCount) ? .full : .deep
        let sampledRows = newRows.isEmpty ? [] : (0..<samples).map { _ in sampler.below(newRows.count) }
        let sampledNodes = reference.tree.nodeCount == 0 ? []
            : (0..<samples).map { _ in reference.tree.randomLiveNode(using: &sampler) }
        let positions = sampledNodes.map { expectation.row(of: $0) }
        for index in states.indices {
            StepMonitor.step(strategy: index, operation: operationIndex)
            let step = LockstepStep.perform(operation, on: &states[index], expecting: &expectation, depth: depth)
            record(index + 1, operation, step.operationTime.nanoseconds)
            if let problem = step.disagreement
                ?? StepCheck.probe(states[index], rows: sampledRows, nodes: Array(zip(sampledNodes, positions)), newRows: newRows) {
                fail(index + 1, operation, problem)
                states[index] = type(of: states[index]).init(tree: reference.tree)
            }
        }
    }

    private mutating func record(_ report: Int, _ operation: TreeOperation, _ nanoseconds: Double) {
        reports[report].operations += 1
        reports[report].timings[operation.kind.rawValue, default: TimingCounts()].record(nanoseconds)
        reports[report].timings["all", default: TimingCounts()].record(nanoseconds)
    }

    private mutating func fail(_ report: Int, _ operation: TreeOperation, _ problem: StepDisagreement) {
        reports[report].disagreements += 1
        if reports[report].messages.count < Self.keptMessages {
            reports[report].messages.append("operation \(reports[report].operations) (\(operation)): \(problem)")
        }
    }
}
