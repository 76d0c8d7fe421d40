/// Rows without a walk up the tree: every node has a fixed position in the preorder of the
/// whole forest (hidden nodes included), so its subtree is a range of positions, and every
/// position has a counter of the collapsed ancestors above it (``HiddenCounters``). A node
/// is a row exactly when its counter is 0, and its row is the number of zeros before its
/// position.
///
/// Collapsing a node adds 1 to the counters of its subtree range (expanding subtracts 1),
/// and the rows that disappear (or appear) are the zeros in that range: a toggle is one
/// range add and two prefix counts in a segment tree over the positions, whatever the
/// depth of the node or the width of its sibling list. ``row(at:)`` finds the *k*-th zero,
/// ``index(of:)`` counts the zeros before a position; with row heights the same tree sums
/// the heights of the zeros. A removed subtree gets 1 more on its range, so its positions
/// never count as rows again.
///
/// New nodes have no position to go to, so an insert, a page of replies and a sort lay the
/// positions out again: this strategy trades O(*n*) inserts for depth-independent toggles
/// and queries, the opposite of ``FenwickCountsStrategy``.
///
/// Complexity, for *n* positions (nodes, removed ones included until the next layout):
/// toggle, ``index(of:)``, ``row(at:)``, ``offset(ofRow:)``, ``row(atOffset:)`` and remove
/// O(log *n*); expand- and collapse-recursively O(*m* + log *n*) for *m* nodes (a rewrite of
/// the subtree's counters); expand-all and collapse-all O(*n*); insert, page and sort O(*n*)
/// (a new layout; sort O(*n* log *n*) with its diff). Memory: 16 bytes per node (position,
/// subtree end, node at position, counter) plus about 1 byte for the segment tree.
public struct PreorderSegmentsStrategy: RowStrategy {
    public static let name = "preorder-segments"

    public private(set) var tree: Tree
    /// Where a slot's subtree lies among the positions.
    private struct Span {
        /// The slot's own position (-1 for the root and for slots removed before the last
        /// layout).
        var position: Int32 = -1
        /// One past the last position of the slot's subtree.
        var end: Int32 = -1
    }

    /// The span of each slot: one 8-byte element, so a toggle's lookup touches one cache line.
    private var spans: ContiguousArray<Span>
    /// The slot at each position.
    private var slots: ContiguousArray<Int32>
    private var counters: HiddenCounters
    /// Scratch counters for rewrites, kept to avoid an allocation per rewrite.
    private var scratch: ContiguousArray<Int32> = []
    /// Layouts after the build, rewrites, and the segment tree's growth (see ``structuralEvents``).
    private var events = StructuralEventCounter([
        .init("layout"), .init("layout dropping removed positions"), .init("counters rewritten"),
        .init("segment tree grew", hasLevels: true), .init("segment tree shrank", hasLevels: true),
    ])
    /// Indices into `events`' kinds.
    private enum Event {
        static let layout = 0
        static let layoutDroppingRemoved = 1
        static let countersRewritten = 2
        static let segmentTreeGrew = 3
        static let segmentTreeShrank = 4
    }
    /// Positions of nodes removed since the last layout.
    private var deadPositions = 0

    public init(tree: Tree) {
        self.tree = tree
        spans = []
        slots = []
        counters = HiddenCounters(values: [], weights: [], isWeighted: false)
        layOut()
        checkInvariantsIfEnabled()
    }

    /// The positions laid out, removed ones included (for tests).
    var positionCount: Int { slots.count }

    // MARK: Layout

    /// Numbers every live node in preorder and sets every counter from the expanded flags,
    /// in one walk of the links: a node's counter is the collapsed ancestors passed on the
    /// way down, and a subtree ends where the walk climbs out of it.
    ///
    /// - Complexity: O(*n*).
    private mutating func layOut() {
        let tree = self.tree
        let count = tree.nodeCount
        var spans = ContiguousArray<Span>(repeating: Span(), count: tree.slotCount)
        var slots = ContiguousArray<Int32>(repeating: 0, count: count)
        var values = ContiguousArray<Int32>(repeating: 0, count: count)
        var weights = ContiguousArray<Int32>(repeating: 0, count: tree.hasHeights ? count : 0)
        var position = 0
        spans.withUnsafeMutableBufferPointer { spans in
            slots.withUnsafeMutableBufferPointer { slots in
                values.withUnsafeMutableBufferPointer { values in
                    tree.firstChildren.withUnsafeBufferPointer { firstChildren in
                        tree.nextSiblings.withUnsafeBufferPointer { nextSiblings in
                            tree.parents.withUnsafeBufferPointer { parents in
                                tree.expandedFlags.withUnsafeFlags { expanded in
                                    var current = firstChildren[0]
                                    // The collapsed ancestors of `current`.
                                    var hidden: Int32 = 0
                                    while current != Tree.noNode {
                                        let slot = Int(current)
                                        spans[slot].position = Int32(position)
                                        slots[position] = current
                                        values[position] = hidden
                                        position += 1
                                        let child = firstChildren[slot]
                                        if child != Tree.noNode {
                                            if !expanded[slot] { hidden += 1 }
                                            current = child
                                            continue
                                        }
                                        spans[slot].end = Int32(position)
                                        var node = slot
                                        var next = nextSiblings[node]
                                        while next == Tree.noNode {
                                            let parent = Int(parents[node])
                                            if parent == Tree.root.slot { break }
                                            spans[parent].end = Int32(position)
                                            if !expanded[parent] { hidden -= 1 }
                                            node = parent
                                            next = nextSiblings[node]
                                        }
                                        current = next
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        precondition(position == count, "the walk numbered \(position) of \(count) nodes")
        if tree.hasHeights {
            for index in 0..<count { weights[index] = tree.height(of: NodeIndex(slots[index])) }
        }
        self.spans = spans
        self.slots = slots
        counters = HiddenCounters(values: values, weights: weights, isWeighted: tree.hasHeights)
    }

    /// Lays the positions out again after a change (not at the build), counting the layout
    /// and the segment tree's change of height as ``structuralEvents``.
    ///
    /// - Complexity: O(*n*).
    private mutating func layOutAgain() {
        let levels = counters.levels
        events.count(deadPositions > 0 ? Event.layoutDroppingRemoved : Event.layout)
        deadPositions = 0
        layOut()
        if counters.levels != levels {
            events.count(counters.levels > levels ? Event.segmentTreeGrew : Event.segmentTreeShrank, level: counters.levels)
        }
    }

    /// The positions of `node`'s subtree, its own first.
    private func span(of node: NodeIndex) -> Range<Int> {
        Int(spans[node.slot].position)..<Int(spans[node.slot].end)
    }

    /// The positions of `node`'s descendants.
    private func descendantRange(of node: NodeIndex) -> Range<Int> { span(of: node).dropFirst() }

    /// The row of the node at the first position of `span` (a subtree) and the rows the
    /// span holds, that node's included; `nil` when that node is hidden.
    ///
    /// - Complexity: O(log *n*).
    private func rows(ofSpan span: Range<Int>) -> (first: Int, count: Int)? {
        let start = counters.prefix(span.lowerBound)
        guard start.value == 0 else { return nil }
        return (start.zeros, counters.prefix(span.upperBound).zeros - start.zeros)
    }

    // MARK: Queries

    public var rowCount: Int { counters.zeroCount }

    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        let node = NodeIndex(slots[counters.positionOfZero(rank: index)])
        return Row(node: node, depth: tree.depth(of: node))
    }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        let prefix = counters.prefix(Int(spans[node.slot].position))
        return prefix.value == 0 ? prefix.zeros : nil
    }

    /// The first row by ``row(at:)``, then along the positions, jumping over the subtrees
    /// of collapsed and removed nodes.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* rows.
    public func rows(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return [] }
        var result: [Row] = []
        result.reserveCapacity(range.count)
        var position = counters.positionOfZero(rank: range.lowerBound)
        while result.count < range.count {
            let node = NodeIndex(slots[position])
            if !tree.contains(node) {
                position = Int(spans[node.slot].end)
                continue
            }
            result.append(Row(node: node, depth: tree.depth(of: node)))
            position = tree.isExpanded(node) ? position + 1 : Int(spans[node.slot].end)
        }
        return result
    }

    public var totalHeight: Int {
        counters.isWeighted ? Int(counters.zeroWeight) : Tree.defaultOffset(ofRow: rowCount)
    }

    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard counters.isWeighted else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return totalHeight }
        return Int(counters.prefix(counters.positionOfZero(rank: index)).weight)
    }

    public func row(atOffset offset: Int) -> Int? {
        guard counters.isWeighted else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < totalHeight else { return nil }
        return counters.prefix(counters.positionOfZero(atWeight: Int64(offset))).zeros
    }

    /// The rows `node` shows, its own included, when it is a row.
    private func shownRows(_ node: NodeIndex) -> Int {
        tree.isExpanded(node) ? 1 + counters.zeros(in: descendantRange(of: node)) : 1
    }

    /// The row of every top-level node (always a row): one prefix count each.
    ///
    /// - Complexity: O(*S* log *n*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout {
        var headers: [Int] = []
        var child = tree.firstChild(of: Tree.root)
        while let node = child {
            headers.append(counters.prefix(Int(spans[node.slot].position)).zeros)
            child = tree.nextSibling(of: node)
        }
        return SectionLayout(headerRows: headers, flatRowCount: rowCount)
    }

    // MARK: Toggles

    /// Sets one node's flag, adds ±1 to its descendants' counters and reports the zeros
    /// of that range as the changed rows.
    ///
    /// - Complexity: O(log *n*).
    private mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
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
            return RowDiff(deletions: [before.first + 1..<before.first + before.count])
        }
        counters.add(-1, in: descendants)
        guard let after = rows(ofSpan: span), after.count > 1 else { return .empty }
        return RowDiff(insertions: [after.first + 1..<after.first + after.count])
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff { setExpanded(node, !tree.isExpanded(node)) }

    public mutating func expand(_ node: NodeIndex) -> RowDiff { setExpanded(node, true) }

    public mutating func collapse(_ node: NodeIndex) -> RowDiff { setExpanded(node, false) }

    /// Sets the true counters of `node`'s descendants (of everything, for the root) from
    /// the expanded flags, one pass in position order: a node's counter is its parent's
    /// plus 1 when the parent is collapsed. Positions of removed nodes get a large counter,
    /// so that no later subtraction brings them to 0.
    ///
    /// - Complexity: O(*m* + (*m* / 32) log *n*) for *m* positions.
    private mutating func rewriteCounters(under node: NodeIndex) {
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
        return RowDiff(deletions: [before.first + 1..<before.first + before.count])
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

    // MARK: Edits

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        layOutAgain()
        guard let row = index(of: node) else { return .empty }
        return RowDiff(insertions: [row..<row + 1])
    }

    /// Removes the load-more row if it goes, adds the replies to the tree and lays the
    /// positions out once.
    ///
    /// - Complexity: O(*n* + *k*) for *k* replies.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try loadPageInOneBatch(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) { strategy, before in
            strategy.tree.loadValidatedPage(ids, under: parent, before: before, removingLoadMoreRow: false)
            if !ids.isEmpty { strategy.layOutAgain() }
        }
    }

    /// Adds 1 to the counters of the subtree's range, so none of it is a row again. Once
    /// removed positions outnumber the live nodes, the positions are laid out again without
    /// them, so a long run of removals does not keep growing dead weight in every descent.
    ///
    /// - Complexity: O(log *n*) plus the tree's O(*m*) for *m* removed nodes; the layout
    ///   after half the positions died adds O(1) amortized per removed node.
    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let span = self.span(of: node)
        let removed = rows(ofSpan: span)
        counters.add(1, in: span)
        deadPositions += span.count
        tree.removeSubtree(node)
        if slots.count - tree.nodeCount > tree.nodeCount { layOutAgain() }
        guard let removed else { return .empty }
        return RowDiff(deletions: [removed.first..<removed.first + removed.count])
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { strategy in
            strategy.tree.sortSiblings(by: order)
            strategy.layOutAgain()
        }
    }

    // MARK: Events

    /// Layouts after the build (those that drop removed positions apart), rewrites of a
    /// subtree's counters, and the segment tree's growth and shrinking by height.
    ///
    /// - Complexity: O(*h*) for the segment tree's height *h*.
    public var structuralEvents: [StructuralEvent: Int] { events.events }

    // MARK: Invariants

    /// Lays the tree out afresh and compares: the live nodes in the same order, each with
    /// the same counter (its collapsed ancestors), every removed position hidden, and the
    /// segment tree consistent with its counters.
    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard spans.count == tree.slotCount else {
            throw InvariantViolation("preorder-segments has \(spans.count) spans for \(tree.slotCount) slots")
        }
        guard counters.isWeighted == tree.hasHeights, counters.count == slots.count else {
            throw InvariantViolation("preorder-segments: heights or counter count out of step")
        }
        try counters.checkNodes()
        var fresh = self
        fresh.layOut()
        let values = counters.trueValues
        let freshValues = fresh.counters.trueValues
        // The live positions before each position.
        var livePrefix = [0]
        for slot in slots { livePrefix.append(livePrefix.last! + (tree.contains(NodeIndex(slot)) ? 1 : 0)) }
        var freshPosition = 0
        for position in 0..<slots.count {
            let node = NodeIndex(slots[position])
            guard tree.contains(node) else {
                if values[position] <= 0 { throw InvariantViolation("preorder-segments: removed \(node) counts as a row") }
                continue
            }
            guard freshPosition < fresh.slots.count, fresh.slots[freshPosition] == node.rawValue else {
                throw InvariantViolation("preorder-segments: position \(position) holds \(node), out of preorder")
            }
            guard values[position] == freshValues[freshPosition] else {
                throw InvariantViolation("preorder-segments: \(node) has counter \(values[position]), expected \(freshValues[freshPosition])")
            }
            // The live positions in the node's range are exactly its subtree.
            let range = position..<Int(spans[node.slot].end)
            guard spans[node.slot].position == Int32(position), range.upperBound <= slots.count,
                  livePrefix[range.upperBound] - livePrefix[range.lowerBound] == Int(fresh.spans[node.slot].end - fresh.spans[node.slot].position) else {
                throw InvariantViolation("preorder-segments: \(node) has a wrong position or subtree end")
            }
            freshPosition += 1
        }
        guard freshPosition == fresh.slots.count else {
            throw InvariantViolation("preorder-segments: \(fresh.slots.count - freshPosition) live nodes have no position")
        }
    }
}
