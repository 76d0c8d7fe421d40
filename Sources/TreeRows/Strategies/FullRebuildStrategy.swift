/// Rebuilds the whole row array after every change, in a tight loop over the tree's
/// contiguous link arrays, then diffs old and new rows.
///
/// The diff trims the common prefix and suffix; when what is left is one contiguous block
/// on one side (every expand, collapse, insert and remove of one node) it is a single
/// range, otherwise the middle is diffed by ``RowDiff/keyed(from:to:oldOffset:newOffset:)``.
///
/// With row heights set, the rebuild also makes the prefix sums of the heights.
///
/// Complexity: every operation O(*n*) for *n* nodes (O(*n* log *n*) when the keyed
/// fallback runs, as for a sort); ``row(at:)`` and ``offset(ofRow:)`` O(1);
/// ``row(atOffset:)`` O(log *r*); ``index(of:)`` O(*r*) (a scan of the rows).
public struct FullRebuildStrategy: RowStrategy {
    public static let name = "full-rebuild"

    public private(set) var tree: Tree
    @usableFromInline var allRows: ContiguousArray<Row>
    /// The offset of each row's top and, last, the total height; empty without heights.
    private var offsets: ContiguousArray<Int>

    public init(tree: Tree) {
        self.tree = tree
        allRows = Self.build(tree)
        offsets = Self.offsets(of: allRows, in: tree)
        checkInvariantsIfEnabled()
    }

    /// The prefix sums of the row heights (`rows.count + 1` entries), or nothing when the
    /// tree has no heights.
    ///
    /// - Complexity: O(*r*), where *r* is the number of rows.
    static func offsets<Rows: Collection<Row>>(of rows: Rows, in tree: Tree) -> ContiguousArray<Int> {
        guard tree.hasHeights else { return [] }
        var offsets = ContiguousArray<Int>()
        offsets.reserveCapacity(rows.count + 1)
        var total = 0
        offsets.append(0)
        for row in rows {
            total += Int(tree.height(of: row.node))
            offsets.append(total)
        }
        return offsets
    }

    /// The offset of row `index` from prefix sums made by ``offsets(of:in:)`` (empty: every
    /// row has the default height).
    static func offset(ofRow index: Int, rowCount: Int, in offsets: ContiguousArray<Int>) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        return offsets.isEmpty ? Tree.defaultOffset(ofRow: index) : offsets[index]
    }

    /// The row whose top is the last one at or above `offset`, by binary search over
    /// `offsets` (empty: every row has the default height); `nil` outside the rows.
    static func row(atOffset offset: Int, rowCount: Int, in offsets: ContiguousArray<Int>) -> Int? {
        if offsets.isEmpty { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard let total = offsets.last, offset >= 0, offset < total else { return nil }
        var low = 0
        var high = offsets.count - 1  // offsets[low] <= offset < offsets[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            if offsets[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    public func offset(ofRow index: Int) -> Int { Self.offset(ofRow: index, rowCount: rowCount, in: offsets) }

    public func row(atOffset offset: Int) -> Int? { Self.row(atOffset: offset, rowCount: rowCount, in: offsets) }

    /// All rows of `tree`, from the stackless walk ``Tree/forEachVisibleDescendant(of:_:)``.
    ///
    /// - Complexity: O(*r*), where *r* is the number of rows.
    @inlinable
    public static func build(_ tree: Tree) -> ContiguousArray<Row> {
        var rows = ContiguousArray<Row>()
        rows.reserveCapacity(tree.nodeCount)
        tree.depths.withUnsafeBufferPointer { depths in
            tree.forEachVisibleDescendant(of: Tree.root) { node in
                rows.append(Row(node: node, depth: depths[node.slot]))
            }
        }
        return rows
    }

    public var rowCount: Int { allRows.count }

    public func row(at index: Int) -> Row { allRows[index] }

    public func rows(in range: Range<Int>) -> [Row] { Array(allRows[range]) }

    public func index(of node: NodeIndex) -> Int? {
        precondition(tree.contains(node), "\(node) is not a live node")
        return allRows.firstIndex { $0.node == node }
    }

    /// Rebuilds the rows after `tree` changed and diffs them against the old ones (or,
    /// without `diffing`, reports nothing).
    private mutating func rebuild(diffing: Bool = true) -> RowDiff {
        let new = Self.build(tree)
        let diff = diffing ? Self.diff(from: allRows, to: new) : .empty
        allRows = new
        offsets = Self.offsets(of: allRows, in: tree)
        checkInvariantsIfEnabled()
        return diff
    }

    /// The diff between two row lists: common prefix and suffix trimmed, the middle a
    /// single range when one side's middle is empty, keyed otherwise.
    ///
    /// - Complexity: O(*n*) when one side's middle is empty.
    static func diff(from old: ContiguousArray<Row>, to new: ContiguousArray<Row>) -> RowDiff {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = prefix..<old.count - suffix
        let newMiddle = prefix..<new.count - suffix
        if oldMiddle.isEmpty && newMiddle.isEmpty { return .empty }
        if oldMiddle.isEmpty { return RowDiff(insertions: [newMiddle]) }
        if newMiddle.isEmpty { return RowDiff(deletions: [oldMiddle]) }
        return .keyed(from: old[oldMiddle], to: new[newMiddle], oldOffset: prefix, newOffset: prefix)
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        tree.setExpanded(node, !tree.isExpanded(node))
        return rebuild()
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        tree.setExpandedInSubtree(of: node, true)
        return rebuild()
    }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        tree.setExpandedInSubtree(of: node, false)
        return rebuild()
    }

    public mutating func expandAll() -> RowDiff {
        tree.setExpandedInSubtree(of: Tree.root, true)
        return rebuild()
    }

    public mutating func collapseAll() -> RowDiff {
        tree.setExpandedInSubtree(of: Tree.root, false)
        return rebuild()
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.insert(id, under: parent, at: position, time: time, score: score)
        return rebuild()
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        tree.removeSubtree(node)
        return rebuild()
    }

    /// Sets the flags of `node` and its siblings, then rebuilds once (collapsing the
    /// siblings one by one would rebuild once per sibling).
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.setExpandedExclusively(node)
        return rebuild()
    }

    /// The depth-0 rows of the row array, without copying it.
    public func sectionLayout() -> SectionLayout { SectionLayout(rows: allRows) }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        tree.sortSiblings(by: order)
        let diff = rebuild(diffing: reportingMoves)
        return reportingMoves ? diff : .reloadingAll(rowCount: rowCount)
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard allRows == Self.build(tree) else { throw InvariantViolation("full-rebuild rows are stale") }
        guard offsets == Self.offsets(of: allRows, in: tree) else { throw InvariantViolation("full-rebuild offsets are stale") }
    }
}
