import TreeRows

/// Runs a ``FuzzCase`` through the reference and one or more strategies in lock-step, with
/// the checks of a ``DifferentialSession`` after every operation.
public enum DifferentialRun {
    /// The first disagreement of any of `strategies` on `fuzzCase`, or `nil` when all agree.
    ///
    /// Operations whose nodes do not exist at that point are skipped (as the shrinker's
    /// candidates leave them). A case whose tree cannot be built is reported as a
    /// disagreement of the harness itself.
    /// - Complexity: O(*m* · (*n* log *n* + checks)) for *m* operations on trees of *n* nodes.
    public static func firstDisagreement(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type]) -> Disagreement? {
        firstDisagreement(fuzzCase, strategies: strategies, observer: SilentObserver())
    }

    /// ``firstDisagreement(_:strategies:)`` with every step told to `observer`.
    package static func firstDisagreement(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type],
                                          observer: any StepObserver) -> Disagreement? {
        // Never throws when not strict.
        (try? run(fuzzCase, strategies: strategies, strictly: false, observer: observer)) ?? nil
    }

    /// An operation of a replayed case that does not apply to the tree as it stands.
    public struct InvalidOperation: Error, CustomStringConvertible {
        /// Its 0-based position in the case.
        public var index: Int
        public var operation: FuzzOperation
        public var problem: String
        public var description: String { "operation \(index) (\(operation)): \(problem)" }
    }

    /// ``firstDisagreement(_:strategies:)`` for a case read from a repro file: every
    /// operation must apply exactly to the tree as it stands when it comes.
    ///
    /// - Throws: ``InvalidOperation`` for the first that does not (nothing is skipped or clamped).
    /// - Complexity: that of ``firstDisagreement(_:strategies:)``.
    public static func replay(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type]) throws(InvalidOperation) -> Disagreement? {
        try run(fuzzCase, strategies: strategies, strictly: true)
    }

    /// Runs `fuzzCase` in a session of the fuzzer's policy whose steps are told to `observer`,
    /// skipping operations whose nodes are gone, or `strictly` (a repro file).
    ///
    /// - Complexity: that of ``firstDisagreement(_:strategies:)``.
    package static func run(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type], strictly: Bool,
                            observer: any StepObserver = SilentObserver()) throws(InvalidOperation) -> Disagreement? {
        let tree: Tree
        do { tree = try fuzzCase.makeTree() } catch { return .invalidCase("\(error)") }
        var session = DifferentialSession(tree: tree, strategies: strategies, policy: .fuzz, observer: observer)
        var operations = fuzzCase.operations.enumerated().makeIterator()
        let last = fuzzCase.operations.count - 1
        let found = try session.run { reference throws(InvalidOperation) -> DifferentialSession.CaseStep? in
            while let (index, fuzzOperation) = operations.next() {
                do throws(UnresolvableOperation) {
                    let operation = try fuzzOperation.resolved(in: reference.tree, strictly: strictly)
                    return DifferentialSession.CaseStep(operation, index: index, isLast: index == last)
                } catch {
                    guard strictly else { continue }
                    throw InvalidOperation(index: index, operation: fuzzOperation, problem: error.description)
                }
            }
            return nil
        }
        return found.map { disagreement(session, $0.failure, operationIndex: $0.operationIndex) }
    }

    /// The disagreement of a session's failure, with both row lists (cut at 1,000 rows).
    static func disagreement(_ session: DifferentialSession, _ failure: DifferentialSession.Failure, operationIndex: Int) -> Disagreement {
        func describe(_ rows: ArraySlice<Row>, _ tree: Tree) -> [String] {
            rows.map { "\($0.depth):\(tree.contains($0.node) ? tree.id(of: $0.node).description : "\($0.node)")" }
        }
        let strategy = session.strategies[failure.strategyIndex]
        let expected = session.reference.rows
        // Listing a broken strategy's rows may itself fail; only list what is in range.
        let actual = (0..<min(1_000, max(0, strategy.rowCount))).map { strategy.row(at: $0) }
        return Disagreement(strategy: type(of: strategy).name, operationIndex: operationIndex, problem: failure.problem,
                            expectedRows: describe(expected.prefix(1_000), session.reference.tree),
                            actualRows: describe(actual[...], strategy.tree), diff: StepCheck.brief(failure.diff),
                            aspect: failure.disagreement.aspect, expected: failure.disagreement.expected,
                            found: failure.disagreement.found)
    }
}
