extension RowStrategy {
    /// ``RowStrategy/rows(in:)`` for a strategy that stores no rows: the first row by
    /// ``RowStrategy/row(at:)``, then the tree's preorder walk, which skips collapsed subtrees.
    ///
    /// - Complexity: one ``RowStrategy/row(at:)``, then O(*k*) for *k* rows.
    package func rowsByWalking(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return [] }
        return tree.visibleRows(from: row(at: range.lowerBound).node, count: range.count)
    }
}
