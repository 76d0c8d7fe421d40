/// Expanding and collapsing in the preorder-segments strategy: a range add on the subtree's
/// positions.
extension PreorderSegmentsStrategy {
    /// Sets one node's flag, adds ±1 to its descendants' counters and reports the zeros
    /// of that range as the changed rows.
    ///
    /// - Complexity: O(log *n*).
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        defer { checkInvariantsIfEnabled() }
        tree.setExpanded(node, isExpanded)
        let span = self.span(of: node)
        guard span.count > 1 else { return .empty }
        let descendants = span.lowerBound + 1..<span.upperBound
        if !isExpanded {
            let before = rows(ofSpan: span)
            counters.add(1, in: descendants)
            guard let before, before.count > 1 else { return .empty }
            return RowDiff(deletions: RangeList(before.first + 1..<before.first + before.count))
        }
        counters.add(-1, in: descendants)
        guard let after = rows(ofSpan: span), after.count > 1 else { return .empty }
        return RowDiff(insertions: RangeList(after.first + 1..<after.first + after.count))
    }

    /// Sets the true counters of `node`'s descendants (of everything, for the root) from
    /// the expanded flags, one pass in position order: a node's counter is its parent's
    /// plus 1 when the parent is collapsed. Positions of removed nodes get a large counter,
    /// so that no later subtraction brings them to 0.
    ///
    /// - Complexity: O(*m* + (*m* / 32) log *n*) for *m* positions.
    mutating func rewriteCounters(under node: NodeIndex) {
        let range = node == Tree.root ? 0..<counters.count : descendantRange(of: node)
        guard !range.isEmpty else { return }
        events.count(Event.countersRewritten)
        let base = range.lowerBound
        // The counter of `node` itself does not change.
        let own: Int32 = node == Tree.root ? -1 : counters.prefix(base - 1).value
        var scratch = self.scratch
        self.scratch = []
        scratch.removeAll(keepingCapacity: true)
        let tree = self.tree
        let spans = self.spans
        let slots = self.slots
        counters.setValues(in: range) { position in
            let member = NodeIndex(slots[position])
            let value: Int32
            if !tree.contains(member) {
                value = 1 << 28
            } else {
                let parent = tree.parent(of: member)
                let above = parent == node ? own : scratch[Int(spans[parent.slot].position) - base]
                value = parent == Tree.root ? 0 : above + (tree.isExpanded(parent) ? 0 : 1)
            }
            scratch.append(value)
            return value
        }
        self.scratch = scratch
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let revealed = index(of: node).map { tree.rowsRevealedByExpandingSubtree(of: node, firstRow: $0 + 1) } ?? .empty
        tree.setExpandedInSubtree(of: node, true)
        rewriteCounters(under: node)
        return revealed
    }

    public mutating func expandAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let revealed = tree.rowsRevealedByExpandingSubtree(of: Tree.root, firstRow: 0)
        tree.setExpandedInSubtree(of: Tree.root, true)
        rewriteCounters(under: Tree.root)
        return revealed
    }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        // The node's row and the rows its subtree shows, in one pair of prefix counts.
        let before = rows(ofSpan: span(of: node))
        tree.setExpandedInSubtree(of: node, false)
        rewriteCounters(under: node)
        guard let before, before.count > 1 else { return .empty }
        return RowDiff(deletions: RangeList(before.first + 1..<before.first + before.count))
    }

    public mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let hidden = tree.rowsUnderTopLevelNodes(rowCount: shownRows)
        tree.setExpandedInSubtree(of: Tree.root, false)
        rewriteCounters(under: Tree.root)
        return hidden
    }

    /// Walks the siblings once; for each expanded one that is a row, finds its row and the
    /// rows under it before anything changes, then collapses them one by one and expands
    /// `node`.
    ///
    /// - Complexity: O(*f* + *e* log *n*) for *f* siblings, *e* of them expanded.
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        var builder = RowDiffBuilder()
        var collapsing: [NodeIndex] = []
        var sibling = tree.firstChild(of: tree.parent(of: node))
        while let current = sibling {
            sibling = tree.nextSibling(of: current)
            guard current != node, tree.isExpanded(current) else { continue }
            collapsing.append(current)
            if let block = rows(ofSpan: span(of: current)) { builder.delete(block.first + 1..<block.first + block.count) }
        }
        for sibling in collapsing {
            tree.setExpanded(sibling, false)
            counters.add(1, in: descendantRange(of: sibling))
        }
        var diff = builder.diff
        // Deletions in old indices, then the insertion in new ones: one batch.
        diff.insertions = setExpanded(node, true).insertions
        return diff
    }
}
