extension Tree {
    /// The rows that expanding `node` and all its descendants inserts, when the rows under
    /// `node` start at `firstRow`: with everything expanded, the *k*-th descendant in
    /// preorder lands on row `firstRow + k`, and it is new exactly when it was hidden, that
    /// is, when `node` or an ancestor inside the subtree was collapsed. Call it before the
    /// flags change.
    ///
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    package func rowsRevealedByExpandingSubtree(of node: NodeIndex, firstRow: Int) -> RowDiff {
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
        forEachChild(of: parent(of: node), firstRow: firstRow ?? 0, rowCount: rowCount) { child, row, count in
            guard child != node && isExpanded(child) else { return }
            siblings.append(child)
            if firstRow != nil { builder.delete(row + 1..<row + count) }
        }
        return (siblings, builder.diff)
    }

    /// The rows under every top-level node, as the deletions of a collapse-all; `rowCount`
    /// gives the rows a node shows, its own included.
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    package func rowsUnderTopLevelNodes(rowCount: (NodeIndex) -> Int) -> RowDiff {
        var builder = RowDiffBuilder()
        forEachChild(of: Tree.root, firstRow: 0, rowCount: rowCount) { _, row, count in builder.delete(row + 1..<row + count) }
        return builder.diff
    }

    /// The flat row of every top-level node, from the rows each shows (its own included).
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    func sectionLayout(rowCount: (NodeIndex) -> Int) -> SectionLayout {
        var headers: [Int] = []
        var total = 0
        forEachChild(of: Tree.root, firstRow: 0, rowCount: rowCount) { _, row, count in
            headers.append(row)
            total = row + count
        }
        return SectionLayout(headerRows: headers, flatRowCount: total)
    }

    /// Calls `body` with each child of `parent`, its row and the rows it shows, when the
    /// children are rows from `firstRow` on.
    private func forEachChild(
        of parent: NodeIndex, firstRow: Int, rowCount: (NodeIndex) -> Int, _ body: (NodeIndex, Int, Int) -> Void
    ) {
        var row = firstRow
        var child = firstChild(of: parent)
        while let current = child {
            let count = rowCount(current)
            body(current, row, count)
            row += count
            child = nextSibling(of: current)
        }
    }

    /// The `count` rows from the row of `node` on (a visible node), in row order: a preorder
    /// walk that skips the descendants of collapsed nodes.
    ///
    /// - Complexity: O(*count* + *d*) for climbing out of subtrees of depth up to *d*.
    func visibleRows(from node: NodeIndex, count: Int) -> [Row] {
        var result: [Row] = []
        guard count > 0 else { return result }
        result.reserveCapacity(count)
        var node = node
        while true {
            result.append(Row(node: node, depth: depth(of: node)))
            if result.count == count { return result }
            if isExpanded(node), let child = firstChild(of: node) {
                node = child
                continue
            }
            while nextSibling(of: node) == nil { node = parent(of: node) }
            node = nextSibling(of: node)!
        }
    }
}
