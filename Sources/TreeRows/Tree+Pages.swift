extension Tree {
    /// Checks a page of replies before anything is loaded: `parent` is the root or a live
    /// node, `loadMoreRow` (if any) is its last child, and the ids are new and distinct.
    ///
    /// - Throws: ``InsertionError/unknownParent(_:)``,
    ///   ``InsertionError/loadMoreRowNotLastChild(_:)`` or ``InsertionError/duplicateID(_:)``.
    /// - Complexity: O(*k*) for *k* ids, on average.
    public func validatePage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?) throws(InsertionError) {
        guard parent == Tree.root || contains(parent) else { throw .unknownParent(parent) }
        if let loadMoreRow, !contains(loadMoreRow) || lastChild(of: parent) != loadMoreRow {
            throw .loadMoreRowNotLastChild(loadMoreRow)
        }
        var seen = Set<NodeID>()
        for id in ids where index(of: id) != nil || !seen.insert(id).inserted { throw .duplicateID(id) }
    }

    /// Adds a validated page: the new leaves go before `loadMoreRow` (at the end without
    /// one), and `loadMoreRow` is removed when `removingLoadMoreRow`.
    ///
    /// - Complexity: O(*k*) for *k* ids (each goes before the kept row, or last).
    public mutating func loadValidatedPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) {
        if let loadMoreRow, removingLoadMoreRow { removeSubtree(loadMoreRow) }
        let before = removingLoadMoreRow ? nil : loadMoreRow
        for id in ids {
            do { try insert(id, under: parent, before: before) } catch { preconditionFailure("page not validated: \(error)") }
        }
    }
}
