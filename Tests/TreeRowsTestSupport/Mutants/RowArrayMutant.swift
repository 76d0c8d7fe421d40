import TreeRows

/// Selects the bug of a ``RowArrayMutant``.
public protocol RowArrayBug {
    static var bug: MutantBug { get }
}

/// A simple row-array strategy (rows plus a node → row map, one block spliced per change)
/// with one ``MutantBug`` switched on. Its own operations find rows by scanning, so a
/// wrong map only shows through `index(of:)` and the mutant never traps.
public struct RowArrayMutant<Bug: RowArrayBug>: RowStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }

    public private(set) var tree: Tree
    private var allRows: [Row]
    private var rowOfNode: [NodeIndex: Int]

    public init(tree: Tree) {
        self.tree = tree
        allRows = ReferenceStrategy.walk(tree)
        rowOfNode = [:]
        renumber()
    }

    public var rowCount: Int { allRows.count }
    public func row(at index: Int) -> Row { allRows[index] }
    public func index(of node: NodeIndex) -> Int? { rowOfNode[node] }

    private mutating func renumber() {
        rowOfNode = [:]
        for (index, row) in allRows.enumerated() { rowOfNode[row.node] = index }
    }

    private func find(_ node: NodeIndex) -> Int? { allRows.firstIndex { $0.node == node } }

    private func blockEnd(_ row: Int) -> Int {
        var end = row + 1
        while end < allRows.count && allRows[end].depth > allRows[row].depth { end += 1 }
        return end
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        let expanding = !tree.isExpanded(node)
        tree.setExpanded(node, expanding)
        guard let row = find(node) else { return .empty }
        defer { renumber() }
        if expanding {
            var block: [Row] = []
            if Bug.bug == .expandInsertsOnlyChildren {
                block = tree.children(of: node).map { Row(node: $0, depth: tree.depth(of: $0)) }
            } else {
                tree.forEachVisibleDescendant(of: node) { block.append(Row(node: $0, depth: tree.depth(of: $0))) }
            }
            allRows.insert(contentsOf: block, at: row + 1)
            return block.isEmpty ? .empty : RowDiff(insertions: [row + 1..<row + 1 + block.count])
        }
        if Bug.bug == .hiddenStateResetOnCollapse {
            for child in tree.children(of: node) { tree.setExpandedInSubtree(of: child, true) }
        }
        let end = blockEnd(row)
        if Bug.bug == .collapseRemovesOnlyChildren {
            let childDepth = allRows[row].depth + 1
            let removed = (row + 1..<end).filter { allRows[$0].depth == childDepth }
            var builder = RowDiffBuilder()
            for index in removed { builder.delete(index) }
            for index in removed.reversed() { allRows.remove(at: index) }
            return builder.diff
        }
        allRows.removeSubrange(row + 1..<end)
        guard end > row + 1 else { return .empty }
        let shortEnd = Bug.bug == .rangeEndOffByOne && end - row > 2 ? end - 1 : end
        return RowDiff(deletions: [row + 1..<shortEnd])
    }

    /// Everything else: change the tree, recompute the rows, diff by node.
    private mutating func rebuild(_ change: (inout Tree) -> Void) -> RowDiff {
        let old = allRows
        change(&tree)
        allRows = ReferenceStrategy.walk(tree)
        renumber()
        return .keyed(from: old, to: allRows)
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff { rebuild { $0.setExpandedInSubtree(of: node, true) } }
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff { rebuild { $0.setExpandedInSubtree(of: node, false) } }
    public mutating func expandAll() -> RowDiff { rebuild { $0.setExpandedInSubtree(of: Tree.root, true) } }
    public mutating func collapseAll() -> RowDiff { rebuild { $0.setExpandedInSubtree(of: Tree.root, false) } }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        let shows = parent == Tree.root || (tree.isExpanded(parent) && find(parent) != nil)
        if !shows && Bug.bug == .insertUnderHiddenParentYieldsRow {
            allRows.append(Row(node: node, depth: tree.depth(of: node)))
            renumber()
            return RowDiff(insertions: [allRows.count - 1..<allRows.count])
        }
        return rebuild { _ in }
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        guard let row = find(node) else {
            tree.removeSubtree(node)
            return .empty
        }
        let end = blockEnd(row)
        for removed in allRows[row..<end] { rowOfNode[removed.node] = nil }
        allRows.removeSubrange(row..<end)
        tree.removeSubtree(node)
        if Bug.bug != .removeLeavesMapStale { renumber() }
        return RowDiff(deletions: [row..<end])
    }

    public func checkInvariants() throws(InvariantViolation) {}
}

public enum ExpandInsertsOnlyChildren: RowArrayBug { public static let bug = MutantBug.expandInsertsOnlyChildren }
public enum CollapseRemovesOnlyChildren: RowArrayBug { public static let bug = MutantBug.collapseRemovesOnlyChildren }
public enum RangeEndOffByOne: RowArrayBug { public static let bug = MutantBug.rangeEndOffByOne }
public enum HiddenStateResetOnCollapse: RowArrayBug { public static let bug = MutantBug.hiddenStateResetOnCollapse }
public enum InsertUnderHiddenParentYieldsRow: RowArrayBug { public static let bug = MutantBug.insertUnderHiddenParentYieldsRow }
public enum RemoveLeavesMapStale: RowArrayBug { public static let bug = MutantBug.removeLeavesMapStale }
