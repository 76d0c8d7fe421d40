import TreeRows

/// A strategy that forwards everything to a wrapped one: a deliberately wrong test strategy
/// conforms and overrides only the operation it breaks.
public protocol ForwardingStrategy: RowStrategy {
    associatedtype Base: RowStrategy
    var base: Base { get set }
    init(base: Base)
}

extension ForwardingStrategy {
    public init(tree: Tree) { self.init(base: Base(tree: tree)) }
    public var tree: Tree { base.tree }
    public var rowCount: Int { base.rowCount }
    public func row(at index: Int) -> Row { base.row(at: index) }
    public func index(of node: NodeIndex) -> Int? { base.index(of: node) }
    public func rows(in range: Range<Int>) -> [Row] { base.rows(in: range) }
    /// Through this type's own ``toggle(_:)``, so a wrapper that breaks only `toggle` breaks
    /// every expansion (docs/OwnStrategy.md's one-line migration).
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        tree.isExpanded(node) == isExpanded ? .empty : toggle(node)
    }
    public mutating func toggle(_ node: NodeIndex) -> RowDiff { base.toggle(node) }
    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff { base.expandRecursively(node) }
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff { base.collapseRecursively(node) }
    public mutating func expandAll() -> RowDiff { base.expandAll() }
    public mutating func collapseAll() -> RowDiff { base.collapseAll() }
    public mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?)
        throws(Tree.InsertionError) -> RowDiff
    { try base.insert(id, under: parent, at: position, time: time, score: score) }
    public mutating func remove(_ node: NodeIndex) -> RowDiff { base.remove(node) }
    public mutating func reload(_ node: NodeIndex) -> RowDiff { base.reload(node) }
    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        base.sortSiblings(by: order, reportingMoves: reportingMoves)
    }
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff { base.accordionExpand(node) }
    public mutating func loadPage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool)
        throws(Tree.InsertionError) -> RowDiff
    { try base.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) }
    public var totalHeight: Int { base.totalHeight }
    public func sectionLayout() -> SectionLayout { base.sectionLayout() }
    public func offset(ofRow index: Int) -> Int { base.offset(ofRow: index) }
    public func row(atOffset offset: Int) -> Int? { base.row(atOffset: offset) }
    public func checkInvariants() throws(InvariantViolation) { try base.checkInvariants() }
}
