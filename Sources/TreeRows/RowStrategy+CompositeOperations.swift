extension RowStrategy {
    /// Sorts with the diff as moves.
    public mutating func sortSiblings(by order: SiblingOrder) -> RowDiff {
        sortSiblings(by: order, reportingMoves: true)
    }

    /// The sort of the strategies that lay their bookkeeping out again: reads the rows
    /// (when the diff is moves), lets `sortAndLayOut` sort the tree and rebuild, and diffs
    /// the rows before and after by position, or reloads every row.
    ///
    /// - Complexity: O(*n* log *n*) plus `sortAndLayOut`.
    package mutating func sortSiblings(reportingMoves: Bool, _ sortAndLayOut: (inout Self) -> Void) -> RowDiff {
        let old = reportingMoves ? ContiguousArray(rows(in: 0..<rowCount)) : []
        sortAndLayOut(&self)
        checkInvariantsIfEnabled()
        guard reportingMoves else { return .reloadingAll(rowCount: rowCount) }
        return RowDiff.trimmed(from: old, to: ContiguousArray(rows(in: 0..<rowCount)))
    }

    /// Collapses the expanded siblings of `node` one by one, then expands `node`, as one
    /// batch.
    ///
    /// - Complexity: O(*f*) plus one ``collapse(_:)`` per expanded sibling and one
    ///   ``expand(_:)``, for *f* siblings.
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        let siblings: [NodeIndex]
        do {
            // A scoped copy: held across the mutations below, it would make them copy the tree.
            let tree = self.tree
            tree.requireLive(node)
            siblings = tree.expandedSiblings(of: node, firstRow: nil) { _ in 1 }.siblings
        }
        var steps: [RowDiff] = []
        steps.reserveCapacity(siblings.count + 1)
        for sibling in siblings { steps.append(collapse(sibling)) }
        steps.append(expand(node))
        return .sequence(steps)
    }

    /// Removes the load-more row (on the last page), then inserts the replies one by one,
    /// as one batch.
    ///
    /// - Complexity: O(*f*) plus one ``remove(_:)`` and one ``insert(_:under:at:)`` per id.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        var position: Int
        do {
            let tree = self.tree
            try tree.validatePage(ids, under: parent, before: loadMoreRow)
            position = tree.childCount(of: parent)
        }
        var steps: [RowDiff] = []
        steps.reserveCapacity(ids.count + 1)
        if let loadMoreRow {
            // Kept, the row stays last and the replies go before it; removed, they go after
            // the remaining children. Either way, one place fewer.
            position -= 1
            if removingLoadMoreRow { steps.append(remove(loadMoreRow)) }
        }
        for id in ids {
            steps.append(try insert(id, under: parent, at: position))
            position += 1
        }
        return .sequence(steps)
    }

    /// The page of the count strategies, in one batch: validates, removes the load-more row
    /// with ``remove(_:)`` when it goes, lets `addReplies` put the validated replies into the
    /// strategy's tree and bookkeeping (given the row they go before: the kept load-more
    /// row, or `nil` for the end), and reports them as one insertion from the first reply's
    /// row (their slots follow the old ones).
    ///
    /// - Complexity: one ``remove(_:)``, `addReplies` and one ``index(of:)``.
    package mutating func loadPageInOneBatch(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool,
        addReplies: (inout Self, _ before: NodeIndex?) -> Void
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.validatePage(ids, under: parent, before: loadMoreRow)
        defer { checkInvariantsIfEnabled() }
        var diff = RowDiff()
        if let loadMoreRow, removingLoadMoreRow { diff = remove(loadMoreRow) }
        let firstSlot = tree.slotCount
        addReplies(&self, removingLoadMoreRow ? nil : loadMoreRow)
        if !ids.isEmpty, let row = index(of: NodeIndex(Int32(firstSlot))) { diff.insertions = [row..<row + ids.count] }
        return diff
    }
}

extension RowDiff {
    /// The diff that reloads every one of `rowCount` rows: `reloadData` as a batch update.
    public static func reloadingAll(rowCount: Int) -> RowDiff {
        rowCount == 0 ? .empty : RowDiff(reloads: RangeList(0..<rowCount))
    }
}
