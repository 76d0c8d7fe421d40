extension RowStrategy {
    /// The offset of ``rowCount``: the sum of all row heights.
    ///
    /// - Complexity: that of ``offset(ofRow:)``.
    public var totalHeight: Int { offset(ofRow: rowCount) }

    /// Sums the heights of the rows above `index`, read through ``rows(in:)``; with no
    /// heights set, `index` times ``Tree/defaultRowHeight``.
    ///
    /// - Complexity: O(*i*) for *i* = `index` (plus the cost of ``rows(in:)``); O(1) with
    ///   no heights set.
    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        let tree = self.tree  // once: each access through the protocol copies the tree's arrays
        guard tree.hasHeights else { return Tree.defaultOffset(ofRow: index) }
        return rows(in: 0..<index).reduce(0) { $0 + Int(tree.height(of: $1.node)) }
    }

    /// Adds up row heights from the top until the sum passes `offset`; with no heights set,
    /// a division.
    ///
    /// - Complexity: O(*r*) for *r* rows; O(1) with no heights set.
    public func row(atOffset offset: Int) -> Int? {
        let tree = self.tree
        guard tree.hasHeights else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0 else { return nil }
        var bottom = 0
        for (index, row) in rows(in: 0..<rowCount).enumerated() {
            bottom += Int(tree.height(of: row.node))
            if offset < bottom { return index }
        }
        return nil
    }
}
