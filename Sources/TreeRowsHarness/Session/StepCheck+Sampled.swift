import TreeRows

extension StepCheck {
    /// The check that stays affordable on trees of a million nodes, after the diff's
    /// (``checkDiff(_:diff:referenceDiff:oldRows:newRows:)``): `row(at:)`,
    /// `index(of:)`, `offset(ofRow:)` and `row(atOffset:)` (at the top, bottom, midpoint and
    /// an inner point) on the sampled rows,
    /// `rows(in:)` on the sampled windows, `index(of:)` = `nil` on sampled hidden nodes, the
    /// total height; with `deep`, the section layout and diff and `checkInvariants()` too.
    ///
    /// - Returns: What is wrong, or `nil`.
    /// - Complexity: O(*m*) queries for the *m* samples, plus the sample's O(*k* + *s*) for
    ///   *k* diff ranges and *s* slots; O(*r*) more and the strategy's invariant check with
    ///   `deep`.
    package static func sampled<S: RowStrategy>(
        _ strategy: S, diff: RowDiff, expectation: inout StepExpectation, deep: Bool
    ) -> StepDisagreement? {
        let newRows = expectation.newRows
        let sample = expectation.sample(around: diff)
        for index in sample.rows {
            let top = expectation.top(ofRow: index)
            if let wrong = checkRow(strategy, at: index, expected: newRows[index]) ?? checkIndex(strategy, of: newRows[index].node, expected: index)
                ?? checkOffset(strategy, ofRow: index, expected: top) {
                return wrong
            }
            for probe in offsets(inRowAt: top, height: expectation.top(ofRow: index + 1) - top, salt: sample.salt ^ UInt64(index)) {
                if let wrong = checkRow(strategy, atOffset: probe, expected: index) { return wrong }
            }
        }
        for window in sample.windows {
            if let wrong = checkRows(strategy, in: window, expected: newRows[window]) { return wrong }
        }
        for node in sample.hiddenNodes {
            if let wrong = checkIndex(strategy, of: node, expected: nil) { return wrong }
        }
        let total = expectation.top(ofRow: newRows.count)
        if let problem = checkTotals(strategy, rowCount: newRows.count, total: total, outside: [-1, total]) { return problem }
        guard deep else { return nil }
        if let problem = checkSections(strategy, diff: diff, oldRows: expectation.oldRows, newRows: newRows) { return problem }
        return checkInvariants(strategy)
    }
}
