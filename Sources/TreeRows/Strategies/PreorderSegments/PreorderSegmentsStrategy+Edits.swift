/// Inserts, pages, removals and sorts of the preorder-segments strategy: a removal hides its
/// range, the others lay the positions out again.
extension PreorderSegmentsStrategy {
    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        layOutAgain()
        guard let row = index(of: node) else { return .empty }
        return RowDiff(insertions: RangeList(row..<row + 1))
    }

    /// Removes the load-more row if it goes, adds the replies to the tree and lays the
    /// positions out once.
    ///
    /// - Complexity: O(*n* + *k*) for *k* replies.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try loadPageInOneBatch(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) { strategy, before in
            strategy.tree.loadValidatedPage(ids, under: parent, before: before, removingLoadMoreRow: false)
            if !ids.isEmpty { strategy.layOutAgain() }
        }
    }

    /// Adds 1 to the counters of the subtree's range, so none of it is a row again. Once
    /// removed positions outnumber the live nodes, the positions are laid out again without
    /// them, so a long run of removals does not keep growing dead weight in every descent.
    ///
    /// - Complexity: O(log *n*) plus the tree's O(*m*) for *m* removed nodes; the layout
    ///   after half the positions died adds O(1) amortized per removed node.
    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let span = self.span(of: node)
        let removed = rows(ofSpan: span)
        counters.add(1, in: span)
        deadPositions += span.count
        tree.removeSubtree(node)
        if slots.count - tree.nodeCount > tree.nodeCount { layOutAgain() }
        guard let removed else { return .empty }
        return RowDiff(deletions: RangeList(removed.first..<removed.first + removed.count))
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { strategy in
            strategy.tree.sortSiblings(by: order)
            strategy.layOutAgain()
        }
    }
}
