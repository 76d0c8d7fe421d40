import TreeRows

/// The first draft of ``MyStrategy``, kept to show the tool finding its two bugs:
/// - an expansion splices rows in place instead of rebuilding them, and an expand inserts only the
///   node's children, forgetting the rows of children that were expanded before (the
///   classic expand bug): wrong rows;
/// - a reply's row is placed one level below its parent's row, which a parent hidden under
///   a collapsed ancestor does not have: an index out of range, a trap.
public struct MyStrategyDraft: RowStrategy {
    public static let name = "my-strategy-draft"

    public private(set) var tree: Tree
    private var allRows: [Row]

    public init(tree: Tree) {
        self.tree = tree
        allRows = MyStrategy.rows(of: tree)
    }

    public var rowCount: Int { allRows.count }
    public func row(at index: Int) -> Row { allRows[index] }
    public func index(of node: NodeIndex) -> Int? { allRows.firstIndex { $0.node == node } }

    public mutating func setExpanded(_ node: NodeIndex, _ expanding: Bool) -> RowDiff {
        guard tree.isExpanded(node) != expanding else { return .empty }
        tree.setExpanded(node, expanding)
        guard let row = index(of: node) else { return .empty }
        let depth = allRows[row].depth
        if expanding {
            // The bug: children only, not the rows below the children that are expanded.
            let children = tree.children(of: node).map { Row(node: $0, depth: depth + 1) }
            allRows.insert(contentsOf: children, at: row + 1)
            return children.isEmpty ? .empty : RowDiff(insertions: [row + 1..<row + 1 + children.count])
        }
        let end = allRows[(row + 1)...].firstIndex { $0.depth <= depth } ?? allRows.count
        allRows.removeSubrange(row + 1..<end)
        return end == row + 1 ? .empty : RowDiff(deletions: [row + 1..<end])
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        let old = allRows
        tree.removeSubtree(node)
        allRows = MyStrategy.rows(of: tree)
        return .keyed(from: old, to: allRows)
    }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let old = allRows
        try tree.insert(id, under: parent, at: position, time: time, score: score)
        guard parent != Tree.root else {
            allRows = MyStrategy.rows(of: tree)
            return .keyed(from: old, to: allRows)
        }
        // The second bug: the reply's row goes one level below its parent's, and a parent
        // without a row (hidden under a collapsed ancestor) is taken to be past the last row,
        // where reading its depth traps.
        let parentRow = index(of: parent) ?? allRows.count
        let depth = allRows[parentRow].depth + 1
        guard tree.isExpanded(parent), depth > 0 else { return .empty }
        allRows = MyStrategy.rows(of: tree)
        return .keyed(from: old, to: allRows)
    }
}
