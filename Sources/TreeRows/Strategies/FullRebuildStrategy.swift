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

    /// Every change rebuilds the rows, O(*n*) (a page O(*n* + *k*), an insert also walks to
    /// the last child, O(*c*)); ``index(of:)`` scans the rows, O(*r*); ``row(at:)`` O(1).
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        switch step {
        case .toggle, .remove, .accordionExpand: .linear(in: .nodes)
        case .insert: .linear(in: .nodes) + .linear(in: .children)
        case .loadPage: .linear(in: .nodes) + .linear(in: .elements) + .linear(in: .children)
        case .indexOf: .linear(in: .rows)
        case .rowAt: .constant
        }
    }

    public private(set) var tree: Tree
    @usableFromInline var allRows: ContiguousArray<Row>
    /// The offset of each row's top and, last, the total height; empty without heights.
    private var offsets: HeightPrefixSums

    public init(tree: Tree) {
        self.tree = tree
        allRows = tree.visibleRows()
        offsets = HeightPrefixSums(of: allRows, in: tree)
        checkInvariantsIfEnabled()
    }

    public func offset(ofRow index: Int) -> Int { offsets.offset(ofRow: index, rowCount: rowCount) }

    public func row(atOffset offset: Int) -> Int? { offsets.row(atOffset: offset, rowCount: rowCount) }

    public var rowCount: Int { allRows.count }

    public func row(at index: Int) -> Row { allRows[index] }

    public func rows(in range: Range<Int>) -> [Row] { Array(allRows[range]) }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        return allRows.firstIndex { $0.node == node }
    }

    /// Rebuilds the rows after `tree` changed and diffs them against the old ones (or,
    /// without `diffing`, reports nothing).
    private mutating func rebuild(diffing: Bool = true) -> RowDiff {
        let new = tree.visibleRows()
        let diff = diffing ? RowDiff.trimmed(from: allRows, to: new) : .empty
        allRows = new
        offsets = HeightPrefixSums(of: allRows, in: tree)
        checkInvariantsIfEnabled()
        return diff
    }

    /// Sets the flag, then builds every row again and diffs them against the old ones.
    ///
    /// - Complexity: O(*n*) when the flag changes, O(1) when it has it already.
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.requireLive(node)
        guard tree.isExpanded(node) != isExpanded else { return .empty }
        tree.setExpanded(node, isExpanded)
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

    /// Adds the page's replies (and removes the load-more row when it goes), then rebuilds
    /// once: adding them one by one would rebuild once per reply.
    ///
    /// - Complexity: O(*n* + *k*) for *k* replies (O(*n* + *k* log *k*) when the load-more
    ///   row goes: the keyed diff).
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.validatePage(ids, under: parent, before: loadMoreRow)
        tree.loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow)
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
        guard allRows == tree.visibleRows() else { throw InvariantViolation("full-rebuild rows are stale") }
        guard offsets == HeightPrefixSums(of: allRows, in: tree) else { throw InvariantViolation("full-rebuild offsets are stale") }
    }
}
