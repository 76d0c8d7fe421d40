import TreeRows

/// A count-based strategy (per-node visible counts, rows derived from them) whose
/// collapse updates the parent's count but no ancestor above it:
/// ``MutantBug/staleAncestorCounts``. Other operations recount everything.
public struct StaleCountsMutant: RowStrategy {
    public static let name = "mutant-" + MutantBug.staleAncestorCounts.rawValue

    public private(set) var tree: Tree
    private var counts: [Int]

    public init(tree: Tree) {
        self.tree = tree
        counts = []
        recount()
    }

    private mutating func recount() {
        counts = [Int](repeating: 1, count: tree.slotCount)
        let tree = self.tree
        tree.forEachInSubtreePostorder(of: Tree.root) { node in
            guard node == Tree.root || tree.isExpanded(node) else { return }
            counts[node.slot] = 1 + tree.children(of: node).reduce(0) { $0 + counts[$1.slot] }
        }
    }

    public var rowCount: Int { counts[0] - 1 }

    public func row(at index: Int) -> Row {
        var remaining = index
        var parent = Tree.root
        while true {
            var child = tree.firstChild(of: parent)!
            while remaining >= counts[child.slot] {
                remaining -= counts[child.slot]
                guard let next = tree.nextSibling(of: child) else { return Row(node: child, depth: tree.depth(of: child)) }
                child = next
            }
            if remaining == 0 || tree.firstChild(of: child) == nil { return Row(node: child, depth: tree.depth(of: child)) }
            remaining -= 1
            parent = child
        }
    }

    public func index(of node: NodeIndex) -> Int? {
        guard tree.isVisible(node) else { return nil }
        var index = 0
        var current = node
        while current != Tree.root {
            var sibling = tree.previousSibling(of: current)
            while let before = sibling {
                index += counts[before.slot]
                sibling = tree.previousSibling(of: before)
            }
            let parent = tree.parent(of: current)
            if parent != Tree.root { index += 1 }
            current = parent
        }
        return index
    }

    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { tree.isExpanded(node) == isExpanded ? .empty : toggle(node) }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        let old = counts[node.slot]
        let expanding = !tree.isExpanded(node)
        tree.setExpanded(node, expanding)
        counts[node.slot] = expanding ? 1 + tree.children(of: node).reduce(0) { $0 + counts[$1.slot] } : 1
        let delta = counts[node.slot] - old
        var current = tree.parent(of: node)
        var levels = 0
        while current != Tree.root {
            guard tree.isExpanded(current) else { break }
            // The bug: a collapse stops after the parent.
            if delta < 0 && levels == 1 { break }
            counts[current.slot] += delta
            levels += 1
            current = tree.parent(of: current)
        }
        if current == Tree.root { counts[0] += delta }
        guard delta != 0, tree.isVisible(node), let row = index(of: node) else { return .empty }
        let block = row + 1..<row + 1 + abs(delta)
        return delta > 0 ? RowDiff(insertions: [block]) : RowDiff(deletions: [block])
    }

    private mutating func rebuild(_ change: (inout Tree) -> Void) -> RowDiff {
        let old = ReferenceStrategy.walk(tree)
        change(&tree)
        recount()
        return .keyed(from: old, to: ReferenceStrategy.walk(tree))
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff { rebuild { $0.setExpandedInSubtree(of: node, true) } }
    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff { rebuild { $0.setExpandedInSubtree(of: node, false) } }
    public mutating func expandAll() -> RowDiff { rebuild { $0.setExpandedInSubtree(of: Tree.root, true) } }
    public mutating func collapseAll() -> RowDiff { rebuild { $0.setExpandedInSubtree(of: Tree.root, false) } }

    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        var changed = tree
        try changed.insert(id, under: parent, at: position, time: time, score: score)
        return rebuild { $0 = changed }
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff { rebuild { $0.removeSubtree(node) } }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let moves = rebuild { $0.sortSiblings(by: order) }
        return reportingMoves ? moves : .reloadingAll(rowCount: rowCount)
    }

    public func checkInvariants() throws(InvariantViolation) {}
}
