import TreeRows

/// A strategy of your own: a row array rebuilt after every change, diffed by node.
public struct MyStrategy: RowStrategy {
    public static let name = "my-strategy"

    public private(set) var tree: Tree
    private var allRows: [Row] = []

    public init(tree: Tree) {
        self.tree = tree
        allRows = Self.rows(of: tree)
    }

    private static func rows(of tree: Tree) -> [Row] {
        var rows: [Row] = []
        tree.forEachVisibleDescendant(of: Tree.root) { rows.append(Row(node: $0, depth: tree.depth(of: $0))) }
        return rows
    }

    public var rowCount: Int { allRows.count }
    public func row(at index: Int) -> Row { allRows[index] }
    public func index(of node: NodeIndex) -> Int? { allRows.firstIndex { $0.node == node } }

    /// Applies a change to the tree (only through Tree's own methods), then diffs the rows.
    private mutating func change(_ body: (inout Tree) -> Void) -> RowDiff {
        let old = allRows
        body(&tree)
        allRows = Self.rows(of: tree)
        return .keyed(from: old, to: allRows)
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff { change { $0.setExpanded(node, !$0.isExpanded(node)) } }
    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff { change { $0.setExpandedInSubtree(of: node, true) } }
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff { change { $0.setExpandedInSubtree(of: node, false) } }
    public mutating func expandAll() -> RowDiff { change { $0.setExpandedInSubtree(of: Tree.root, true) } }
    public mutating func collapseAll() -> RowDiff { change { $0.setExpandedInSubtree(of: Tree.root, false) } }
    public mutating func remove(_ node: NodeIndex) -> RowDiff { change { $0.removeSubtree(node) } }
    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let moves = change { $0.sortSiblings(by: order) }
        return reportingMoves ? moves : .reloadingAll(rowCount: rowCount)
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.insert(id, under: parent, at: position, time: time, score: score)
        return change { _ in }
    }

    public func checkInvariants() throws(InvariantViolation) {
        guard allRows == Self.rows(of: tree) else { throw InvariantViolation("rows are stale") }
    }
}
