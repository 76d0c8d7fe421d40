/// Inserts, pages, removals and sorts of the fenwick-counts strategy.
extension FenwickCountsStrategy {
    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        guard attach(node), let row = index(of: node) else { return .empty }
        return RowDiff(insertions: RangeList(row..<row + 1))
    }

    /// Adds the bookkeeping of a new leaf that the tree already has: its slot, its place in
    /// its parent's region, and its count up the ancestors.
    ///
    /// - Returns: Whether the new leaf is a row.
    mutating func attach(_ node: NodeIndex) -> Bool {
        lists.appendSlot()
        counts.append(1)
        if hasHeights { heightSums.append(ownHeight(node.slot)) }
        let parent = tree.parent(of: node).slot
        let previous = tree.previousSibling(of: node)?.rawValue ?? -1
        let rebuilt = lists.insert(node.rawValue, after: previous, under: parent, cells: &cells)
        // A rebuilt region already holds the new node's values.
        if rebuilt { rebuildCells(parent) }
        return propagate(1, height: heightSum(node.slot), above: node, skippingOwnCell: rebuilt)
    }

    /// Removes the load-more row if it goes, adds the replies with one count update each,
    /// and finds the row of the first reply once.
    ///
    /// - Complexity: O(*k* · *d* log *f*) for *k* replies, plus O(*f*) for each region
    ///   shift (a kept load-more row: the replies go before it).
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try loadPageInOneBatch(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) { strategy, before in
            let firstSlot = strategy.tree.slotCount
            strategy.tree.loadValidatedPage(ids, under: parent, before: before, removingLoadMoreRow: false)
            for slot in firstSlot..<strategy.tree.slotCount { _ = strategy.attach(NodeIndex(Int32(slot))) }
        }
    }

    /// Finds the siblings' rows in one walk along the sibling list (from the parent's row),
    /// collapses the expanded ones, then expands `node`.
    ///
    /// - Complexity: O(*f* + *e* · *d* log *f*) for *f* siblings, *e* of them expanded.

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let row = index(of: node)
        let count = counts[node.slot]
        _ = propagate(-count, height: -heightSum(node.slot), above: node)
        let parent = tree.parent(of: node).slot
        lists.members[Int(lists.start[parent] + lists.position[node.slot])] = -1
        tree.removeSubtree(node)
        guard let row else { return .empty }
        return RowDiff(deletions: RangeList(row..<row + Int(count)))
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { strategy in
            strategy.tree.sortSiblings(by: order)
            // Counts do not change; the regions are laid out in the new order.
            strategy.refresh(Tree.root)
        }
    }
}
