/// Range-counts with the sibling scans taken out: every node keeps the number of rows its
/// subtree shows (as in ``RangeCountsStrategy``), and every parent keeps a Fenwick tree over
/// its children's counts (``SiblingLists``), so the rows before a child among its siblings,
/// and the child at a given row among them, are O(log *f*) instead of O(*f*).
///
/// A change to one node's count is added to its cell in its parent's Fenwick tree and to
/// the counts of its ancestors, up to the first collapsed one (whose cell in its own
/// parent's tree is not touched, since its count stays 1). A node's row is the sum, over
/// its ancestor path, of the prefix before each step plus one per ancestor row;
/// ``row(at:)`` descends, finding the child at each level with a Fenwick search. With row
/// heights, a second Fenwick tree per parent holds the children's height sums.
///
/// Complexity, for a node at depth *d* whose ancestors have at most *f* children:
/// toggle, ``index(of:)``, ``row(at:)``, ``offset(ofRow:)`` and ``row(atOffset:)``
/// O(*d* log *f*); appending a reply O(*d* log *f*) amortized, inserting one among its
/// siblings O(*f* + *d* log *f*); remove O(*d* log *f*) plus the subtree; expand- and
/// collapse-recursively O(*m* + *d* log *f*) for *m* nodes; expand-all, collapse-all and
/// sort O(*n*) (sort O(*n* log *n*) with its diff).
public struct FenwickCountsStrategy: RowStrategy {
    public static let name = "fenwick-counts"

    public private(set) var tree: Tree
    /// The visible-subtree row count of each slot (the root's includes the root itself).
    private var counts: ContiguousArray<Int32>
    /// The height sum of each slot's visible subtree (the root's own height is 0); empty
    /// without heights.
    private var heightSums: ContiguousArray<Int64>
    private var lists: SiblingLists
    /// The Fenwick cells: at ``countCells`` the children's row counts, at ``heightCells``
    /// their height sums (with heights only).
    private var cells: [ContiguousArray<Int64>]
    /// Where in ``cells`` the children's row counts are.
    private static let countCells = 0
    /// Where in ``cells`` the children's height sums are, when the tree has heights.
    private static let heightCells = 1
    /// Whether the tree had row heights when the strategy was built: only then are height
    /// sums kept (``heightSums`` and the second list of ``cells``).
    private let hasHeights: Bool

    public init(tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        hasHeights = tree.hasHeights
        heightSums = hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
        lists = SiblingLists(slotCount: tree.slotCount)
        cells = hasHeights ? [[], []] : [[]]
        refresh(Tree.root)
        checkInvariantsIfEnabled()
    }


    /// The height of `node`'s own row, 0 for the root.
    private func ownHeight(_ slot: Int) -> Int64 { slot == 0 ? 0 : Int64(tree.height(of: NodeIndex(Int32(slot)))) }

    /// The sum of the values of all children of `parent` in cell array `array`.
    private func total(of parent: Int, _ array: Int) -> Int64 {
        lists.start[parent] < 0 ? 0 : lists.prefix(lists.used[parent], of: parent, cells[array])
    }

    // MARK: Bookkeeping

    /// Recomputes counts, height sums and the Fenwick trees of `node`'s subtree bottom-up.
    ///
    /// - Complexity: O(*m*) for a subtree of *m* nodes.
    private mutating func refresh(_ node: NodeIndex) {
        let tree = self.tree
        var children: [Int32] = []
        tree.forEachInSubtreePostorder(of: node) { member in
            let slot = member.slot
            children.removeAll(keepingCapacity: true)
            var child = tree.firstChildren[slot]
            while child != Tree.noNode {
                children.append(child)
                child = tree.nextSiblings[Int(child)]
            }
            if !children.isEmpty { layOut(slot, children) }
            let expanded = tree.isExpanded(member)
            counts[slot] = expanded ? 1 + Int32(total(of: slot, Self.countCells)) : 1
            if hasHeights { heightSums[slot] = ownHeight(slot) + (expanded ? total(of: slot, Self.heightCells) : 0) }
        }
    }

    /// Lays out `parent`'s region for `children` and builds its cells from their values.
    private mutating func layOut(_ parent: Int, _ children: [Int32]) {
        let counts = self.counts
        let heightSums = self.heightSums
        lists.layOut(parent, children: children, cells: &cells) { array, member in
            array == Self.countCells ? Int64(counts[Int(member)]) : heightSums[Int(member)]
        }
    }

    /// Rebuilds the cells of `parent`'s region from its members' current values.
    private mutating func rebuildCells(_ parent: Int) {
        let counts = self.counts
        let heightSums = self.heightSums
        for array in cells.indices {
            lists.rebuild(parent, &cells[array], array: array) { array, member in
                array == Self.countCells ? Int64(counts[Int(member)]) : heightSums[Int(member)]
            }
        }
    }

    /// Adds a change of `node`'s count (and height sum) to its cell in its parent's trees
    /// (unless `skippingOwnCell`) and to its ancestors, up to the first collapsed one.
    ///
    /// - Returns: Whether the walk reached the root, i.e. whether `node` is visible.
    /// - Complexity: O(*d* log *f*).
    private mutating func propagate(_ delta: Int32, height heightDelta: Int64, above node: NodeIndex, skippingOwnCell: Bool = false) -> Bool {
        var child = node.slot
        var skip = skippingOwnCell
        while true {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            if !skip {
                lists.add(Int64(delta), at: lists.position[child], of: parent, &cells[Self.countCells])
                if hasHeights { lists.add(heightDelta, at: lists.position[child], of: parent, &cells[Self.heightCells]) }
            }
            skip = false
            if parent != 0 && !tree.isExpanded(NodeIndex(Int32(parent))) { return false }
            counts[parent] += delta
            if hasHeights { heightSums[parent] += heightDelta }
            if parent == 0 { return true }
            child = parent
        }
    }

    private func heightSum(_ slot: Int) -> Int64 { hasHeights ? heightSums[slot] : 0 }

    // MARK: Queries

    public var rowCount: Int { Int(counts[0]) - 1 }

    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        var remaining = Int64(index)
        var parent = 0
        while true {
            let (child, before) = lists.child(at: remaining, of: parent, cells[Self.countCells])
            remaining -= before
            let node = NodeIndex(child)
            if remaining == 0 { return Row(node: node, depth: tree.depth(of: node)) }
            remaining -= 1
            parent = Int(child)
        }
    }

    /// The first row by ``row(at:)``, then a preorder walk that skips collapsed subtrees.
    ///
    /// - Complexity: O(*d* log *f* + *k*) for *k* rows.
    public func rows(in range: Range<Int>) -> [Row] {
        rowsByWalking(in: range)
    }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        var index: Int64 = 0
        var child = node.slot
        while child != 0 {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            index += lists.prefix(lists.position[child], of: parent, cells[Self.countCells])
            if parent != 0 {
                if !tree.isExpanded(NodeIndex(Int32(parent))) { return nil }
                index += 1
            }
            child = parent
        }
        return Int(index)
    }

    public var totalHeight: Int { hasHeights ? Int(heightSums[0]) : Tree.defaultOffset(ofRow: rowCount) }

    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard hasHeights else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return Int(heightSums[0]) }
        var offset: Int64 = 0
        var child = row(at: index).node.slot
        while child != 0 {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            offset += lists.prefix(lists.position[child], of: parent, cells[Self.heightCells]) + ownHeight(parent)
            child = parent
        }
        return Int(offset)
    }

    public func row(atOffset offset: Int) -> Int? {
        guard hasHeights else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < heightSums[0] else { return nil }
        var remaining = Int64(offset)
        var index: Int64 = 0
        var parent = 0
        while true {
            let (child, before) = lists.child(at: remaining, of: parent, cells[Self.heightCells])
            remaining -= before
            index += lists.prefix(lists.position[Int(child)], of: parent, cells[Self.countCells])
            let height = ownHeight(Int(child))
            if remaining < height { return Int(index) }
            remaining -= height
            index += 1
            parent = Int(child)
        }
    }

    /// The running sum of the top-level nodes' counts.
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout { tree.sectionLayout { Int(counts[$0.slot]) } }

    // MARK: Operations

    /// Sets one node's flag, fixes the counts and reports the changed range.
    private mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
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
    private mutating func changedBlock(of node: NodeIndex, old: (count: Int32, height: Int64)) -> RowDiff {
        let delta = counts[node.slot] - old.count
        guard delta != 0, propagate(delta, height: heightSum(node.slot) - old.height, above: node),
              let row = index(of: node) else { return .empty }
        return .subtreeChange(under: row, by: Int(delta))
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff { setExpanded(node, !tree.isExpanded(node)) }

    public mutating func expand(_ node: NodeIndex) -> RowDiff { setExpanded(node, true) }

    public mutating func collapse(_ node: NodeIndex) -> RowDiff { setExpanded(node, false) }

    /// Sets the flags of `node`'s subtree (of everything, for the root), recomputes its
    /// bookkeeping and propagates the change of `node`'s count.
    private mutating func setSubtree(of node: NodeIndex, expanded: Bool) {
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
        return RowDiff(deletions: [row + 1..<row + Int(old)])
    }

    public mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let hidden = tree.rowsUnderTopLevelNodes { Int(counts[$0.slot]) }
        setSubtree(of: Tree.root, expanded: false)
        return hidden
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        guard attach(node), let row = index(of: node) else { return .empty }
        return RowDiff(insertions: [row..<row + 1])
    }

    /// Adds the bookkeeping of a new leaf that the tree already has: its slot, its place in
    /// its parent's region, and its count up the ancestors.
    ///
    /// - Returns: Whether the new leaf is a row.
    private mutating func attach(_ node: NodeIndex) -> Bool {
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
        return RowDiff(deletions: [row..<row + Int(count)])
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { strategy in
            strategy.tree.sortSiblings(by: order)
            // Counts do not change; the regions are laid out in the new order.
            strategy.refresh(Tree.root)
        }
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard counts.count == tree.slotCount, heightSums.count == (tree.hasHeights ? tree.slotCount : 0),
              lists.position.count == tree.slotCount, hasHeights == tree.hasHeights else {
            throw InvariantViolation("fenwick-counts has \(counts.count) counts for \(tree.slotCount) slots")
        }
        let fresh = FenwickCountsStrategy(uncheckedTree: tree)
        for node in [Tree.root] + tree.nodes {
            let slot = node.slot
            if fresh.counts[slot] != counts[slot] || fresh.heightSum(slot) != heightSum(slot) {
                throw InvariantViolation("fenwick-counts: \(node) has count \(counts[slot]) and height sum \(heightSum(slot)), "
                    + "expected \(fresh.counts[slot]) and \(fresh.heightSum(slot))")
            }
            let children = tree.children(of: node).map(\.rawValue)
            guard lists.children(of: slot) == children else {
                throw InvariantViolation("fenwick-counts: the region of \(node) lists \(lists.children(of: slot)), the tree \(children)")
            }
            guard !children.isEmpty else { continue }
            // Every prefix, against the children's counts and height sums.
            var sums: (Int64, Int64) = (0, 0)
            for child in children {
                let position = lists.position[Int(child)]
                if lists.prefix(position, of: slot, cells[Self.countCells]) != sums.0
                    || (hasHeights && lists.prefix(position, of: slot, cells[Self.heightCells]) != sums.1) {
                    throw InvariantViolation("fenwick-counts: the prefix before #\(child) under \(node) is wrong")
                }
                sums.0 += Int64(counts[Int(child)])
                sums.1 += heightSum(Int(child))
            }
            if total(of: slot, Self.countCells) != sums.0 { throw InvariantViolation("fenwick-counts: the total under \(node) is wrong") }
        }
    }

    /// Fresh bookkeeping of `tree`, for ``checkInvariants()`` (no check of its own).
    private init(uncheckedTree tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        hasHeights = tree.hasHeights
        heightSums = hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
        lists = SiblingLists(slotCount: tree.slotCount)
        cells = hasHeights ? [[], []] : [[]]
        refresh(Tree.root)
    }
}
