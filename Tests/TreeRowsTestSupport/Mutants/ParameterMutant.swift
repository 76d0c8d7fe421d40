import TreeRows

/// A fast strategy (preorder-segments) with one bug behind an edge value of a parameter or
/// a combination of two operations (a ``MutantBug`` of the parameter family): right on
/// every operation the old generator drew.
public struct ParameterMutant<Bug: RowArrayBug>: ForwardingStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }
    public var base: PreorderSegmentsStrategy
    /// Ids of removed nodes (``MutantBug/reusedIDStaysHidden``).
    private var removedIDs: Set<NodeID> = []

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
        base.sortSiblings(by: order, reportingMoves: reportingMoves || Bug.bug == .sortReloadReportsMoves)
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
        return diff
    }
}

public enum InsertDropsTime: RowArrayBug { public static let bug = MutantBug.insertDropsTime }
public enum SortReloadReportsMoves: RowArrayBug { public static let bug = MutantBug.sortReloadReportsMoves }
public enum EmptyPageKeepsLoadMoreRow: RowArrayBug { public static let bug = MutantBug.emptyPageKeepsLoadMoreRow }
public enum ReusedIDStaysHidden: RowArrayBug { public static let bug = MutantBug.reusedIDStaysHidden }
public enum LoadMoreRowRepliesLeft: RowArrayBug { public static let bug = MutantBug.loadMoreRowRepliesLeft }
