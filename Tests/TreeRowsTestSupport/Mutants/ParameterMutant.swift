import TreeRows

/// A fast strategy (preorder-segments) with one bug behind an edge value of a parameter or
/// a combination of two operations (a ``MutantBug`` of the parameter family): right on
/// every operation the old generator drew.
public struct ParameterMutant<Bug: RowArrayBug>: ForwardingStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }
    public var base: PreorderSegmentsStrategy
    /// Ids of removed nodes (``MutantBug/reusedIDStaysHidden``).
    private var removedIDs: Set<NodeID> = []
    /// Whether a sort has run since the strategy was built (``MutantBug/pageAfterSortMisplaced``).
    private var hasSorted = false

    public init(base: PreorderSegmentsStrategy) { self.base = base }

    public mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?)
        throws(Tree.InsertionError) -> RowDiff
    {
        switch Bug.bug {
        case .insertDropsTime: return try base.insert(id, under: parent, at: position, time: nil, score: score)
        case .reusedIDStaysHidden where removedIDs.contains(id):
            _ = try base.insert(id, under: parent, at: position, time: time, score: score)
            return .empty
        default: return try base.insert(id, under: parent, at: position, time: time, score: score)
        }
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        if Bug.bug == .reusedIDStaysHidden { removedIDs.insert(base.tree.id(of: node)) }
        return base.remove(node)
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        hasSorted = true
        return base.sortSiblings(by: order, reportingMoves: reportingMoves || Bug.bug == .sortReloadReportsMoves)
    }

    public mutating func loadPage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool)
        throws(Tree.InsertionError) -> RowDiff
    {
        if Bug.bug == .emptyPageKeepsLoadMoreRow && ids.isEmpty && loadMoreRow != nil { return .empty }
        let row = loadMoreRow.flatMap(base.index(of:))
        var diff = try base.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow)
        if Bug.bug == .loadMoreRowRepliesLeft, removingLoadMoreRow, let row {
            diff.deletions = RangeList(diff.deletions.map { $0.contains(row) ? row..<row + 1 : $0 })
        }
        if Bug.bug == .pageAfterSortMisplaced, hasSorted, diff.deletions.isEmpty, diff.insertions.count == 1 {
            // The page's place is taken from the order before the sort: one row off.
            let inserted = diff.insertions[0]
            let shift = inserted.upperBound < base.rowCount ? 1 : inserted.lowerBound > 0 ? -1 : 0
            diff.insertions = [inserted.lowerBound + shift..<inserted.upperBound + shift]
        }
        return diff
    }

    public func row(atOffset offset: Int) -> Int? {
        guard let row = base.row(atOffset: offset), Bug.bug == .rowAtOffsetMidpoint else { return base.row(atOffset: offset) }
        // A binary search whose midpoint test is `<=` where it should be `<`: exactly a
        // row's middle point falls to the next row.
        let top = base.offset(ofRow: row), height = base.offset(ofRow: row + 1) - top
        return height > 2 && offset == top + height / 2 && row + 1 < base.rowCount ? row + 1 : row
    }
}

public enum InsertDropsTime: RowArrayBug { public static let bug = MutantBug.insertDropsTime }
public enum SortReloadReportsMoves: RowArrayBug { public static let bug = MutantBug.sortReloadReportsMoves }
public enum EmptyPageKeepsLoadMoreRow: RowArrayBug { public static let bug = MutantBug.emptyPageKeepsLoadMoreRow }
public enum ReusedIDStaysHidden: RowArrayBug { public static let bug = MutantBug.reusedIDStaysHidden }
public enum LoadMoreRowRepliesLeft: RowArrayBug { public static let bug = MutantBug.loadMoreRowRepliesLeft }
public enum PageAfterSortMisplaced: RowArrayBug { public static let bug = MutantBug.pageAfterSortMisplaced }
public enum RowAtOffsetMidpoint: RowArrayBug { public static let bug = MutantBug.rowAtOffsetMidpoint }
