/// Rows from a B-tree over the preorder: the idea of ``PreorderSegmentsStrategy`` (a node is
/// a row exactly when its counter of collapsed ancestors is 0) without its fixed positions,
/// so that inserts, pages and removals are O(log *n*) like toggles and queries.
///
/// Every live node is an element of a ``PreorderSequence`` in preorder. A node's subtree is
/// the run of elements from it to the first later element no deeper than it, found by a
/// descent along minimum keys; collapsing adds 1 to the counters of that run, and the rows
/// that disappear are its zeros. A reply goes in just before its next sibling (or the end of
/// its parent's subtree), splitting a full leaf; a removal cuts its run out. An accordion
/// finds the expanded siblings by their key instead of walking the sibling list, and
/// collapses those of one leaf (and a subtree that ends in the next leaf) in one pass over it.
///
/// Complexity, for *n* nodes and a B-tree of height *h* = O(log *n*): toggle, expand,
/// collapse, ``index(of:)``, ``row(at:)``, ``offset(ofRow:)``, ``row(atOffset:)``, insert and
/// remove (not counting the removed nodes) O(log *n*); a page of *k* replies O(log *n* + *k*);
/// an accordion O((*e* + 1) log *n*) for *e* expanded siblings, each of which an earlier
/// expand or the build paid for; ``rows(in:)`` O((*k* + 1) log *n*) for *k* rows; expand- and
/// collapse-recursively O(*m* + log *n*) for *m* nodes; expand-all, collapse-all and build
/// O(*n*); sort O(*n* log *n*). The tree's own insert walks *p* siblings to find position *p*.
/// Memory: about 13 to 14 bytes per node in leaves 7/8 to 15/16 full (17 to 18 with row
/// heights), 4 for the leaf of each node, and under 1 for the inner nodes.
///
/// ``fuzzingVariants`` is the same code with leaves of 4 elements and inner nodes of 4
/// children (`preorder-btree-small-nodes`), so that `fuzz` and `check` reach every level of
/// the B-tree on trees of a few thousand nodes.
public struct PreorderBTreeStrategy: RowStrategy {
    public static let name = "preorder-btree"

    /// The same code with small nodes: `preorder-btree-small-nodes` (``SmallPreorderLayout``).
    ///
    /// - Complexity: O(1).
    public static var fuzzingVariants: [any RowStrategy.Type] { [PreorderBTree<SmallPreorderLayout>.self] }

    /// Those of ``PreorderBTree``: O(log *n*) but for what a step must visit.
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? { PreorderBTree<StandardPreorderLayout>.declaredCost(of: step) }

    /// The code, with preorder-btree's node sizes as constants: every member below is its.
    private var core: PreorderBTree<StandardPreorderLayout>

    /// Leaves of 64 elements (56 when built), inner nodes of 16 children (14 when built), so
    /// that a level holds about 14 times the one below.
    ///
    /// - Complexity: O(*n*).
    public init(tree: Tree) { core = PreorderBTree(tree: tree) }

    public var tree: Tree { core.tree }
    public var rowCount: Int { core.rowCount }
    public func row(at index: Int) -> Row { core.row(at: index) }
    public func index(of node: NodeIndex) -> Int? { core.index(of: node) }
    public func rows(in range: Range<Int>) -> [Row] { core.rows(in: range) }
    public var totalHeight: Int { core.totalHeight }
    public func offset(ofRow index: Int) -> Int { core.offset(ofRow: index) }
    public func row(atOffset offset: Int) -> Int? { core.row(atOffset: offset) }
    public func sectionLayout() -> SectionLayout { core.sectionLayout() }

    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { core.setExpanded(node, isExpanded) }
    public mutating func toggle(_ node: NodeIndex) -> RowDiff { core.toggle(node) }
    public mutating func expand(_ node: NodeIndex) -> RowDiff { core.expand(node) }
    public mutating func collapse(_ node: NodeIndex) -> RowDiff { core.collapse(node) }
    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff { core.expandRecursively(node) }
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff { core.collapseRecursively(node) }
    public mutating func expandAll() -> RowDiff { core.expandAll() }
    public mutating func collapseAll() -> RowDiff { core.collapseAll() }
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff { core.accordionExpand(node) }
    public mutating func reload(_ node: NodeIndex) -> RowDiff { core.reload(node) }
    public mutating func remove(_ node: NodeIndex) -> RowDiff { core.remove(node) }
    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        core.sortSiblings(by: order, reportingMoves: reportingMoves)
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        try core.insert(id, under: parent, at: position, time: time, score: score)
    }

    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try core.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow)
    }

    /// Leaf splits, inner splits by level, the root growing and shrinking by height, nodes
    /// freed by removals by level, and packings, since ``init(tree:)``.
    ///
    /// - Complexity: O(*h*) for the B-tree's height *h*.
    public var structuralEvents: [StructuralEvent: Int] { core.structuralEvents }

    /// Checks the B-tree's bookkeeping, then walks the tree in preorder beside the
    /// sequence (see ``PreorderBTree``).
    ///
    /// - Complexity: O(*n*).
    public func checkInvariants() throws(InvariantViolation) { try core.checkInvariants() }
}
