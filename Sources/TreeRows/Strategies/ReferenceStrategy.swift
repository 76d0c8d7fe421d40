/// The oracle: recomputes every row after every change and diffs the old and new lists.
///
/// Deliberately simple. Rows come from an iterative preorder walk with an explicit stack
/// of (node, depth) pairs, so a 1,000,000-deep chain works and the depths do not depend on
/// the tree's stored ones; the diff is ``RowDiff/keyed(from:to:oldOffset:newOffset:)``;
/// ``index(of:)`` is a linear search. Every other strategy must match it row for row.
///
/// Complexity: every operation O(*n* log *n*) for *n* nodes; ``row(at:)`` O(1);
/// ``index(of:)`` O(*r*) for *r* rows.
public struct ReferenceStrategy: RowStrategy {
    public static let name = "reference"

    /// Every operation recomputes the rows and diffs them by node, O(*n* log *n*) (plus the
    /// tree's own walk to the last child, O(*c*)); ``index(of:)`` scans the rows, O(*r*);
    /// ``row(at:)`` O(1).
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        switch step {
        case .toggle, .remove, .accordionExpand: .linearithmic
        case .insert: .linearithmic + .linear(in: .children)
        case .loadPage: (.linearithmic + .linear(in: .children)) * .linear(in: .elements)
        case .indexOf: .linear(in: .rows)
        case .rowAt: .constant
        }
    }

    public private(set) var tree: Tree
    /// The current rows.
    private var allRows: [Row]

    public init(tree: Tree) {
        self.tree = tree
        allRows = Self.walk(tree)
        checkInvariantsIfEnabled()
    }

    /// The rows of `tree`: a preorder walk that does not descend into collapsed nodes.
    ///
    /// - Complexity: O(*n*), where *n* is the number of nodes.
    public static func walk(_ tree: Tree) -> [Row] {
        var rows: [Row] = []
        var stack: [(node: NodeIndex, depth: Int32)] = []
        // Children are pushed last to first, so the first child is visited first.
        func pushChildren(of parent: NodeIndex, depth: Int32) {
            var child = tree.lastChild(of: parent)
            while let current = child {
                stack.append((current, depth))
                child = tree.previousSibling(of: current)
            }
        }
        pushChildren(of: Tree.root, depth: 0)
        while let (node, depth) = stack.popLast() {
            rows.append(Row(node: node, depth: depth))
            if tree.isExpanded(node) { pushChildren(of: node, depth: depth + 1) }
        }
        return rows
    }

    public var rowCount: Int { allRows.count }

    public func row(at index: Int) -> Row { allRows[index] }

    public func rows(in range: Range<Int>) -> [Row] { Array(allRows[range]) }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        return allRows.firstIndex { $0.node == node }
    }

    /// Changes the tree, recomputes the rows and diffs them against the old ones.
    private mutating func change(_ mutation: (inout Tree) -> Void) -> RowDiff {
        let old = allRows
        mutation(&tree)
        allRows = Self.walk(tree)
        checkInvariantsIfEnabled()
        return .keyed(from: old, to: allRows)
    }

    /// Sets the flag, walks the rows again and diffs them by node.
    ///
    /// - Complexity: O(*n*).
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        change { $0.setExpanded(node, isExpanded) }
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return change { $0.setExpandedInSubtree(of: node, true) }
    }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return change { $0.setExpandedInSubtree(of: node, false) }
    }

    public mutating func expandAll() -> RowDiff { change { $0.setExpandedInSubtree(of: Tree.root, true) } }

    public mutating func collapseAll() -> RowDiff { change { $0.setExpandedInSubtree(of: Tree.root, false) } }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        // The rows are recomputed only inside `change`, so they are still the old ones here.
        try tree.insert(id, under: parent, at: position, time: time, score: score)
        return change { _ in }
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff { change { $0.removeSubtree(node) } }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let diff = change { $0.sortSiblings(by: order) }
        return reportingMoves ? diff : .reloadingAll(rowCount: rowCount)
    }

    /// Sets every flag among the siblings at once, then diffs.
    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        return change { $0.setExpandedExclusively(node) }
    }

    /// Adds the page to the tree, then diffs.
    public mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        try tree.validatePage(ids, under: parent, before: loadMoreRow)
        return change { $0.loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) }
    }

    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard allRows == Self.walk(tree) else { throw InvariantViolation("reference rows are stale") }
    }
}
