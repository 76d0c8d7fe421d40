import TreeRows

extension BenchmarkStrategyCell {
    /// What a check of a cell found wrong, and where: "input 3 (toggle #81)", "the rows
    /// before input 0" or "the final check".
    typealias Finding = (disagreement: StepDisagreement, step: String)

    /// One sample with its results checked: the state after the preparation, every change
    /// in one ``LockstepStep`` against the reference's rows of the expected tree (the diff
    /// validated and applied, every row read back) with the operation's own diff check,
    /// and every query's answer. Returns the first disagreement, or `nil`.
    ///
    /// `rows` carries the rows a previous sample left (already checked) to the next, so a
    /// sample reads the strategy's rows and walks the reference once per change; queries,
    /// which change no rows, share one expectation (positions and offsets computed once).
    /// - Complexity: O(*r*) per change, O(log *r*) per query, for *r* rows.
    mutating func verify(_ inputs: ArraySlice<BenchmarkInput>, rows known: inout [Row]?) -> Finding? {
        prepare()
        if operation.body.preparation != nil { known = nil }  // the preparation changed the rows
        sections = nil  // the checked changes are not followed in it
        return Self.verify(operation.body, inputs, &strategy, expected: &expected, rows: &known)
    }

    /// ``verify(_:rows:)`` on the opened strategy type.
    private static func verify<S: RowStrategy>(
        _ body: any BenchmarkWorkloadBody, _ inputs: ArraySlice<BenchmarkInput>, _ strategy: inout S, expected: inout Tree,
        rows known: inout [Row]?
    ) -> Finding? {
        var rows: [Row]
        if let known {
            rows = known
        } else {
            rows = ReferenceStrategy.walk(expected)
            if let wrong = StepCheck.checkRows(strategy, rows) { return (wrong, "the rows before input \(inputs.startIndex)") }
        }
        // The queries' expectation, made on the first query after a change.
        var answers: StepExpectation?
        for (position, input) in zip(inputs.indices, inputs) {
            guard let change = body.change(for: input) else {
                if answers == nil { answers = StepExpectation(oldRows: rows, newRows: rows, tree: expected, referenceDiff: nil, sampleSeed: 0) }
                if let wrong = body.checkAnswer(input, of: strategy, expecting: &answers!) { return (wrong, "input \(position) (\(input))") }
                continue
            }
            answers = nil  // before the change: it holds the tree, whose first write would copy it
            let oldRows = rows
            let step = "input \(position) (\(change))"
            do { try expected.apply(change) } catch {
                return (StepDisagreement(.tree, "the expected tree refused the change (\(error)): a bug of the bench's inputs, to report"), step)
            }
            rows = ReferenceStrategy.walk(expected)
            var expectation = StepExpectation(oldRows: oldRows, newRows: rows, tree: expected, referenceDiff: nil, sampleSeed: 0)
            let performed = LockstepStep.perform(change, on: &strategy, expecting: &expectation, depth: .rows)
            if let wrong = performed.disagreement ?? body.checkDiff(performed.diff, of: strategy, expecting: expectation) {
                return (wrong, step)
            }
        }
        known = rows
        return nil
    }

    /// The end-of-cell check: the strategy's tree equals the expected one (structure, flags,
    /// ids and fields, hidden nodes too), its rows equal the reference's rows of that tree,
    /// its `row(at:)` and `index(of:)` answers to the `sampled` inputs that name a row or a
    /// node are right, and its invariants hold. Returns the first disagreement, or `nil`.
    ///
    /// - Complexity: O(*s*) for *s* slots, plus the strategy's `rows(in:)`, queries and
    ///   invariant check.
    func check(sampling sampled: ArraySlice<BenchmarkInput>) -> Finding? {
        Self.check(strategy, expected: expected, sampled: sampled).map { ($0, "the final check") }
    }

    /// ``check(sampling:)`` on the opened strategy type.
    private static func check<S: RowStrategy>(_ strategy: S, expected: Tree, sampled: ArraySlice<BenchmarkInput>) -> StepDisagreement? {
        if let wrong = StepCheck.checkTree(strategy.tree, reference: expected) { return wrong }
        let rows = ReferenceStrategy.walk(expected)
        if let wrong = StepCheck.checkRows(strategy, rows) { return wrong }
        // The rows of the sampled nodes, found in one pass that tests a bit per row (a
        // position per slot would be 400 MB at 1e8 nodes).
        var marks = [UInt64](repeating: 0, count: (expected.slotCount + 63) / 64)
        for case .node(let node) in sampled where expected.contains(node) { marks[node.slot / 64] |= 1 << UInt64(node.slot % 64) }
        var position: [NodeIndex: Int] = [:]
        for (index, row) in rows.enumerated() where marks[row.node.slot / 64] >> UInt64(row.node.slot % 64) & 1 != 0 {
            position[row.node] = index
        }
        for input in sampled {
            switch input {
            case .row(let row) where row < rows.count:
                if let wrong = StepCheck.checkRow(strategy, at: row, expected: rows[row]) { return wrong }
            case .node(let node) where expected.contains(node):
                if let wrong = StepCheck.checkIndex(strategy, of: node, expected: position[node]) { return wrong }
            default: break
            }
        }
        return StepCheck.checkInvariants(strategy)
    }
}
