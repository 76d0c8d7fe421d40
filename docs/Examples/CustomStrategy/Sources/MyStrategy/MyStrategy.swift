import TreeRows

/// A first strategy: a row array rebuilt after every change, diffed by node. It writes only
/// the nine members `RowStrategy` requires; every other operation comes from the defaults.
public struct MyStrategy: RowStrategy {
    public static let name = "my-strategy"

    public private(set) var tree: Tree
    private var allRows: [Row]

    public init(tree: Tree) {
        self.tree = tree
        allRows = Self.rows(of: tree)
    }

    static func rows(of tree: Tree) -> [Row] {
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

    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { change { $0.setExpanded(node, isExpanded) } }
    public mutating func remove(_ node: NodeIndex) -> RowDiff { change { $0.removeSubtree(node) } }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.insert(id, under: parent, at: position, time: time, score: score)
        return change { _ in }
    }
}
