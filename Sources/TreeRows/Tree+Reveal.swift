extension Tree {
    /// The rows that expanding `node` and all its descendants inserts, when the rows under
    /// `node` start at `firstRow`: with everything expanded, the *k*-th descendant in
    /// preorder lands on row `firstRow + k`, and it is new exactly when it was hidden, that
    /// is, when `node` or an ancestor inside the subtree was collapsed. Call it before the
    /// flags change.
    ///
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    func rowsRevealedByExpandingSubtree(of node: NodeIndex, firstRow: Int) -> RowDiff {
        var builder = RowDiffBuilder()
        // Depth of the shallowest collapsed node whose subtree the walk is inside.
        var hiddenBelow = Int32.max
        if node != Tree.root && !isExpanded(node) { hiddenBelow = depth(of: node) }
        var offset = 0
        forEachInSubtree(of: node) { member in
            guard member != node else { return }
            let depth = depth(of: member)
            if depth <= hiddenBelow { hiddenBelow = .max }
            if hiddenBelow != .max { builder.insert(firstRow + offset) } else if !isExpanded(member) { hiddenBelow = depth }
            offset += 1
        }
        return builder.diff
    }
}

extension Tree {
    /// The siblings of `node` that an accordion expand collapses (the expanded ones), and
    /// the rows under them as deletions when the siblings are rows from `firstRow` on;
    /// `rowCount` gives the rows a sibling shows, its own included.
    ///
    /// - Complexity: O(*f*) for *f* siblings.
    func expandedSiblings(of node: NodeIndex, firstRow: Int?, rowCount: (NodeIndex) -> Int) -> (siblings: [NodeIndex], rows: RowDiff) {
        var siblings: [NodeIndex] = []
        var builder = RowDiffBuilder()
        var row = firstRow
        var sibling = firstChild(of: parent(of: node))
        while let current = sibling {
            let count = rowCount(current)
            if current != node && isExpanded(current) {
                siblings.append(current)
                if let row, count > 1 { builder.delete(row + 1..<row + count) }
            }
            row = row.map { $0 + count }
            sibling = nextSibling(of: current)
        }
        return (siblings, builder.diff)
    }
}
