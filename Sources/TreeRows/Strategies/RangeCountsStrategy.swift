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
/// With row heights set, each node also keeps the sum of the heights of the rows its
/// subtree shows, updated along with the count; ``offset(ofRow:)`` and ``row(atOffset:)``
/// walk those sums the way ``index(of:)`` and ``row(at:)`` walk the counts.
///
/// A sort changes no count: it relinks siblings and diffs the rows before and after.
///
/// Complexity, for a node at depth *d* whose ancestors have at most *f* children:
/// toggle, insert and remove O(*d* · *f*) (O(*d*) without the index); ``index(of:)``
/// O(*d* · *f*); ``row(at:)`` O(*d* · *f*); expand- and collapse-recursively O(*m* +
/// *d* · *f*) for a subtree of *m* nodes; expand-all and collapse-all O(*n*);
/// ``offset(ofRow:)`` and ``row(atOffset:)`` O(*d* · *f*); sort O(*n* log *n*).
public struct RangeCountsStrategy: RowStrategy {
    public static let name = "range-counts"

    /// Counts are updated up the *d* ancestors, each level scanning up to *f* siblings,
    /// O(*d*·*f*); a removal also unlinks its *s* nodes, an insert or a page walks the *c* children
    /// and the *k* replies, an accordion every sibling's subtree count, O(*d*·*f* + *m*).
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        let path = CostBound.linear(in: .depth) * .linear(in: .siblings)
        switch step {
        case .toggle, .indexOf, .rowAt: return path
        case .remove: return path + .linear(in: .descendants)
        case .accordionExpand: return path + .linear(in: .subtree)
        case .insert: return path + .linear(in: .children)
        case .loadPage: return path * .linear(in: .elements) + .linear(in: .children)
        }
    }

    public private(set) var tree: Tree
    /// The visible-subtree row count of each slot (the root's includes the root itself).
    private var counts: ContiguousArray<Int32>
    /// The height sum of the rows of each slot's visible subtree (the root's own height
    /// counts as 0); empty when the tree has no heights.
    private var heightSums: ContiguousArray<Int64>

    public init(tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        heightSums = tree.hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
        recount(Tree.root)
        checkInvariantsIfEnabled()
    }

    /// The height of `node`'s own row, 0 for the root.
    private func ownHeight(_ node: NodeIndex) -> Int64 { node == Tree.root ? 0 : Int64(tree.height(of: node)) }

    public var totalHeight: Int { heightSums.isEmpty ? Tree.defaultOffset(ofRow: rowCount) : Int(heightSums[0]) }

    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard !heightSums.isEmpty else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return Int(heightSums[0]) }
        // As index(of:), with heights: the height sums of earlier siblings, plus the row of
        // every ancestor.
        var offset: Int64 = 0
        var current = row(at: index).node
        while current != Tree.root {
            var sibling = tree.previousSibling(of: current)
            while let before = sibling {
                offset += heightSums[before.slot]
                sibling = tree.previousSibling(of: before)
            }
            current = tree.parent(of: current)
            offset += ownHeight(current)
        }
        return Int(offset)
    }

    public func row(atOffset offset: Int) -> Int? {
        guard !heightSums.isEmpty else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < heightSums[0] else { return nil }
        // As row(at:), skipping whole sibling subtrees by their height sums.
        var remaining = Int64(offset)
        var index = 0
        var parent = Tree.root
        while true {
            var child = tree.firstChild(of: parent)!
            while remaining >= heightSums[child.slot] {
                remaining -= heightSums[child.slot]
                index += Int(counts[child.slot])
                child = tree.nextSibling(of: child)!
            }
            let height = ownHeight(child)
            if remaining < height { return index }
            remaining -= height
            index += 1
            parent = child
        }
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
        rowsByWalking(in: range)
    }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
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
        let hasHeights = !heightSums.isEmpty
        tree.forEachInSubtreePostorder(of: node) { member in
            counts[member.slot] = ownCount(member, in: tree)
            if hasHeights { heightSums[member.slot] = ownHeightSum(member, in: tree) }
        }
    }

    /// Its own height, plus `Σ heightSum(child)` if `node` is expanded.
    private func ownHeightSum(_ node: NodeIndex, in tree: Tree) -> Int64 {
        var total = ownHeight(node)
        guard tree.isExpanded(node) else { return total }
        var child = tree.firstChild(of: node)
        while let current = child {
            total += heightSums[current.slot]
            child = tree.nextSibling(of: current)
        }
        return total
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
    private mutating func propagate(_ delta: Int32, height heightDelta: Int64, above node: NodeIndex) -> Bool {
        let hasHeights = !heightSums.isEmpty
        var current = tree.parent(of: node)
        while current != Tree.root {
            if !tree.isExpanded(current) { return false }
            counts[current.slot] += delta
            if hasHeights { heightSums[current.slot] += heightDelta }
            current = tree.parent(of: current)
        }
        counts[0] += delta
        if hasHeights { heightSums[0] += heightDelta }
        return true
    }

    /// The height sum of `node`'s slot, 0 without heights.
    private func heightSum(_ node: NodeIndex) -> Int64 { heightSums.isEmpty ? 0 : heightSums[node.slot] }

    /// Sets one node's flag, fixes the counts and reports the changed range.
    ///
    /// - Complexity: O(*d* · *f*) (O(*d*) without the index), as the type says.
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        defer { checkInvariantsIfEnabled() }
        tree.setExpanded(node, isExpanded)
        let old = (counts[node.slot], heightSum(node))
        counts[node.slot] = ownCount(node, in: tree)
        if !heightSums.isEmpty { heightSums[node.slot] = ownHeightSum(node, in: tree) }
        return changedBlock(of: node, old: old)
    }

    /// Propagates the change of `node`'s count from `oldCount` and returns the rows under
    /// `node` that appeared or disappeared, as one range.
    private mutating func changedBlock(of node: NodeIndex, old: (count: Int32, height: Int64)) -> RowDiff {
        let delta = counts[node.slot] - old.count
        guard delta != 0, propagate(delta, height: heightSum(node) - old.height, above: node),
              let row = index(of: node) else { return .empty }
        return .subtreeChange(under: row, by: Int(delta))
    }

    /// Expands `node` and all its descendants (every node, for the root); the inserted rows
    /// come from ``Tree/rowsRevealedByExpandingSubtree(of:firstRow:)``.
    private mutating func expandSubtree(of node: NodeIndex) -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let first: Int?
        if node == Tree.root { first = 0 } else { first = index(of: node).map { $0 + 1 } }
        let revealed = first.map { tree.rowsRevealedByExpandingSubtree(of: node, firstRow: $0) } ?? .empty
        let old = (counts[node.slot], heightSum(node))
        tree.setExpandedInSubtree(of: node, true)
        recount(node)
        if node != Tree.root { _ = propagate(counts[node.slot] - old.0, height: heightSum(node) - old.1, above: node) }
        return revealed
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return expandSubtree(of: node)
    }

    public mutating func expandAll() -> RowDiff { expandSubtree(of: Tree.root) }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let old = (counts[node.slot], heightSum(node))
        tree.setExpandedInSubtree(of: node, false)
        let tree = self.tree
        let hasHeights = !heightSums.isEmpty
        tree.forEachInSubtree(of: node) { member in
            counts[member.slot] = 1
            if hasHeights { heightSums[member.slot] = Int64(tree.height(of: member)) }
        }
        return changedBlock(of: node, old: old)
    }

    public mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        // Each top-level row keeps its place; the rows under it go.
        let hidden = tree.rowsUnderTopLevelNodes { Int(counts[$0.slot]) }
        tree.setExpandedInSubtree(of: Tree.root, false)
        recount(Tree.root)
        return hidden
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        counts.append(1)
        if !heightSums.isEmpty { heightSums.append(Int64(tree.height(of: node))) }
        guard propagate(1, height: heightSum(node), above: node), let row = index(of: node) else { return .empty }
        return RowDiff(insertions: RangeList(row..<row + 1))
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let row = index(of: node)
        let count = counts[node.slot]
        _ = propagate(-count, height: -heightSum(node), above: node)
        tree.removeSubtree(node)
        guard let row else { return .empty }
        return RowDiff(deletions: RangeList(row..<row + Int(count)))
    }

    /// Finds the siblings' rows in one walk along the sibling list (from the parent's row),
    /// collapses the expanded ones, then expands `node`.
    ///
    /// - Complexity: O(*d* · *f* + *e* · *d*) for *e* expanded siblings.
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let parent = tree.parent(of: node)
        // The row of the first child, if the siblings are rows.
        let firstRow: Int? = parent == Tree.root ? 0 : index(of: parent).flatMap { tree.isExpanded(parent) ? $0 + 1 : nil }
        var (siblings, diff) = tree.expandedSiblings(of: node, firstRow: firstRow) { Int(self.counts[$0.slot]) }
        for sibling in siblings {
            let old = (counts[sibling.slot], heightSum(sibling))
            tree.setExpanded(sibling, false)
            counts[sibling.slot] = 1
            if !heightSums.isEmpty { heightSums[sibling.slot] = ownHeight(sibling) }
            _ = propagate(1 - old.0, height: heightSum(sibling) - old.1, above: sibling)
        }
        // Deletions in old indices, then the insertion in new ones: one batch.
        diff.insertions = setExpanded(node, true).insertions
        return diff
    }

    /// Removes the load-more row and adds the replies with one count update each, then
    /// finds the row of the first reply once.
    ///
    /// - Complexity: O(*d* · *f* + *k* · *d*) for *k* replies.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try loadPageInOneBatch(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) { strategy, before in
            let firstSlot = strategy.tree.slotCount
            strategy.tree.loadValidatedPage(ids, under: parent, before: before, removingLoadMoreRow: false)
            for slot in firstSlot..<strategy.tree.slotCount {
                let reply = NodeIndex(Int32(slot))
                strategy.counts.append(1)
                if !strategy.heightSums.isEmpty { strategy.heightSums.append(strategy.ownHeight(reply)) }
                _ = strategy.propagate(1, height: strategy.heightSum(reply), above: reply)
            }
        }
    }

    /// The running sum of the top-level nodes' counts.
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout { tree.sectionLayout { Int(counts[$0.slot]) } }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { $0.tree.sortSiblings(by: order) }
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard counts.count == tree.slotCount, heightSums.count == (tree.hasHeights ? tree.slotCount : 0) else {
            throw InvariantViolation("range-counts has \(counts.count) counts and \(heightSums.count) height sums for \(tree.slotCount) slots")
        }
        var fresh = RangeCountsStrategy(uncheckedTree: tree)
        fresh.recount(Tree.root)
        for node in [Tree.root] + tree.nodes {
            if fresh.counts[node.slot] != counts[node.slot] {
                throw InvariantViolation("range-counts: \(node) has count \(counts[node.slot]), expected \(fresh.counts[node.slot])")
            }
            if fresh.heightSum(node) != heightSum(node) {
                throw InvariantViolation("range-counts: \(node) has height sum \(heightSum(node)), expected \(fresh.heightSum(node))")
            }
        }
    }

    /// A strategy with all counts 1, for ``checkInvariants()`` to recount from scratch.
    private init(uncheckedTree tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        heightSums = tree.hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
    }
}
