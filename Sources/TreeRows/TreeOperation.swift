/// One operation of ``RowStrategy`` on a tree's nodes by index: what the checker and the
/// fuzzer perform, and what ``RowStrategy/perform(_:)`` takes.
public typealias TreeOperation = NodeOperation<NodeIndex>

extension RowStrategy {
    /// Performs `operation` through the matching method.
    ///
    /// - Throws: ``Tree/InsertionError`` from an insert, with nothing changed.
    /// - Complexity: that of the method.
    @inlinable
    public mutating func perform(_ operation: TreeOperation) throws(Tree.InsertionError) -> RowDiff {
        switch operation {
        case .toggle(let node): return toggle(node)
        case .expand(let node): return expand(node)
        case .collapse(let node): return collapse(node)
        case .expandRecursively(let node): return expandRecursively(node)
        case .collapseRecursively(let node): return collapseRecursively(node)
        case .expandAll: return expandAll()
        case .collapseAll: return collapseAll()
        case let .insert(id, parent, position, time, score): return try insert(id, under: parent, at: position, time: time, score: score)
        case .remove(let node): return remove(node)
        case .reload(let node): return reload(node)
        case let .sort(order, reportingMoves): return sortSiblings(by: order, reportingMoves: reportingMoves)
        case .accordionExpand(let node): return accordionExpand(node)
        case let .loadPage(ids, parent, loadMoreRow, removing):
            return try loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
        }
    }
}
