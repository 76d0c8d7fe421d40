import TreeRows

/// One step of a strategy beside the reference: the strategy performs the operation the
/// reference performed, and its diff, rows and answers are checked against what the
/// reference expects after it.
///
/// Every driver takes its steps here: the fuzzer, `replay` and `check` through
/// ``DifferentialSession`` (whose policy picks the ``Depth`` and what else a step checks:
/// `check` probes sampled rows and nodes), and the benchmark's verified samples, whose
/// expectation comes from the rows of a bare tree and which check queries' answers and an
/// operation's own diff form beside the step.
package enum LockstepStep {
    /// How much of the contract a step checks.
    package enum Depth: Sendable {
        /// The row count and the diff (``StepCheck/checkDiff(_:diff:referenceDiff:oldRows:newRows:)``).
        case diff
        /// The diff, then every row read back through `rows(in:)` in slices: O(*r*) and
        /// affordable at 1e8 rows.
        case rows
        /// The diff and sampled queries and windows (``StepCheck/sampled(_:diff:expectation:deep:)``).
        case sampled
        /// ``sampled`` with the sections, the invariants and the strategy's tree.
        case deep
        /// Every row, node and offset, the sections, the invariants and the tree.
        case full
    }

    /// What one step found.
    package struct Outcome {
        /// The strategy's diff (empty when it threw).
        package var diff: RowDiff
        /// What is wrong, or `nil`.
        package var disagreement: StepDisagreement?
        /// The time the operation took, without the check.
        package var operationTime: Duration
    }

    /// Performs `operation` on `strategy` and checks it against `expectation`.
    ///
    /// - Complexity: the operation, plus the check at `depth`.
    package static func perform<S: RowStrategy>(
        _ operation: TreeOperation, on strategy: inout S, expecting expectation: inout StepExpectation, depth: Depth
    ) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        let diff: RowDiff
        do { diff = try strategy.perform(operation) } catch {
            return Outcome(diff: .empty, disagreement: StepDisagreement(.threw, "threw \"\(error)\" on an operation the reference"
                + " performed (its tree has drifted from the reference's)"), operationTime: clock.now - start)
        }
        let operationTime = clock.now - start
        return Outcome(diff: diff, disagreement: check(strategy, diff: diff, expecting: &expectation, depth: depth), operationTime: operationTime)
    }

    /// Checks `strategy`, whose last operation returned `diff`, against `expectation`.
    ///
    /// - Returns: What is wrong, or `nil`.
    /// - Complexity: O(*r* + *k* log *k*) for *r* rows and *k* diff ranges at every depth;
    ///   plus O(*r*) `rows(in:)` reads with ``Depth/rows``; the samples' queries with
    ///   ``Depth/sampled``; O(*r*) more, the invariant check and O(*s*) for the tree with
    ///   ``Depth/deep``; a query per row and node with ``Depth/full``.
    package static func check<S: RowStrategy>(
        _ strategy: S, diff: RowDiff, expecting expectation: inout StepExpectation, depth: Depth
    ) -> StepDisagreement? {
        if let problem = StepCheck.checkDiff(strategy, diff: diff, referenceDiff: expectation.referenceDiff,
                                             oldRows: expectation.oldRows, newRows: expectation.newRows) {
            return problem
        }
        switch depth {
        case .diff:
            return nil
        case .rows:
            return StepCheck.checkRows(strategy, expectation.newRows)
        case .sampled:
            return StepCheck.sampled(strategy, diff: diff, expectation: &expectation, deep: false)
        case .deep:
            if let problem = StepCheck.sampled(strategy, diff: diff, expectation: &expectation, deep: true) { return problem }
        case .full:
            if let problem = StepCheck.checkEveryRow(strategy, diff: diff, oldRows: expectation.oldRows, newRows: expectation.newRows) {
                return problem
            }
        }
        return StepCheck.checkTree(strategy.tree, reference: expectation.tree)
    }
}
