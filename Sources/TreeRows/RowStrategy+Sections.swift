extension RowStrategy {
    /// The depth-0 rows of ``rows(in:)``.
    ///
    /// - Complexity: O(*r*) for *r* rows, plus the cost of ``rows(in:)``.
    public func sectionLayout() -> SectionLayout { SectionLayout(rows: rows(in: 0..<rowCount)) }

    /// Performs `operation` and returns its diff in sections as well: the flat diff turned
    /// into a ``SectionedDiff`` with `layout`, the layout before, which is updated.
    ///
    /// - Throws: ``Tree/InsertionError`` from an insert or a page, with nothing changed.
    /// - Complexity: that of the operation, plus ``sectionLayout()``, plus the conversion.
    public mutating func performSectioned(
        _ operation: TreeOperation, layout: inout SectionLayout
    ) throws(Tree.InsertionError) -> SectionedDiff {
        let flat = try perform(operation)
        let after = sectionLayout()
        defer { layout = after }
        return SectionedDiff(flat: flat, before: layout, after: after)
    }
}
