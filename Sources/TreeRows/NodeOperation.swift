/// One operation of ``RowStrategy`` as a value, over a node reference: ``TreeOperation``
/// names nodes by index (what strategies perform), ``NodeID`` names them by external id
/// (what the fuzzer keeps, so an operation still means the same node after the shrinker
/// drops others). Each kind and its parameters are said here once; ``map(node:parent:)``
/// turns one reference into the other.
public enum NodeOperation<Node: OperationNode>: Hashable, Sendable {
    case toggle(Node)
    case expand(Node)
    case collapse(Node)
    case expandRecursively(Node)
    case collapseRecursively(Node)
    case expandAll
    case collapseAll
    /// A new leaf `id` as child number `position` of `parent` (the top level: ``Tree/root``
    /// or `nil`), with its optional `time` and `score`.
    case insert(NodeID, under: Node.Parent, at: Int, time: Int64? = nil, score: Int64? = nil)
    case remove(Node)
    case reload(Node)
    /// Siblings at every level reordered; the diff is moves, or every row reloaded
    /// without `reportingMoves`.
    case sort(SiblingOrder, reportingMoves: Bool = true)
    /// Expand a node and collapse its siblings, in one batch.
    case accordionExpand(Node)
    /// New leaves as the last children of `parent`, before its last child `loadMoreRow` if
    /// given, which goes too when `removingLoadMoreRow`.
    case loadPage([NodeID], under: Node.Parent, before: Node?, removingLoadMoreRow: Bool)

    /// The operation's kind, without arguments.
    ///
    /// - Complexity: O(1).
    public var kind: OperationKind {
        switch self {
        case .toggle: .toggle
        case .expand: .expand
        case .collapse: .collapse
        case .expandRecursively: .expandRecursively
        case .collapseRecursively: .collapseRecursively
        case .expandAll: .expandAll
        case .collapseAll: .collapseAll
        case .insert: .insert
        case .remove: .remove
        case .reload: .reload
        case .sort: .sort
        case .accordionExpand: .accordionExpand
        case .loadPage: .loadPage
        }
    }

    /// The one node a kind that acts on a single existing node acts on (toggle, remove,
    /// accordion-expand, …); `nil` for the kinds that take no node or more than one.
    ///
    /// - Complexity: O(1).
    public var target: Node? {
        switch self {
        case .toggle(let node), .expand(let node), .collapse(let node), .expandRecursively(let node),
            .collapseRecursively(let node), .remove(let node), .reload(let node), .accordionExpand(let node):
            node
        case .expandAll, .collapseAll, .insert, .sort, .loadPage: nil
        }
    }

    /// The operation of a kind that acts on one node, or on none (`expand-all`,
    /// `collapse-all`); `nil` for `insert`, `sort` and `load-page`, which need more.
    ///
    /// - Complexity: O(1).
    public init?(_ kind: OperationKind, node: Node) {
        switch kind {
        case .toggle: self = .toggle(node)
        case .expand: self = .expand(node)
        case .collapse: self = .collapse(node)
        case .expandRecursively: self = .expandRecursively(node)
        case .collapseRecursively: self = .collapseRecursively(node)
        case .expandAll: self = .expandAll
        case .collapseAll: self = .collapseAll
        case .remove: self = .remove(node)
        case .reload: self = .reload(node)
        case .accordionExpand: self = .accordionExpand(node)
        case .insert, .sort, .loadPage: return nil
        }
    }

    /// The same operation with every node named another way: `node` for the nodes it acts
    /// on (and a page's load-more row), `parent` for an insert's or a page's parent.
    ///
    /// - Throws: What `node` or `parent` throws.
    /// - Complexity: O(1) calls of the closures.
    public func map<Other: OperationNode, Failure: Error>(
        node: (Node) throws(Failure) -> Other, parent: (Node.Parent) throws(Failure) -> Other.Parent
    ) throws(Failure) -> NodeOperation<Other> {
        switch self {
        case .expandAll: return .expandAll
        case .collapseAll: return .collapseAll
        case let .insert(id, parentNode, position, time, score):
            return .insert(id, under: try parent(parentNode), at: position, time: time, score: score)
        case let .sort(order, reportingMoves): return .sort(order, reportingMoves: reportingMoves)
        case let .loadPage(ids, parentNode, loadMoreRow, removing):
            let parent = try parent(parentNode)
            return .loadPage(ids, under: parent, before: try loadMoreRow.map { row throws(Failure) in try node(row) },
                             removingLoadMoreRow: removing)
        case .toggle(let target): return .toggle(try node(target))
        case .expand(let target): return .expand(try node(target))
        case .collapse(let target): return .collapse(try node(target))
        case .expandRecursively(let target): return .expandRecursively(try node(target))
        case .collapseRecursively(let target): return .collapseRecursively(try node(target))
        case .remove(let target): return .remove(try node(target))
        case .reload(let target): return .reload(try node(target))
        case .accordionExpand(let target): return .accordionExpand(try node(target))
        }
    }
}

extension NodeOperation: CustomStringConvertible {
    /// The kind and the arguments, e.g. `toggle #12`, `insert r1 under top level at 0` or
    /// `load-page r1,r2 under 3 before 9 (removed)`.
    ///
    /// - Complexity: O(*p*) for the ids of a page; O(1) otherwise.
    public var description: String {
        switch self {
        case let .insert(id, parent, position, time, score):
            return "insert \(id) under \(Node.describe(parent: parent)) at \(position)" + Self.fields(time: time, score: score)
        case let .sort(order, reportingMoves): return "sort \(order)" + (reportingMoves ? "" : " reloading")
        case let .loadPage(ids, parent, loadMoreRow, removing):
            let row = loadMoreRow.map { " before \($0)\(removing ? " (removed)" : "")" } ?? ""
            return "load-page \(ids.map(\.description).joined(separator: ",")) under \(Node.describe(parent: parent))\(row)"
        default: return target.map { "\(kind.rawValue) \($0)" } ?? kind.rawValue
        }
    }

    /// ` time T score S` for the fields that are set, as insert descriptions end.
    private static func fields(time: Int64?, score: Int64?) -> String {
        (time.map { " time \($0)" } ?? "") + (score.map { " score \($0)" } ?? "")
    }
}
