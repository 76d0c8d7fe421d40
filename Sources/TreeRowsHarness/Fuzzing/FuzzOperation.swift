import TreeRows

/// A ``TreeOperation`` that names nodes by their external ids, so it still means the same
/// node after the shrinker drops other nodes from a case.
public enum FuzzOperation: Hashable, Sendable {
    case toggle(NodeID)
    case expand(NodeID)
    case collapse(NodeID)
    case expandRecursively(NodeID)
    case collapseRecursively(NodeID)
    case expandAll
    case collapseAll
    /// A new leaf `id` as child number `position` of `parent` (`nil`: top level), with its
    /// optional `time` and `score`.
    case insert(NodeID, under: NodeID?, at: Int, time: Int64? = nil, score: Int64? = nil)
    case remove(NodeID)
    case reload(NodeID)
    /// Siblings re-sorted; moves, or every row reloaded without `reportingMoves`.
    case sort(SiblingOrder, reportingMoves: Bool = true)
    case accordionExpand(NodeID)
    /// New leaves `ids` under `parent` (`nil`: top level), before the load-more row if any.
    case loadPage([NodeID], under: NodeID?, before: NodeID?, removingLoadMoreRow: Bool)

    /// The same operation by external ids.
    public init(_ operation: TreeOperation, in tree: Tree) {
        switch operation {
        case .toggle(let node): self = .toggle(tree.id(of: node))
        case .expand(let node): self = .expand(tree.id(of: node))
        case .collapse(let node): self = .collapse(tree.id(of: node))
        case .expandRecursively(let node): self = .expandRecursively(tree.id(of: node))
        case .collapseRecursively(let node): self = .collapseRecursively(tree.id(of: node))
        case .expandAll: self = .expandAll
        case .collapseAll: self = .collapseAll
        case let .insert(id, parent, position, time, score):
            self = .insert(id, under: parent == Tree.root ? nil : tree.id(of: parent), at: position, time: time, score: score)
        case .remove(let node): self = .remove(tree.id(of: node))
        case .reload(let node): self = .reload(tree.id(of: node))
        case let .sort(order, reportingMoves): self = .sort(order, reportingMoves: reportingMoves)
        case .accordionExpand(let node): self = .accordionExpand(tree.id(of: node))
        case let .loadPage(ids, parent, loadMoreRow, removing):
            self = .loadPage(ids, under: parent == Tree.root ? nil : tree.id(of: parent), before: loadMoreRow.map(tree.id(of:)),
                             removingLoadMoreRow: removing)
        }
    }

    /// Why an operation does not apply to a tree as it stands.
    public struct Unresolvable: Error, CustomStringConvertible {
        public var description: String
    }

    /// The operation on `tree`'s nodes, or `nil` when a node it names is not in the tree
    /// (or an insert's id already is). An insert position past the end is clamped, and a
    /// load-more row that is gone is no row (as the shrinker's candidates leave them).
    ///
    /// - Complexity: that of ``resolved(in:strictly:)``.
    public func resolve(in tree: Tree) -> TreeOperation? {
        try? resolved(in: tree, strictly: false)
    }

    /// The operation on `tree`'s nodes as it stands. Strictly (a repro file replays so),
    /// a position out of range and a load-more row that is gone are refused too.
    ///
    /// - Throws: ``Unresolvable``: a node it names is missing, an id to insert is taken, a
    ///   position is out of range, a page is malformed.
    /// - Complexity: O(*p*) for *p* ids in a page; O(1) otherwise (plus the child count of an insert's parent).
    public func resolved(in tree: Tree, strictly: Bool) throws(Unresolvable) -> TreeOperation {
        func node(_ id: NodeID) throws(Unresolvable) -> NodeIndex {
            guard let node = tree.index(of: id) else { throw Unresolvable(description: "no node \(id) in the tree at that point") }
            return node
        }
        func parent(_ id: NodeID?) throws(Unresolvable) -> NodeIndex {
            guard let id else { return Tree.root }
            return try node(id)
        }
        func new(_ id: NodeID) throws(Unresolvable) {
            if tree.index(of: id) != nil { throw Unresolvable(description: "the id \(id) is already in the tree") }
        }
        switch self {
        case .toggle(let id): return .toggle(try node(id))
        case .expand(let id): return .expand(try node(id))
        case .collapse(let id): return .collapse(try node(id))
        case .expandRecursively(let id): return .expandRecursively(try node(id))
        case .collapseRecursively(let id): return .collapseRecursively(try node(id))
        case .expandAll: return .expandAll
        case .collapseAll: return .collapseAll
        case let .insert(id, parentID, position, time, score):
            try new(id)
            let parent = try parent(parentID)
            let count = tree.childCount(of: parent)
            if strictly && !(0...count).contains(position) {
                throw Unresolvable(description: "position \(position) is out of range 0...\(count)")
            }
            return .insert(id, under: parent, at: min(max(0, position), count), time: time, score: score)
        case .remove(let id): return .remove(try node(id))
        case .reload(let id): return .reload(try node(id))
        case let .sort(order, reportingMoves): return .sort(order, reportingMoves: reportingMoves)
        case .accordionExpand(let id): return .accordionExpand(try node(id))
        case let .loadPage(ids, parentID, loadMoreRowID, removing):
            let parent = try parent(parentID)
            let loadMoreRow = strictly ? try loadMoreRowID.map { id throws(Unresolvable) in try node(id) } : loadMoreRowID.flatMap(tree.index(of:))
            if let loadMoreRow, tree.lastChild(of: parent) != loadMoreRow {
                throw Unresolvable(description: "the load-more row \(tree.id(of: loadMoreRow)) is not the parent's last child")
            }
            if Set(ids).count != ids.count { throw Unresolvable(description: "the page names an id twice") }
            for id in ids { try new(id) }
            return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
        }
    }

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

    /// The operation of a kind that acts on one node, or on none (`expand-all`,
    /// `collapse-all`); `nil` for `insert`, `sort` and `load-page`, which need more.
    public init?(_ kind: OperationKind, node: NodeID) {
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

    /// The ids the operation refers to (an insert: its new id and its parent).
    public var referencedIDs: [NodeID] {
        switch self {
        case .toggle(let id), .expand(let id), .collapse(let id), .expandRecursively(let id),
            .collapseRecursively(let id), .remove(let id), .reload(let id), .accordionExpand(let id):
            return [id]
        case .expandAll, .collapseAll, .sort: return []
        case let .insert(id, parent, _, _, _): return [id] + (parent.map { [$0] } ?? [])
        case let .loadPage(ids, parent, loadMoreRow, _): return ids + [parent, loadMoreRow].compactMap { $0 }
        }
    }
}

extension FuzzOperation: CustomStringConvertible {
    /// The operation as in repro files, e.g. `toggle 12` or `insert n1 under 3 at 0`.
    public var description: String {
        switch self {
        case let .insert(id, parent, position, time, score):
            return "insert \(id) under \(parent.map(\.description) ?? "top level") at \(position)" + TreeOperation.fields(time: time, score: score)
        case .expandAll, .collapseAll: return kind.rawValue
        case let .sort(order, reportingMoves): return "sort \(order)" + (reportingMoves ? "" : " reloading")
        case let .loadPage(ids, parent, loadMoreRow, removing):
            let row = loadMoreRow.map { " before \($0)\(removing ? " (removed)" : "")" } ?? ""
            let list = ids.map(\.description).joined(separator: ",")
            return "load-page \(list) under \(parent.map(\.description) ?? "top level")\(row)"
        default: return "\(kind.rawValue) \(referencedIDs[0])"
        }
    }
}

extension FuzzOperation {
    /// The operation with the removed nodes it names replaced: `parents[id]` is the parent
    /// to use instead (`nil` inside: the top level), `targets[id]` the node to act on
    /// instead. `nil` when a target has no replacement; the operation itself when it names
    /// no removed node.
    func replacing(parents: [NodeID: NodeID?], targets: [NodeID: NodeID]) -> FuzzOperation? {
        guard !parents.isEmpty, referencedIDs.contains(where: { parents[$0] != nil }) else { return self }
        func target(_ id: NodeID) -> NodeID? { parents[id] == nil ? id : targets[id] }
        func parent(_ id: NodeID?) -> NodeID? { id.flatMap { parents[$0] ?? $0 } }
        switch self {
        case .toggle(let id): return target(id).map(FuzzOperation.toggle)
        case .expand(let id): return target(id).map(FuzzOperation.expand)
        case .collapse(let id): return target(id).map(FuzzOperation.collapse)
        case .expandRecursively(let id): return target(id).map(FuzzOperation.expandRecursively)
        case .collapseRecursively(let id): return target(id).map(FuzzOperation.collapseRecursively)
        // A removal moved to an ancestor would take the nodes later operations act on.
        case .remove(let id): return parents[id] == nil ? self : nil
        case .reload(let id): return target(id).map(FuzzOperation.reload)
        case .accordionExpand(let id): return target(id).map(FuzzOperation.accordionExpand)
        case .expandAll, .collapseAll, .sort: return self
        case let .insert(id, parentID, position, time, score):
            // A new id that was a removed node's is new again, so the insert stays.
            return .insert(id, under: parent(parentID), at: position, time: time, score: score)
        case let .loadPage(ids, parentID, loadMoreRow, removing):
            let row = loadMoreRow.flatMap { parents[$0] == nil ? $0 : nil }
            return .loadPage(ids, under: parent(parentID), before: row, removingLoadMoreRow: row != nil && removing)
        }
    }
}
