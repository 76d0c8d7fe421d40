import TreeRows

/// Runs a ``FuzzCase`` through the reference and one or more strategies in lock-step,
/// with the full ``StepCheck`` after every operation.
public enum DifferentialRun {
    /// The first disagreement of any of `strategies` on `fuzzCase`, or `nil` when all agree.
    ///
    /// Operations whose nodes do not exist at that point are skipped (as the shrinker may
    /// leave them). A case whose tree cannot be built is reported as a disagreement of the
    /// harness itself.
    /// - Complexity: O(*m* · (*n* + checks)) for *m* operations on trees of *n* nodes.
    public static func firstDisagreement(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type]) -> Disagreement? {
        let tree: Tree
        do { tree = try fuzzCase.makeTree() } catch {
            return Disagreement(strategy: "harness", operationIndex: -1, problem: "invalid case: \(error)",
                                expectedRows: [], actualRows: [], diff: "")
        }
        var reference = ReferenceStrategy(tree: tree)
        var states: [any RowStrategy] = strategies.map { $0.init(tree: tree) }
        let initialRows = reference.rows
        for index in states.indices {
            if let problem = initialCheck(states[index], initialRows) {
                return disagreement(states[index], -1, problem, initialRows, reference.tree, .empty)
            }
        }
        for (operationIndex, fuzzOperation) in fuzzCase.operations.enumerated() {
            guard let operation = fuzzOperation.resolve(in: reference.tree) else { continue }
            let oldRows = reference.rows
            let referenceDiff = try! reference.perform(operation)
            let newRows = reference.rows
            for index in states.indices {
                let diff = step(&states[index], operation)
                if let problem = StepCheck.check(
                    states[index], diff: diff, referenceDiff: referenceDiff, oldRows: oldRows, newRows: newRows, full: true) {
                    return disagreement(states[index], operationIndex, problem, newRows, reference.tree, diff)
                }
            }
        }
        return nil
    }

    private static func step<S: RowStrategy>(_ strategy: inout S, _ operation: TreeOperation) -> RowDiff {
        // The operation resolved against the reference's tree, which every strategy's tree equals.
        try! strategy.perform(operation)
    }

    private static func initialCheck<S: RowStrategy>(_ strategy: S, _ rows: [Row]) -> String? {
        guard strategy.rowCount == rows.count else { return "initial row count \(strategy.rowCount), reference \(rows.count)" }
        return StepCheck.check(strategy, diff: .empty, referenceDiff: .empty, oldRows: rows, newRows: rows, full: true)
    }

    private static func disagreement<S: RowStrategy>(
        _ strategy: S, _ operationIndex: Int, _ problem: String, _ expected: [Row], _ tree: Tree, _ diff: RowDiff
    ) -> Disagreement {
        func describe(_ rows: [Row], _ tree: Tree) -> [String] {
            rows.map { "\($0.depth):\(tree.contains($0.node) ? tree.id(of: $0.node).description : "\($0.node)")" }
        }
        // Listing the strategy's rows may itself fail for a broken strategy; only list what is in range.
        let actual = (0..<max(0, strategy.rowCount)).map { strategy.row(at: $0) }
        return Disagreement(strategy: S.name, operationIndex: operationIndex, problem: problem,
                            expectedRows: describe(expected, tree), actualRows: describe(actual, strategy.tree),
                            diff: diff.description)
    }
}
