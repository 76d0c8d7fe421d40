/// Keeps the row array and a node → row map (the "linear visible tree") and splices the
/// visible descendants of the changed node in or out as one range.
///
/// A collapse finds the end of the node's visible block by scanning forward while rows are
/// deeper than the node; an expand walks the node's visible descendants. Rows after the
/// splice shift, and their map entries are renumbered.
///
/// With row heights set, it also keeps the prefix sums of the heights, recomputed from the
/// splice on.
///
/// Complexity: toggle, insert and remove O(*m* + *t*), where *m* is the number of rows
/// spliced and *t* the number of rows after them (a memmove plus renumbering); expand-all,
/// collapse-all and sort O(*n*) (sort O(*n* log *n*)); ``row(at:)``, ``index(of:)`` and
/// ``offset(ofRow:)`` O(1); ``row(atOffset:)`` O(log *r*).
public struct SubtreeSpliceStrategy: RowStrategy {
    public static let name = "subtree-splice"

    /// A change splices one block of *m* rows and renumbers the *t* rows after it, O(*m* +
    /// *t*); a removal also unlinks its *s* nodes, an accordion walks the *f* siblings, an
    /// insert or a page the *c* children; ``index(of:)`` and ``row(at:)`` O(1).
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        switch step {
        case .toggle: .linear(in: .subtree) + .linear(in: .after)
        case .remove: .linear(in: .subtree) + .linear(in: .after) + .linear(in: .descendants)
        case .insert: .linear(in: .subtree) + .linear(in: .after) + .linear(in: .children)
        case .loadPage: .linear(in: .subtree) + .linear(in: .after) + .linear(in: .children) + .linear(in: .elements)
        case .accordionExpand: .linear(in: .siblings) + .linear(in: .subtree) + .linear(in: .after)
        case .indexOf, .rowAt: .constant
        }
    }

    public private(set) var tree: Tree
    private var allRows: ContiguousArray<Row>
    /// The row of each slot, -1 when hidden or removed.
    private var rowOfNode: ContiguousArray<Int32>
    /// The offset of each row's top and, last, the total height; empty without heights.
    private var offsets: HeightPrefixSums

    public init(tree: Tree) {
        self.tree = tree
        allRows = tree.visibleRows()
        rowOfNode = ContiguousArray(repeating: -1, count: tree.slotCount)
        offsets = HeightPrefixSums()
        renumber(from: 0)
        checkInvariantsIfEnabled()
    }

    public func offset(ofRow index: Int) -> Int { offsets.offset(ofRow: index, rowCount: rowCount) }

    public func row(atOffset offset: Int) -> Int? { offsets.row(atOffset: offset, rowCount: rowCount) }

    public var rowCount: Int { allRows.count }

    public func row(at index: Int) -> Row { allRows[index] }

    public func rows(in range: Range<Int>) -> [Row] { Array(allRows[range]) }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        let row = rowOfNode[node.slot]
        return row < 0 ? nil : Int(row)
    }

    /// Rewrites the map entries and the offsets of the rows from `start` to the end.
    private mutating func renumber(from start: Int) {
        for index in start..<allRows.count { rowOfNode[allRows[index].node.slot] = Int32(index) }
        offsets.refresh(from: start, of: allRows, in: tree)
    }

    /// Marks the rows in `range` as hidden in the map.
    private mutating func hide(_ range: Range<Int>) {
        for index in range { rowOfNode[allRows[index].node.slot] = -1 }
    }

    /// The end of the visible block of the row at `index`: the first later row that is not
    /// deeper. With `nil`, the block of the root: all rows.
    private func blockEnd(ofRow index: Int?) -> Int {
        guard let index else { return allRows.count }
        let depth = allRows[index].depth
        var end = index + 1
        while end < allRows.count && allRows[end].depth > depth { end += 1 }
        return end
    }

    /// The rows under `node` as they are when `node` is a visible expanded row.
    private func visibleBlock(under node: NodeIndex) -> ContiguousArray<Row> {
        var block = ContiguousArray<Row>()
        tree.forEachVisibleDescendant(of: node) { block.append(Row(node: $0, depth: tree.depth(of: $0))) }
        return block
    }

    /// Inserts the rows under `node` (as they are when `node` is a visible expanded row) at
    /// row `index`, without renumbering, and returns how many there are. Two walks of the
    /// block, one to count and one to write into the gap, so that no block array is
    /// allocated: an expand allocates nothing while the row array has the capacity.
    ///
    /// - Complexity: O(*m* + *t*) for *m* rows inserted and *t* rows after them.
    private mutating func insertVisibleBlock(under node: NodeIndex, at index: Int) -> Int {
        var count = 0
        tree.forEachVisibleDescendant(of: node) { _ in count += 1 }
        guard count > 0 else { return 0 }
        allRows.insert(contentsOf: repeatElement(Row(node: node, depth: 0), count: count), at: index)
        let tree = self.tree
        allRows.withUnsafeMutableBufferPointer { rows in
            var next = index
            tree.forEachVisibleDescendant(of: node) { descendant in
                rows[next] = Row(node: descendant, depth: tree.depths[descendant.slot])
                next += 1
            }
        }
        return count
    }

    /// Replaces the rows in `range` with `block`, renumbering what follows.
    private mutating func splice(_ range: Range<Int>, with block: ContiguousArray<Row>) {
        // Most comment nodes are leaves: toggling one splices nothing and shifts nothing.
        if range.isEmpty && block.isEmpty { return }
        hide(range)
        allRows.replaceSubrange(range, with: block)
        renumber(from: range.lowerBound)
    }

    /// Sets the expanded flag of one node and splices its visible descendants.
    ///
    /// - Complexity: O(*m* + *t*) for *m* rows spliced and *t* rows after them.
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        tree.setExpanded(node, isExpanded)
        defer { checkInvariantsIfEnabled() }
        guard let row = index(of: node) else { return .empty }
        if isExpanded {
            let count = insertVisibleBlock(under: node, at: row + 1)
            guard count > 0 else { return .empty }
            renumber(from: row + 1)
            return RowDiff(insertions: RangeList(row + 1..<row + 1 + count))
        } else {
            let end = blockEnd(ofRow: row)
            splice(row + 1..<end, with: [])
            return end == row + 1 ? .empty : RowDiff(deletions: RangeList(row + 1..<end))
        }
    }

    /// Expands every node under `node` (or all nodes, for the root) and splices in the rows
    /// that were hidden; the map still tells which rows were visible before.
    private mutating func expandSubtree(of node: NodeIndex) -> RowDiff {
        let row: Int?
        if node == Tree.root { row = nil } else {
            row = index(of: node)
        }
        tree.setExpandedInSubtree(of: node, true)
        defer { checkInvariantsIfEnabled() }
        if node != Tree.root && row == nil { return .empty }
        let first = row.map { $0 + 1 } ?? 0
        let block = visibleBlock(under: node)
        var builder = RowDiffBuilder()
        for (offset, newRow) in block.enumerated() where rowOfNode[newRow.node.slot] < 0 {
            builder.insert(first + offset)
        }
        splice(first..<blockEnd(ofRow: row), with: block)
        return builder.diff
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return expandSubtree(of: node)
    }

    public mutating func expandAll() -> RowDiff { expandSubtree(of: Tree.root) }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        tree.setExpandedInSubtree(of: node, false)
        defer { checkInvariantsIfEnabled() }
        guard let row = index(of: node) else { return .empty }
        let end = blockEnd(ofRow: row)
        splice(row + 1..<end, with: [])
        return end == row + 1 ? .empty : RowDiff(deletions: RangeList(row + 1..<end))
    }

    public mutating func collapseAll() -> RowDiff {
        var builder = RowDiffBuilder()
        var kept = ContiguousArray<Row>()
        for (index, row) in allRows.enumerated() {
            if row.depth == 0 {
                kept.append(row)
            } else {
                builder.delete(index)
                rowOfNode[row.node.slot] = -1
            }
        }
        tree.setExpandedInSubtree(of: Tree.root, false)
        allRows = kept
        offsets = HeightPrefixSums()
        renumber(from: 0)
        checkInvariantsIfEnabled()
        return builder.diff
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        rowOfNode.append(-1)
        defer { checkInvariantsIfEnabled() }
        let parentRow: Int?
        if parent == Tree.root {
            parentRow = nil
        } else {
            guard tree.isExpanded(parent), let row = index(of: parent) else { return .empty }
            parentRow = row
        }
        // Before the next sibling's row, or at the end of the parent's block.
        let row = tree.nextSibling(of: node).map { Int(rowOfNode[$0.slot]) } ?? blockEnd(ofRow: parentRow)
        // One row in place, not a splice of a one-row array, which would allocate per reply.
        allRows.insert(Row(node: node, depth: tree.depth(of: node)), at: row)
        renumber(from: row)
        return RowDiff(insertions: RangeList(row..<row + 1))
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        guard let row = index(of: node) else {
            tree.removeSubtree(node)
            return .empty
        }
        let end = blockEnd(ofRow: row)
        splice(row..<end, with: [])
        tree.removeSubtree(node)
        return RowDiff(deletions: RangeList(row..<end))
    }

    /// Collapses the expanded siblings and expands `node` in one pass over the rows: the
    /// siblings' blocks leave, the node's block comes in, and what follows is renumbered
    /// once (not once per sibling).
    ///
    /// - Complexity: O(*f* + *m* + *t*) for *f* siblings, *m* rows spliced and *t* rows after
    ///   the first change.
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let parent = tree.parent(of: node)
        let shows = parent == Tree.root || (tree.isExpanded(parent) && index(of: parent) != nil)
        var deletions: [Range<Int>] = []
        var sibling = tree.firstChild(of: parent)
        while let current = sibling {
            if current != node && tree.isExpanded(current) {
                if shows {
                    let row = Int(rowOfNode[current.slot])
                    let end = blockEnd(ofRow: row)
                    if end > row + 1 { deletions.append(row + 1..<end) }
                }
                tree.setExpanded(current, false)
            }
            sibling = tree.nextSibling(of: current)
        }
        let expanding = !tree.isExpanded(node)
        tree.setExpanded(node, true)
        guard shows else { return .empty }
        let block = expanding ? visibleBlock(under: node) : []
        if deletions.isEmpty && block.isEmpty { return .empty }
        // The new rows: the old ones without the deleted blocks, the node's block after it.
        let insertionPoint = Int(rowOfNode[node.slot]) + 1
        for range in deletions { hide(range) }
        let first = min(deletions.first?.lowerBound ?? insertionPoint, insertionPoint)
        var rebuilt = ContiguousArray<Row>()
        rebuilt.reserveCapacity(allRows.count - first + block.count)
        var next = first
        var insertedAt: Int?
        func copy(upTo end: Int) {
            if next < end { rebuilt.append(contentsOf: allRows[next..<end]) }
            next = max(next, end)
        }
        for range in deletions {
            if insertedAt == nil && insertionPoint <= range.lowerBound {
                copy(upTo: insertionPoint)
                insertedAt = first + rebuilt.count
                rebuilt.append(contentsOf: block)
            }
            copy(upTo: range.lowerBound)
            next = range.upperBound
        }
        if insertedAt == nil {
            copy(upTo: insertionPoint)
            insertedAt = first + rebuilt.count
            rebuilt.append(contentsOf: block)
        }
        copy(upTo: allRows.count)
        let inserted = insertedAt!
        allRows.replaceSubrange(first..., with: rebuilt)
        renumber(from: first)
        return RowDiff(deletions: RangeList(deletions), insertions: block.isEmpty ? [] : [inserted..<inserted + block.count])
    }

    /// Adds the page to the tree, then splices its rows in (and the load-more row's out)
    /// at once: one renumbering, not one per reply.
    ///
    /// - Complexity: O(*k* + *t*) for *k* replies and *t* rows after them.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.validatePage(ids, under: parent, before: loadMoreRow)
        defer { checkInvariantsIfEnabled() }
        let parentRow: Int? = parent == Tree.root ? nil : index(of: parent)
        let shows = parent == Tree.root || (tree.isExpanded(parent) && parentRow != nil)
        // Old rows: the place of the page and the load-more row's block, if it goes.
        let position = shows ? loadMoreRow.map { Int(rowOfNode[$0.slot]) } ?? blockEnd(ofRow: parentRow) : 0
        let removed = shows && removingLoadMoreRow && loadMoreRow != nil ? position..<blockEnd(ofRow: position) : position..<position
        let firstSlot = tree.slotCount
        tree.loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow)
        rowOfNode.append(contentsOf: repeatElement(-1, count: tree.slotCount - firstSlot))
        guard shows else { return .empty }
        let block = ContiguousArray((firstSlot..<tree.slotCount).map { Row(node: NodeIndex(Int32($0)), depth: tree.depth(of: NodeIndex(Int32($0)))) })
        splice(removed, with: block)
        return RowDiff(deletions: removed.isEmpty ? [] : [removed], insertions: block.isEmpty ? [] : [position..<position + block.count])
    }

    /// The rows of the top-level nodes, from the map.
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout {
        SectionLayout(headerRows: tree.children(of: Tree.root).map { Int(rowOfNode[$0.slot]) }, flatRowCount: rowCount)
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let old = allRows
        tree.sortSiblings(by: order)
        allRows = tree.visibleRows()
        offsets = HeightPrefixSums()
        renumber(from: 0)
        checkInvariantsIfEnabled()
        return reportingMoves ? RowDiff.trimmed(from: old, to: allRows) : .reloadingAll(rowCount: rowCount)
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard allRows == tree.visibleRows() else { throw InvariantViolation("subtree-splice rows are stale") }
        guard offsets == HeightPrefixSums(of: allRows, in: tree) else {
            throw InvariantViolation("subtree-splice offsets are stale")
        }
        guard rowOfNode.count == tree.slotCount else {
            throw InvariantViolation("subtree-splice map has \(rowOfNode.count) entries for \(tree.slotCount) slots")
        }
        var expected = ContiguousArray<Int32>(repeating: -1, count: tree.slotCount)
        for (index, row) in allRows.enumerated() { expected[row.node.slot] = Int32(index) }
        if let slot = expected.indices.first(where: { expected[$0] != rowOfNode[$0] }) {
            throw InvariantViolation("subtree-splice map: #\(slot) at row \(rowOfNode[slot]), expected \(expected[slot])")
        }
    }
}
