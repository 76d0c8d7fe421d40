/// One operation of ``RowStrategy``, as a value: what the checker and the fuzzer generate,
/// replay and print.
public enum TreeOperation: Hashable, Sendable {
    case toggle(NodeIndex)
    case expand(NodeIndex)
    case collapse(NodeIndex)
    case expandRecursively(NodeIndex)
    case collapseRecursively(NodeIndex)
    case expandAll
    case collapseAll
    /// A new leaf `id` as child number `position` of `parent` (``Tree/root``: top level),
    /// with its optional `time` and `score`.
    case insert(NodeID, under: NodeIndex, at: Int, time: Int64? = nil, score: Int64? = nil)
    case remove(NodeIndex)
    case reload(NodeIndex)
    /// Siblings at every level reordered; the diff is moves, or every row reloaded
    /// without `reportingMoves`.
    case sort(SiblingOrder, reportingMoves: Bool = true)
    /// Expand a node and collapse its siblings, in one batch.
    case accordionExpand(NodeIndex)
    /// New leaves as the last children of `parent`, before its last child `loadMoreRow` if
    /// given, which goes too when `removingLoadMoreRow`.
    case loadPage([NodeID], under: NodeIndex, before: NodeIndex?, removingLoadMoreRow: Bool)

    /// The operation's kind, without arguments.
    public var kind: OperationKind {
        switch self {
        case .toggle: return .toggle
        case .expand: return .expand
        case .collapse: return .collapse
        case .expandRecursively: return .expandRecursively
        case .collapseRecursively: return .collapseRecursively
        case .expandAll: return .expandAll
        case .collapseAll: return .collapseAll
        case .insert: return .insert
        case .remove: return .remove
        case .reload: return .reload
        case .sort: return .sort
        case .accordionExpand: return .accordionExpand
        case .loadPage: return .loadPage
        }
    }
}

extension TreeOperation: CustomStringConvertible {
    /// The kind and the arguments, e.g. `toggle #12` or `insert "r1" under #3 at 0`.
    public var description: String {
        switch self {
        case .toggle(let node), .expand(let node), .collapse(let node), .expandRecursively(let node),
            .collapseRecursively(let node), .remove(let node), .reload(let node), .accordionExpand(let node):
            return "\(kind.rawValue) \(node)"
        case .expandAll, .collapseAll: return kind.rawValue
        case let .insert(id, parent, position, time, score):
            return "insert \"\(id)\" under \(parent) at \(position)" + Self.fields(time: time, score: score)
        case let .sort(order, reportingMoves): return "sort \(order)" + (reportingMoves ? "" : " reloading")
        case let .loadPage(ids, parent, loadMoreRow, removing):
            let row = loadMoreRow.map { " before \($0)\(removing ? " (removed)" : "")" } ?? ""
            return "load-page [\(ids.map { "\"\($0)\"" }.joined(separator: ", "))] under \(parent)\(row)"
        }
    }

    /// ` time T score S` for the fields that are set, as insert descriptions end.
    package static func fields(time: Int64?, score: Int64?) -> String {
        (time.map { " time \($0)" } ?? "") + (score.map { " score \($0)" } ?? "")
    }
}

extension RowStrategy {
    /// Performs `operation` through the matching method.
    ///
    /// - Throws: ``Tree/InsertionError`` from an insert, with nothing changed.
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
