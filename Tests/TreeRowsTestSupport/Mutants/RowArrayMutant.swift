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
    /// Row tops and the total height, as of creation (``MutantBug/offsetsNotUpdated``).
    private let initialOffsets: [Int]

    public init(tree: Tree) {
        self.tree = tree
        allRows = ReferenceStrategy.walk(tree)
        rowOfNode = [:]
        initialOffsets = Self.offsets(allRows, tree)
        renumber()
    }

    private static func offsets(_ rows: [Row], _ tree: Tree) -> [Int] {
        var offsets = [0]
        for row in rows { offsets.append(offsets.last! + Int(tree.height(of: row.node))) }
        return offsets
    }

    private var currentOffsets: [Int] {
        Bug.bug == .offsetsNotUpdated ? initialOffsets : Self.offsets(allRows, tree)
    }

    public var totalHeight: Int { currentOffsets.last! }

    public func offset(ofRow index: Int) -> Int {
        let offsets = currentOffsets
        return index < offsets.count ? offsets[index] : offsets.last!
    }

    public func row(atOffset offset: Int) -> Int? {
        let offsets = currentOffsets
        guard offset >= 0, offset < offsets.last! else { return nil }
        return min(offsets.lastIndex { $0 <= offset }!, rowCount - 1)
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

    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { tree.isExpanded(node) == isExpanded ? .empty : toggle(node) }

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

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        guard Bug.bug == .sortOnlyTopLevel else {
            let moves = rebuild { $0.sortSiblings(by: order) }
            return reportingMoves ? moves : .reloadingAll(rowCount: rowCount)
        }
        let old = allRows
        tree.sortSiblings(by: order)
        // Each top-level row with the rows under it, moved as a block in the new order.
        var blocks: [NodeIndex: ArraySlice<Row>] = [:]
        var start = 0
        while start < old.count {
            var end = start + 1
            while end < old.count && old[end].depth > 0 { end += 1 }
            blocks[old[start].node] = old[start..<end]
            start = end
        }
        allRows = tree.children(of: Tree.root).flatMap { blocks[$0] ?? [] }
        renumber()
        return .keyed(from: old, to: allRows)
    }

    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        let rowBefore = Bug.bug == .accordionInsertsAtOldIndex ? find(node) : nil
        var collapses: [RowDiff] = []
        for sibling in tree.children(of: tree.parent(of: node)) where sibling != node && tree.isExpanded(sibling) {
            collapses.append(toggle(sibling))
        }
        let expanded = tree.isExpanded(node) ? RowDiff.empty : toggle(node)
        var diff = RowDiff.sequence(collapses + [expanded])
        if let rowBefore, let inserted = expanded.insertions.first {
            diff.insertions = [rowBefore + 1..<rowBefore + 1 + inserted.count]
        }
        return diff
    }

    public mutating func loadPage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool)
        throws(Tree.InsertionError) -> RowDiff
    {
        try tree.validatePage(ids, under: parent, before: loadMoreRow)
        let old = allRows
        let diff = rebuild { $0.loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow) }
        guard Bug.bug == .lastPageKeepsLoadMoreRowInDiff, removingLoadMoreRow, let loadMoreRow,
              let removedRow = old.firstIndex(where: { $0.node == loadMoreRow }) else { return diff }
        var forgetful = diff
        forgetful.deletions = RangeList(diff.deletions.flatMap { range -> [Range<Int>] in
            guard range.contains(removedRow) else { return [range] }
            return [range.lowerBound..<removedRow, removedRow + 1..<range.upperBound].filter { !$0.isEmpty }
        })
        return forgetful
    }

    public func checkInvariants() throws(InvariantViolation) {}
}

public enum ExpandInsertsOnlyChildren: RowArrayBug { public static let bug = MutantBug.expandInsertsOnlyChildren }
public enum CollapseRemovesOnlyChildren: RowArrayBug { public static let bug = MutantBug.collapseRemovesOnlyChildren }
public enum RangeEndOffByOne: RowArrayBug { public static let bug = MutantBug.rangeEndOffByOne }
public enum HiddenStateResetOnCollapse: RowArrayBug { public static let bug = MutantBug.hiddenStateResetOnCollapse }
public enum InsertUnderHiddenParentYieldsRow: RowArrayBug { public static let bug = MutantBug.insertUnderHiddenParentYieldsRow }
public enum RemoveLeavesMapStale: RowArrayBug { public static let bug = MutantBug.removeLeavesMapStale }
public enum SortOnlyTopLevel: RowArrayBug { public static let bug = MutantBug.sortOnlyTopLevel }
public enum AccordionInsertsAtOldIndex: RowArrayBug { public static let bug = MutantBug.accordionInsertsAtOldIndex }
public enum LastPageKeepsLoadMoreRowInDiff: RowArrayBug { public static let bug = MutantBug.lastPageKeepsLoadMoreRowInDiff }
public enum OffsetsNotUpdated: RowArrayBug { public static let bug = MutantBug.offsetsNotUpdated }
