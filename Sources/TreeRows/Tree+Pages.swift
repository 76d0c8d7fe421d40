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
        try validatePageTarget(under: parent, before: loadMoreRow)
        if ids.count <= Self.pairwiseLimit {
            for (position, id) in ids.enumerated() where index(of: id) != nil || ids[..<position].contains(id) {
                throw .duplicateID(id)
            }
        } else {
            var seen = Set<NodeID>(minimumCapacity: ids.count)
            for id in ids where index(of: id) != nil || !seen.insert(id).inserted { throw .duplicateID(id) }
        }
    }

    /// Checks where a page goes: `parent` is the root or a live node, and `loadMoreRow` (if
    /// any) is its last child.
    ///
    /// - Throws: ``InsertionError/unknownParent(_:)`` or ``InsertionError/loadMoreRowNotLastChild(_:)``.
    /// - Complexity: O(1).
    package func validatePageTarget(under parent: NodeIndex, before loadMoreRow: NodeIndex?) throws(InsertionError) {
        guard parent == Tree.root || contains(parent) else { throw .unknownParent(parent) }
        if let loadMoreRow, !contains(loadMoreRow) || lastChild(of: parent) != loadMoreRow {
            throw .loadMoreRowNotLastChild(loadMoreRow)
        }
    }

    /// Checks a page as ``validatePage(_:under:before:)`` does and adds it as
    /// ``insertValidated(_:under:before:)`` does, hashing each id once: each is claimed in
    /// the id table with its new slot before any node is added; at an id that is in the tree
    /// or repeats an earlier one, the claims so far are taken back and nothing has changed.
    /// While every id so far is implicit, a page that may continue them is checked first and
    /// then added (its ids stay implicit where they can).
    ///
    /// - Throws: As ``validatePage(_:under:before:)``, with the tree unchanged.
    /// - Returns: The new nodes' slots, consecutive and in page order.
    /// - Complexity: O(*k*) for *k* ids, on average: one hash lookup an id (two for each
    ///   claim taken back when it throws).
    package mutating func insertPage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?) throws(InsertionError)
        -> Range<Int32> {
        let first = Int32(parents.count)
        if explicitIDs.isEmpty && (ids.isEmpty || ids[0] == .integer(Int64(first) - 1)) {
            try validatePage(ids, under: parent, before: loadMoreRow)
            return insertValidated(ids, under: parent, before: loadMoreRow)
        }
        try validatePageTarget(under: parent, before: loadMoreRow)
        for (offset, id) in ids.enumerated() where hasImplicitlyLive(id) || !claim(id, slot: first &+ Int32(offset)) {
            for claimed in ids[..<offset] { slotsByID.removeValue(forKey: claimed) }
            throw .duplicateID(id)
        }
        let before = loadMoreRow?.rawValue ?? Tree.noNode
        for id in ids {
            _ = appendSlot(under: parent, before: before, time: nil, score: nil, isExpanded: true)
            explicitIDs.append(id)
        }
        nodeCount += ids.count
        return first..<Int32(parents.count)
    }

    /// Whether `id` is the implicit id of a live node (`.integer(slot - 1)` within
    /// ``implicitIDCount``).
    ///
    /// - Complexity: O(1).
    private func hasImplicitlyLive(_ id: NodeID) -> Bool {
        guard case .integer(let value) = id, value >= 0, value < Int64(implicitIDCount) else { return false }
        return contains(NodeIndex(Int32(value) + 1))
    }

    /// Records `slot` as the slot of `id` unless the table has it already: one hash lookup.
    ///
    /// - Returns: Whether `id` was new.
    /// - Complexity: O(1) on average.
    private mutating func claim(_ id: NodeID, slot: Int32) -> Bool {
        var claimed = false
        Self.claim(&slotsByID[id, default: Tree.noNode], slot: slot, claimed: &claimed)
        return claimed
    }

    /// Sets an id's table entry, just made `noNode` if it was missing, to `slot`.
    private static func claim(_ entry: inout Int32, slot: Int32, claimed: inout Bool) {
        guard entry == Tree.noNode else { return }
        entry = slot
        claimed = true
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
