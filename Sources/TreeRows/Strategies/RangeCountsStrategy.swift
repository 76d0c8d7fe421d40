/// Keeps, for every node, the number of rows its subtree shows, and derives everything
/// else from those counts: no row array, no rebuild.
///
/// The invariant: `count(node) = 1 + Σ count(child)` when `node` is expanded, else 1; the
/// virtual root is always expanded, so ``rowCount`` is `count(root) − 1`. A change to one
/// node's count is added to its ancestors up to the first collapsed one (whose count stays
/// 1). A node's row index is the sum, along its ancestor path, of the counts of the
/// siblings before each step plus one per ancestor row; ``row(at:)`` descends from the
/// root, skipping whole sibling subtrees by their counts. The changed rows of an expand or
/// collapse are the node's row + 1 and the change in its count.
///
/// Complexity, for a node at depth *d* whose ancestors have at most *f* children:
/// toggle, insert and remove O(*d* · *f*) (O(*d*) without the index); ``index(of:)``
/// O(*d* · *f*); ``row(at:)`` O(*d* · *f*); expand- and collapse-recursively O(*m* +
/// *d* · *f*) for a subtree of *m* nodes; expand-all and collapse-all O(*n*).
public struct RangeCountsStrategy: RowStrategy {
    public static let name = "range-counts"

    public private(set) var tree: Tree
    /// The visible-subtree row count of each slot (the root's includes the root itself).
    private var counts: ContiguousArray<Int32>

    public init(tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        recount(Tree.root)
        checkInvariantsIfEnabled()
    }

    public var rowCount: Int { Int(counts[0]) - 1 }

    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        var remaining = Int32(index)
        var parent = Tree.root
        while true {
            var child = tree.firstChild(of: parent)!
            while remaining >= counts[child.slot] {
                remaining -= counts[child.slot]
                child = tree.nextSibling(of: child)!
            }
            if remaining == 0 { return Row(node: child, depth: tree.depth(of: child)) }
            remaining -= 1
            parent = child
        }
    }

    /// The first row by ``row(at:)``, then a preorder walk that skips collapsed subtrees.
    ///
    /// - Complexity: O(*d* · *f* + *k*) for *k* rows.
    public func rows(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        var result: [Row] = []
        guard !range.isEmpty else { return result }
        result.reserveCapacity(range.count)
        var node = row(at: range.lowerBound).node
        while true {
            result.append(Row(node: node, depth: tree.depth(of: node)))
            if result.count == range.count { return result }
            if tree.isExpanded(node), let child = tree.firstChild(of: node) {
                node = child
                continue
            }
            while tree.nextSibling(of: node) == nil { node = tree.parent(of: node) }
            node = tree.nextSibling(of: node)!
        }
    }

    public func index(of node: NodeIndex) -> Int? {
        precondition(tree.contains(node), "\(node) is not a live node")
        var index = 0
        var current = node
        while current != Tree.root {
            var sibling = tree.previousSibling(of: current)
            while let before = sibling {
                index += Int(counts[before.slot])
                sibling = tree.previousSibling(of: before)
            }
            let parent = tree.parent(of: current)
            if parent != Tree.root {
                if !tree.isExpanded(parent) { return nil }
                index += 1
            }
            current = parent
        }
        return index
    }

    /// Recomputes the counts of `node`'s subtree bottom-up from the expanded flags.
    ///
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    private mutating func recount(_ node: NodeIndex) {
        let tree = self.tree
        tree.forEachInSubtreePostorder(of: node) { member in
            counts[member.slot] = ownCount(member, in: tree)
        }
    }

    /// `1 + Σ count(child)` if `node` is expanded, else 1, from the children's counts.
    private func ownCount(_ node: NodeIndex, in tree: Tree) -> Int32 {
        guard tree.isExpanded(node) else { return 1 }
        var total: Int32 = 1
        var child = tree.firstChild(of: node)
        while let current = child {
            total += counts[current.slot]
            child = tree.nextSibling(of: current)
        }
        return total
    }

    /// Adds `delta` to the counts of the ancestors of `node`, stopping below the first
    /// collapsed one.
    ///
    /// - Returns: Whether the walk reached the root, i.e. whether `node` is visible.
    /// - Complexity: O(*d*), where *d* is the depth of `node`.
    private mutating func propagate(_ delta: Int32, above node: NodeIndex) -> Bool {
        var current = tree.parent(of: node)
        while current != Tree.root {
            if !tree.isExpanded(current) { return false }
            counts[current.slot] += delta
            current = tree.parent(of: current)
        }
        counts[0] += delta
        return true
    }

    /// Sets one node's flag, fixes the counts and reports the changed range.
    private mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        defer { checkInvariantsIfEnabled() }
        tree.setExpanded(node, isExpanded)
        let old = counts[node.slot]
        counts[node.slot] = ownCount(node, in: tree)
        return changedBlock(of: node, oldCount: old)
    }

    /// Propagates the change of `node`'s count from `oldCount` and returns the rows under
    /// `node` that appeared or disappeared, as one range.
    private mutating func changedBlock(of node: NodeIndex, oldCount: Int32) -> RowDiff {
        let delta = counts[node.slot] - oldCount
        guard delta != 0, propagate(delta, above: node), let row = index(of: node) else { return .empty }
        let block = row + 1..<row + 1 + Int(delta.magnitude)
        return delta > 0 ? RowDiff(insertions: [block]) : RowDiff(deletions: [block])
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff { setExpanded(node, !tree.isExpanded(node)) }

    public mutating func expand(_ node: NodeIndex) -> RowDiff { setExpanded(node, true) }

    public mutating func collapse(_ node: NodeIndex) -> RowDiff { setExpanded(node, false) }

    /// Expands `node` and all its descendants (every node, for the root).
    ///
    /// The inserted rows are found in one preorder walk of the subtree before the flags
    /// change: with everything expanded, the *k*-th descendant lands on row `first + k`, and
    /// it was visible before exactly when no ancestor inside the subtree was collapsed.
    private mutating func expandSubtree(of node: NodeIndex) -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let first: Int?
        if node == Tree.root { first = 0 } else { first = index(of: node).map { $0 + 1 } }
        var builder = RowDiffBuilder()
        if let first {
            // Depth of the shallowest collapsed node whose subtree we are inside.
            var hiddenBelow = Int32.max
            if node != Tree.root && !tree.isExpanded(node) { hiddenBelow = tree.depth(of: node) }
            var offset = 0
            tree.forEachInSubtree(of: node) { member in
                guard member != node else { return }
                let depth = tree.depth(of: member)
                if depth <= hiddenBelow { hiddenBelow = .max }
                if hiddenBelow != .max { builder.insert(first + offset) }
                else if !tree.isExpanded(member) { hiddenBelow = depth }
                offset += 1
            }
        }
        let old = counts[node.slot]
        tree.setExpandedInSubtree(of: node, true)
        recount(node)
        if node != Tree.root { _ = propagate(counts[node.slot] - old, above: node) }
        return builder.diff
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return expandSubtree(of: node)
    }

    public mutating func expandAll() -> RowDiff { expandSubtree(of: Tree.root) }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let old = counts[node.slot]
        tree.setExpandedInSubtree(of: node, false)
        let tree = self.tree
        tree.forEachInSubtree(of: node) { counts[$0.slot] = 1 }
        return changedBlock(of: node, oldCount: old)
    }

    public mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        // Each top-level row keeps its place; the rows under it go.
        var builder = RowDiffBuilder()
        var row = 0
        var topLevel = tree.firstChild(of: Tree.root)
        while let node = topLevel {
            let count = Int(counts[node.slot])
            builder.delete(row + 1..<row + count)
            row += count
            topLevel = tree.nextSibling(of: node)
        }
        tree.setExpandedInSubtree(of: Tree.root, false)
        recount(Tree.root)
        return builder.diff
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        counts.append(1)
        guard propagate(1, above: node), let row = index(of: node) else { return .empty }
        return RowDiff(insertions: [row..<row + 1])
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let row = index(of: node)
        let count = counts[node.slot]
        _ = propagate(-count, above: node)
        tree.removeSubtree(node)
        guard let row else { return .empty }
        return RowDiff(deletions: [row..<row + Int(count)])
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard counts.count == tree.slotCount else {
            throw InvariantViolation("range-counts has \(counts.count) counts for \(tree.slotCount) slots")
        }
        var fresh = RangeCountsStrategy(uncheckedTree: tree)
        fresh.recount(Tree.root)
        for node in [Tree.root] + tree.nodes where fresh.counts[node.slot] != counts[node.slot] {
            throw InvariantViolation("range-counts: \(node) has count \(counts[node.slot]), expected \(fresh.counts[node.slot])")
        }
    }

    /// A strategy with all counts 1, for ``checkInvariants()`` to recount from scratch.
    private init(uncheckedTree tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
    }
}
