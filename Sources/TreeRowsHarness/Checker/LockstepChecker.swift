import TreeRows

/// The `check` driver: runs strategies in lock-step with ``ReferenceStrategy`` through a
/// seeded sequence of random operations, each one a step of a ``DifferentialSession`` with
/// the policy ``DifferentialSession/Policy/check(samples:seed:fullCheckInterval:)``. The
/// operations are the fuzzer's (`FuzzOperationGenerator`): every kind, sorts, pages and
/// accordion expands included, at the nodes where bugs live.
///
/// After every operation, for every strategy: its diff passes the batch-update validator
/// for its old and new row counts; applying the diff to the old rows (with inserted rows
/// read from the strategy) gives the reference's new rows; it reloads the same rows as the
/// reference's diff; the row counts agree; and `row(at:)` and `index(of:)` agree with the
/// reference on sampled rows and nodes. Every `fullCheckInterval` operations, and after the
/// last, all rows are compared, `checkInvariants()` runs and the strategy's tree is compared
/// with the reference's. A strategy that disagrees (a strategy that throws on an operation
/// the reference performed too) is counted, described, and rebuilt from the reference's
/// tree so the run goes on. The checker keeps the reports: counts, times and messages.
public struct LockstepChecker {
    /// How many disagreement messages a report keeps.
    package static let keptMessages = 5

    /// The strategies checked (the reference runs in any case, and is reported first).
    package let strategies: [any RowStrategy.Type]
    /// The seed of the operation sequence.
    package let seed: UInt64

    private var session: DifferentialSession
    private var generator: FuzzOperationGenerator
    private var reports: [LockstepReport]

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
        self.init(tree: tree, strategies: strategies, seed: seed, fullCheckInterval: fullCheckInterval, samples: samples,
                  observer: SilentObserver())
    }

    /// ``init(tree:strategies:seed:fullCheckInterval:samples:)`` whose steps are told to `observer`.
    ///
    /// - Complexity: one build of each strategy.
    package init(
        tree: Tree, strategies: [any RowStrategy.Type], seed: UInt64, fullCheckInterval: Int = 64, samples: Int = 16,
        observer: any StepObserver
    ) {
        self.strategies = strategies.filter { $0 != ReferenceStrategy.self }
        self.seed = seed
        session = DifferentialSession(tree: tree, strategies: self.strategies,
                                      policy: .check(samples: samples, seed: seed, fullCheckInterval: fullCheckInterval), observer: observer)
        generator = FuzzOperationGenerator(seed: seed)
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
    /// - Complexity: `count` steps of the session (``DifferentialSession/perform(_:)``).
    public mutating func run(operations count: Int, shouldStop: () -> Bool = { false }) -> [LockstepReport] {
        for step in 0..<count {
            if step > 0 && shouldStop() { break }
            let operation = generator.next(for: session.reference)
            generator.performed(operation, on: session.reference.tree)
            perform(operation, isLast: step == count - 1)
        }
        return reports
    }

    /// Performs one operation on the reference and on every strategy, checks them (a full
    /// check every `fullCheckInterval` operations and when `isLast`), and adds the step's
    /// times and disagreements to the reports.
    ///
    /// - Complexity: one step of the session.
    package mutating func perform(_ operation: TreeOperation, isLast: Bool) {
        let failures = session.perform(DifferentialSession.CaseStep(operation, index: reports[0].operations, isLast: isLast))
        record(0, operation, session.lastReferenceTime.nanoseconds)
        for (index, time) in session.lastOperationTimes.enumerated() { record(index + 1, operation, time.nanoseconds) }
        for failure in failures { fail(failure.strategyIndex + 1, operation, failure.disagreement) }
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
