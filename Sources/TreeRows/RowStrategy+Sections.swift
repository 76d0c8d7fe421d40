extension RowStrategy {
    /// The depth-0 rows of ``rows(in:)``.
    ///
    /// - Complexity: O(*r*) for *r* rows, plus the cost of ``rows(in:)``.
    public func sectionLayout() -> SectionLayout { SectionLayout(rows: rows(in: 0..<rowCount)) }

    /// Performs `operation` and returns its diff in sections as well, following it in
    /// `sections`, which must be this strategy's index before the operation and is
    /// updated (``SectionIndex/follow(_:in:)``).
    ///
    /// - Throws: ``Tree/InsertionError`` from an insert or a page, with nothing changed.
    /// - Complexity: that of the operation, plus O(log *S*) per range of its diff and per
    ///   section changed (a sort: O(*r* log *r*)).
    public mutating func performSectioned(
        _ operation: TreeOperation, sections: inout SectionIndex
    ) throws(Tree.InsertionError) -> SectionedDiff {
        let flat = try perform(operation)
        return sections.follow(flat, in: self)
    }
}
