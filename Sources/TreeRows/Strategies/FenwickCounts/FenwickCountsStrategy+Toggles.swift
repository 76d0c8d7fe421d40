/// Expanding and collapsing in the fenwick-counts strategy: a node's count changes and
/// the change climbs to the root through each sibling list's Fenwick tree.
extension FenwickCountsStrategy {
    /// Sets one node's flag, fixes the counts and reports the changed range.
    ///
    /// - Complexity: O(*d* log *f*).
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        defer { checkInvariantsIfEnabled() }
        tree.setExpanded(node, isExpanded)
        let slot = node.slot
        let old = (counts[slot], heightSum(slot))
        counts[slot] = isExpanded ? 1 + Int32(total(of: slot, Self.countCells)) : 1
        if hasHeights { heightSums[slot] = ownHeight(slot) + (isExpanded ? total(of: slot, Self.heightCells) : 0) }
        return changedBlock(of: node, old: old)
    }

    /// Propagates the change of `node`'s count from `old` and returns the rows under `node`
    /// that appeared or disappeared, as one range.
    mutating func changedBlock(of node: NodeIndex, old: (count: Int32, height: Int64)) -> RowDiff {
        let delta = counts[node.slot] - old.count
        guard delta != 0, propagate(delta, height: heightSum(node.slot) - old.height, above: node),
              let row = index(of: node) else { return .empty }
        return .subtreeChange(under: row, by: Int(delta))
    }

    /// Sets the flags of `node`'s subtree (of everything, for the root), recomputes its
    /// bookkeeping and propagates the change of `node`'s count.
    mutating func setSubtree(of node: NodeIndex, expanded: Bool) {
        let old = (counts[node.slot], heightSum(node.slot))
        tree.setExpandedInSubtree(of: node, expanded)
        refresh(node)
        if node != Tree.root, counts[node.slot] != old.0 {
            _ = propagate(counts[node.slot] - old.0, height: heightSum(node.slot) - old.1, above: node)
        }
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let revealed = index(of: node).map { tree.rowsRevealedByExpandingSubtree(of: node, firstRow: $0 + 1) } ?? .empty
        setSubtree(of: node, expanded: true)
        return revealed
    }

    public mutating func expandAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let revealed = tree.rowsRevealedByExpandingSubtree(of: Tree.root, firstRow: 0)
        setSubtree(of: Tree.root, expanded: true)
        return revealed
    }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let row = index(of: node)
        let old = counts[node.slot]
        setSubtree(of: node, expanded: false)
        guard let row, old > 1 else { return .empty }
        return RowDiff(deletions: RangeList(row + 1..<row + Int(old)))
    }

    public mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let hidden = tree.rowsUnderTopLevelNodes { Int(counts[$0.slot]) }
        setSubtree(of: Tree.root, expanded: false)
        return hidden
    }

    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let parent = tree.parent(of: node)
        // The row of the first child, if the siblings are rows.
        let firstRow: Int? = parent == Tree.root ? 0 : index(of: parent).flatMap { tree.isExpanded(parent) ? $0 + 1 : nil }
        var (siblings, diff) = tree.expandedSiblings(of: node, firstRow: firstRow) { Int(self.counts[$0.slot]) }
        for sibling in siblings {
            tree.setExpanded(sibling, false)
            let old = (counts[sibling.slot], heightSum(sibling.slot))
            guard old.0 != 1 else { continue }
            counts[sibling.slot] = 1
            if hasHeights { heightSums[sibling.slot] = ownHeight(sibling.slot) }
            _ = propagate(1 - old.0, height: heightSum(sibling.slot) - old.1, above: sibling)
        }
        // Deletions in old indices, then the insertion in new ones: one batch.
        diff.insertions = setExpanded(node, true).insertions
        return diff
    }
}
