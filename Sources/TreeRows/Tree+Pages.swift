extension Tree {
    /// Checks a page of replies before anything is loaded: `parent` is the root or a live
    /// node, `loadMoreRow` (if any) is its last child, and the ids are new and distinct.
    ///
    /// - Throws: ``InsertionError/unknownParent(_:)``,
    ///   ``InsertionError/loadMoreRowNotLastChild(_:)`` or ``InsertionError/duplicateID(_:)``.
    /// The first id reported is the first, in page order, that is in the tree or repeats
    /// an earlier one.
    ///
    /// - Complexity: O(*k*) for *k* ids, on average: one hash lookup an id, and a page of up
    ///   to ``pairwiseLimit`` ids compares its ids pairwise instead of hashing them again.
    public func validatePage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?) throws(InsertionError) {
        guard parent == Tree.root || contains(parent) else { throw .unknownParent(parent) }
        if let loadMoreRow, !contains(loadMoreRow) || lastChild(of: parent) != loadMoreRow {
            throw .loadMoreRowNotLastChild(loadMoreRow)
        }
        if ids.count <= Self.pairwiseLimit {
            for (position, id) in ids.enumerated() where index(of: id) != nil || ids[..<position].contains(id) {
                throw .duplicateID(id)
            }
        } else {
            var seen = Set<NodeID>(minimumCapacity: ids.count)
            for id in ids where index(of: id) != nil || !seen.insert(id).inserted { throw .duplicateID(id) }
        }
    }

    /// The largest page whose ids ``validatePage(_:under:before:)`` compares pairwise: at most
    /// 120 comparisons, cheaper than building a set and hashing every id once more.
    package static var pairwiseLimit: Int { 16 }

    /// Adds a validated page: the new leaves go before `loadMoreRow` (at the end without
    /// one), and `loadMoreRow` is removed when `removingLoadMoreRow`.
    ///
    /// - Complexity: O(*k*) for *k* ids (each goes before the kept row, or last).
    public mutating func loadValidatedPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) {
        if let loadMoreRow, removingLoadMoreRow { removeSubtree(loadMoreRow) }
        insertValidated(ids, under: parent, before: removingLoadMoreRow ? nil : loadMoreRow)
    }
}
