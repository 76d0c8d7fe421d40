/// A way of turning a ``Tree`` into list rows and of computing the ``RowDiff`` of every
/// change. The harness talks to strategies only through this protocol.
///
/// ## Contract
/// - Rows are the preorder walk of the forest, skipping the descendants of collapsed
///   nodes; top-level nodes have depth 0; siblings keep their order in the tree.
/// - Collapsing a node keeps the expanded flags of its descendants, so expanding it again
///   brings back exactly the rows that were visible before.
/// - Every operation changes the strategy's ``tree`` and returns the diff from the rows
///   before to the rows after. The diff passes
///   ``RowDiff/validate(rowCountBefore:rowCountAfter:)``, and applying it to the old rows
///   gives the new rows. An operation on a hidden node changes state but no rows and
///   returns an empty diff. Expanding or collapsing one visible node is a single range.
/// - Node arguments are live nodes of ``tree`` (not ``Tree/root``, not removed); anything
///   else is a programming error and traps (``Tree/requireLive(_:_:)``). The parent of an
///   insert may also be ``Tree/root``, meaning top level; an insert reports a bad parent,
///   id, position or field value by throwing instead, since those come from user input.
/// - Two strategies built from the same tree and given the same operations hold equal
///   trees, so a ``NodeIndex`` means the same node in both.
///
/// ## What a strategy must write, and what it may
/// A first strategy needs nine members: ``name``, ``init(tree:)``, ``tree``, ``rowCount``,
/// ``row(at:)``, ``index(of:)``, ``setExpanded(_:_:)``, ``insert(_:under:at:time:score:)``
/// and ``remove(_:)``; a type without one of them does not compile. Every other
/// requirement is a customization point with a correct default in the extensions beside
/// the protocol, so the fuzzer checks a new strategy on every operation from its first run:
/// - by the strategy's own ``setExpanded(_:_:)``, the primitive of expansion:
///   ``toggle(_:)``, ``expand(_:)`` and ``collapse(_:)`` (no default calls back into
///   ``setExpanded(_:_:)``'s own requirement, so none can recurse);
/// - by the strategy's own expansion, ``insert(_:under:at:time:score:)`` and
///   ``remove(_:)``: ``accordionExpand(_:)``, ``loadPage(_:under:before:removingLoadMoreRow:)``;
/// - by changing a copy of the tree, building the strategy again with ``init(tree:)`` and
///   diffing the rows by node (O(*n*) and more: write your own for speed):
///   ``expandRecursively(_:)``, ``collapseRecursively(_:)``, ``expandAll()``,
///   ``collapseAll()``, ``sortSiblings(by:reportingMoves:)``;
/// - by the queries: ``rows(in:)``, ``reload(_:)``, ``totalHeight``, ``offset(ofRow:)``,
///   ``row(atOffset:)``, ``sectionLayout()``;
/// - ``checkInvariants()`` checks nothing;
/// - ``structuralEvents`` reports none;
/// - ``fuzzingVariants`` has none;
/// - ``declaredCost(of:)`` declares nothing.
///
/// Each conforming type states the complexity of its operations in its own documentation.
public protocol RowStrategy {
    /// The name used on the command line and in reports, e.g. `range-counts`.
    static var name: String { get }

    /// Creates the strategy for a tree in its current expansion state.
    init(tree: Tree)

    /// The tree in its current state.
    var tree: Tree { get }

    /// The number of visible rows.
    var rowCount: Int { get }

    /// The row at `index`, which must be in `0..<rowCount`.
    func row(at index: Int) -> Row

    /// The row index of `node`, or `nil` when `node` is hidden under a collapsed ancestor.
    func index(of node: NodeIndex) -> Int?

    /// The rows in `range` (a window of the list, as a list view asks for the visible rows),
    /// which must lie in `0...rowCount`.
    ///
    /// The default calls ``row(at:)`` for each index; a strategy without a row array can
    /// find the first row and walk on from it.
    func rows(in range: Range<Int>) -> [Row]

    /// Sets the expanded flag of `node` to `isExpanded`; nothing changes if it has that flag
    /// already. The primitive of expanding and collapsing one node, with no default: a
    /// strategy written with ``toggle(_:)`` alone adds
    /// `setExpanded(node, flag) { tree.isExpanded(node) == flag ? .empty : toggle(node) }`.
    mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff

    /// Flips the expanded flag of `node`.
    mutating func toggle(_ node: NodeIndex) -> RowDiff

    /// Expands `node`; nothing changes if it is expanded already.
    mutating func expand(_ node: NodeIndex) -> RowDiff

    /// Collapses `node`; nothing changes if it is collapsed already.
    mutating func collapse(_ node: NodeIndex) -> RowDiff

    /// Expands `node` and every descendant.
    mutating func expandRecursively(_ node: NodeIndex) -> RowDiff

    /// Collapses `node` and every descendant.
    mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff

    /// Expands every node.
    mutating func expandAll() -> RowDiff

    /// Collapses every node: the rows become the top-level nodes.
    mutating func collapseAll() -> RowDiff

    /// Adds a new leaf (a reply) as child number `position` of `parent`.
    ///
    /// The new node is expanded. It is a row if `parent` is ``Tree/root`` or a visible,
    /// expanded node; otherwise the diff is empty.
    /// - Throws: ``Tree/InsertionError`` for a duplicate id, an unknown parent, an invalid
    ///   position or a reserved field value, with nothing changed.
    mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff

    /// Removes `node` and all its descendants.
    mutating func remove(_ node: NodeIndex) -> RowDiff

    /// Marks the content of `node` as edited: its row is reloaded if it is visible.
    mutating func reload(_ node: NodeIndex) -> RowDiff

    /// Reorders the siblings at every level by `order` (stably).
    ///
    /// With `reportingMoves`, the diff is moves only (no row is deleted or inserted), the
    /// fewest a longest-increasing-subsequence match gives; without, it reloads every row
    /// (the `reloadData` alternative, which the benchmarks compare against).
    mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff

    /// Expands `node` and collapses every sibling of it in the same batch (an accordion:
    /// one open dropdown per level). Afterwards `node` is the only expanded node among its
    /// siblings.
    ///
    /// The default collapses the expanded siblings one by one, expands `node`, and
    /// combines the diffs with ``RowDiff/sequence(_:)``.
    mutating func accordionExpand(_ node: NodeIndex) -> RowDiff

    /// Loads a page of replies: new leaves with `ids` become the last children of `parent`,
    /// in order, placed before `loadMoreRow` (the "load more" row, the last child of
    /// `parent`) when there is one; with `removingLoadMoreRow` (the last page) that row is
    /// removed in the same batch.
    ///
    /// The default removes the load-more row, inserts the replies one by one and combines
    /// the diffs with ``RowDiff/sequence(_:)``.
    /// - Throws: ``Tree/InsertionError`` (see ``Tree/validatePage(_:under:before:)``),
    ///   with nothing changed.
    mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff

    /// The sum of the heights of all rows, in points.
    var totalHeight: Int { get }

    /// The content offset of the top of the row at `index`, in `0...rowCount` (the offset of
    /// `rowCount` is ``totalHeight``).
    func offset(ofRow index: Int) -> Int

    /// The row covering the content offset `offset` (the row whose top is at or above it
    /// and whose bottom is below it), or `nil` when `offset` is negative or at least
    /// ``totalHeight``.
    func row(atOffset offset: Int) -> Int?

    /// Where the sections start when top-level nodes are section headers: the flat row of
    /// every top-level node. With the layout before a change, it turns the change's diff
    /// into a ``SectionedDiff``.
    ///
    /// The default scans ``rows(in:)`` for depth-0 rows.
    func sectionLayout() -> SectionLayout

    /// Recomputes the strategy's bookkeeping from scratch and compares.
    ///
    /// Called after every operation in builds with ``internalChecksEnabled``.
    /// - Throws: ``InvariantViolation`` naming what disagrees.
    func checkInvariants() throws(InvariantViolation)

    /// How many times each of the strategy's own ``StructuralEvent``s happened since
    /// ``init(tree:)``: leaf splits, root growth, packings, layouts. The fuzzer reads it
    /// after every operation (a count that went down means the strategy was built again),
    /// counts the events in its coverage and steers its large cases towards the rarest.
    ///
    /// The default reports none. Keep the counts in a ``StructuralEventCounter``: bumping
    /// one costs an array increment.
    var structuralEvents: [StructuralEvent: Int] { get }

    /// Other configurations of the strategy's code that `fuzz` and `check` run beside it
    /// whenever it is selected, each under its own name: the same B-tree with tiny nodes,
    /// say, so that small cases reach every level of it and a finding shrinks to a few
    /// hundred nodes (``PreorderBTree`` offers one). `bench` and `gate` leave them out.
    ///
    /// The default has none.
    static var fuzzingVariants: [any RowStrategy.Type] { get }

    /// The most one `step` may cost, as the strategy's `- Complexity:` docs say it, cliffs
    /// included: `treerows cliffs` reports a measured cost that grows faster than this along
    /// some shape of tree. `nil` declares nothing: the search then judges the step against
    /// the best built-in strategy measured on the same shapes in the same run.
    ///
    /// The default declares nothing.
    static func declaredCost(of step: CostedStep) -> CostBound?
}

extension RowStrategy {
    /// ``setExpanded(_:_:)`` to the other flag.
    public mutating func toggle(_ node: NodeIndex) -> RowDiff { setExpanded(node, !tree.isExpanded(node)) }

    /// ``setExpanded(_:_:)`` to expanded.
    public mutating func expand(_ node: NodeIndex) -> RowDiff { setExpanded(node, true) }

    /// ``setExpanded(_:_:)`` to collapsed.
    public mutating func collapse(_ node: NodeIndex) -> RowDiff { setExpanded(node, false) }

    /// Reloads the row of `node` if ``index(of:)`` finds one.
    public mutating func reload(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        guard let index = index(of: node) else { return .empty }
        return RowDiff(reloads: RangeList(index..<index + 1))
    }

    /// Adds a new leaf without `time` or `score`.
    public mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int) throws(Tree.InsertionError) -> RowDiff {
        try insert(id, under: parent, at: position, time: nil, score: nil)
    }

    /// The rows in `range`, one ``row(at:)`` call each.
    public func rows(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        return range.map(row(at:))
    }

    /// All rows, in order, through ``rows(in:)``.
    public var rows: [Row] { rows(in: 0..<rowCount) }

    /// Changes a copy of the tree, builds the strategy again from it, and diffs the rows
    /// before and after by node.
    ///
    /// - Complexity: O(*n*) plus ``init(tree:)``, for *n* nodes.
    public mutating func rebuilding(_ change: (inout Tree) -> Void) -> RowDiff {
        let old = rows
        var changed = tree
        change(&changed)
        self = Self(tree: changed)
        return .keyed(from: old, to: rows)
    }

    /// Rebuilds with `node` and its descendants expanded (see ``rebuilding(_:)``).
    ///
    /// - Complexity: O(*n*) plus ``init(tree:)``.
    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return rebuilding { $0.setExpandedInSubtree(of: node, true) }
    }

    /// Rebuilds with `node` and its descendants collapsed (see ``rebuilding(_:)``).
    ///
    /// - Complexity: O(*n*) plus ``init(tree:)``.
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return rebuilding { $0.setExpandedInSubtree(of: node, false) }
    }

    /// Rebuilds with every node expanded (see ``rebuilding(_:)``).
    ///
    /// - Complexity: O(*n*) plus ``init(tree:)``.
    public mutating func expandAll() -> RowDiff { rebuilding { $0.setExpandedInSubtree(of: Tree.root, true) } }

    /// Rebuilds with every node collapsed (see ``rebuilding(_:)``).
    ///
    /// - Complexity: O(*n*) plus ``init(tree:)``.
    public mutating func collapseAll() -> RowDiff { rebuilding { $0.setExpandedInSubtree(of: Tree.root, false) } }

    /// Rebuilds with the siblings sorted (see ``rebuilding(_:)``): the diff is the moves by
    /// node, or a reload of every row without `reportingMoves`.
    ///
    /// - Complexity: O(*n* log *n*) plus ``init(tree:)``.
    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let moves = rebuilding { $0.sortSiblings(by: order) }
        return reportingMoves ? moves : .reloadingAll(rowCount: rowCount)
    }

    /// Checks nothing: a strategy with bookkeeping of its own should recompute it and compare.
    ///
    /// - Complexity: O(1).
    public func checkInvariants() throws(InvariantViolation) {}

    /// Reports no events.
    ///
    /// - Complexity: O(1).
    public var structuralEvents: [StructuralEvent: Int] { [:] }

    /// No variants.
    ///
    /// - Complexity: O(1).
    public static var fuzzingVariants: [any RowStrategy.Type] { [] }

    /// Declares nothing.
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? { nil }

    /// Runs ``checkInvariants()`` and traps on a violation, in builds with
    /// ``internalChecksEnabled``; does nothing otherwise.
    @inlinable
    public func checkInvariantsIfEnabled() {
        #if TREEROWS_INTERNAL_CHECKS
        do { try checkInvariants() } catch { preconditionFailure("\(Self.name): invariant broken: \(error)") }
        #endif
    }
}
