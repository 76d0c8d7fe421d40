import TreeRows

extension StepCheck {
    /// Where `found` first differs from `expected`, element by element: the position, and
    /// each side's element there ("no element" where that side has ended). `nil` when they
    /// are equal. A message that names this position shows the difference wherever it lies.
    ///
    /// - Complexity: O(*m*) for the length *m* of the shorter collection.
    package static func firstDifference<Found: Collection, Expected: Collection>(
        _ found: Found, _ expected: Expected
    ) -> (position: Int, expected: String, found: String)? where Found.Element: Equatable, Expected.Element == Found.Element {
        var position = 0
        var foundIterator = found.makeIterator()
        var expectedIterator = expected.makeIterator()
        while true {
            let left = foundIterator.next(), right = expectedIterator.next()
            if left == nil && right == nil { return nil }
            if left != right {
                return (position, right.map { "\($0)" } ?? "no element", left.map { "\($0)" } ?? "no element")
            }
            position += 1
        }
    }

    /// `rows(in: range)` of `strategy` against `expected`; the disagreement names the first
    /// row that differs.
    ///
    /// - Complexity: what the strategy's `rows(in:)` costs, plus O(*m*) for *m* rows.
    package static func checkRows<S: RowStrategy, Expected: Collection<Row>>(
        _ strategy: S, in range: Range<Int>, expected: Expected
    ) -> StepDisagreement? {
        guard let difference = firstDifference(strategy.rows(in: range), expected) else { return nil }
        return StepDisagreement(.rows, "rows(in: \(range)) differ from the reference at row \(range.lowerBound + difference.position)",
                                expected: difference.expected, found: difference.found)
    }

    /// A section layout against the expected one; the disagreement names `what` and the
    /// first header (or the flat row count) that differs.
    ///
    /// - Complexity: O(*h*) for *h* headers.
    static func checkLayout(_ found: SectionLayout, expected: SectionLayout, _ what: String) -> StepDisagreement? {
        if let difference = firstDifference(found.headerRows, expected.headerRows) {
            return StepDisagreement(.sections, "\(what): section \(difference.position)'s header row is \(difference.found), expected \(difference.expected)",
                                    expected: difference.expected, found: difference.found)
        }
        guard found == expected else {
            return StepDisagreement(.sections, "\(what): \(found.flatRowCount) flat rows, expected \(expected.flatRowCount)",
                                    expected: String(expected.flatRowCount), found: String(found.flatRowCount))
        }
        return nil
    }
}
