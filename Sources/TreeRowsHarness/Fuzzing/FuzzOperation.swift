import TreeRows

/// An operation that names nodes by their external ids, so it still means the same node
/// after the shrinker drops other nodes from a case; an insert's or a page's parent is
/// `nil` at the top level.
public typealias FuzzOperation = NodeOperation<NodeID>

/// Why an operation by ids does not apply to a tree as it stands.
public struct UnresolvableOperation: Error, CustomStringConvertible {
    public var description: String
}

extension NodeOperation where Node == NodeID {
    /// The same operation by external ids.
    ///
    /// - Complexity: O(*p*) for the ids of a page; O(1) otherwise.
    public init(_ operation: TreeOperation, in tree: Tree) {
        self = operation.map(node: tree.id(of:), parent: { $0 == Tree.root ? nil : tree.id(of: $0) })
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
    /// - Throws: ``UnresolvableOperation``: a node it names is missing, an id to insert is
    ///   taken, a position is out of range, a page is malformed.
    /// - Complexity: O(*p*) for *p* ids in a page; O(1) otherwise (plus the child count of an insert's parent).
    public func resolved(in tree: Tree, strictly: Bool) throws(UnresolvableOperation) -> TreeOperation {
        func node(_ id: NodeID) throws(UnresolvableOperation) -> NodeIndex {
            guard let node = tree.index(of: id) else { throw UnresolvableOperation(description: "no node \(id) in the tree at that point") }
            return node
        }
        func parent(_ id: NodeID?) throws(UnresolvableOperation) -> NodeIndex {
            guard let id else { return Tree.root }
            return try node(id)
        }
        func new(_ id: NodeID) throws(UnresolvableOperation) {
            if tree.index(of: id) != nil { throw UnresolvableOperation(description: "the id \(id) is already in the tree") }
        }
        var operation = self
        switch self {
        case .insert(let id, _, _, _, _): try new(id)
        case let .loadPage(ids, parentID, loadMoreRow?, removing) where !strictly && tree.index(of: loadMoreRow) == nil:
            operation = .loadPage(ids, under: parentID, before: nil, removingLoadMoreRow: removing)
        default: break
        }
        let resolved = try operation.map(node: node, parent: parent)
        switch resolved {
        case let .insert(id, parent, position, time, score):
            let count = tree.childCount(of: parent)
            if strictly && !(0...count).contains(position) {
                throw UnresolvableOperation(description: "position \(position) is out of range 0...\(count)")
            }
            return .insert(id, under: parent, at: min(max(0, position), count), time: time, score: score)
        case let .loadPage(ids, parent, loadMoreRow, _):
            if let loadMoreRow, tree.lastChild(of: parent) != loadMoreRow {
                throw UnresolvableOperation(description: "the load-more row \(tree.id(of: loadMoreRow)) is not the parent's last child")
            }
            if Set(ids).count != ids.count { throw UnresolvableOperation(description: "the page names an id twice") }
            for id in ids { try new(id) }
            return resolved
        default:
            return resolved
        }
    }

    /// The ids the operation refers to (an insert: its new id and its parent).
    ///
    /// - Complexity: O(*p*) for the ids of a page; O(1) otherwise.
    package var referencedIDs: [NodeID] {
        switch self {
        case let .insert(id, parent, _, _, _): return [id] + (parent.map { [$0] } ?? [])
        case let .loadPage(ids, parent, loadMoreRow, _): return ids + [parent, loadMoreRow].compactMap { $0 }
        default: return target.map { [$0] } ?? []
        }
    }

    /// The operation with the removed nodes it names replaced: `parents[id]` is the parent
    /// to use instead (`nil` inside: the top level), `targets[id]` the node to act on
    /// instead. `nil` when a target has no replacement; the operation itself when it names
    /// no removed node.
    ///
    /// - Complexity: O(*p*) for the ids of a page; O(1) otherwise.
    func replacing(parents: [NodeID: NodeID?], targets: [NodeID: NodeID]) -> FuzzOperation? {
        guard !parents.isEmpty, referencedIDs.contains(where: { parents[$0] != nil }) else { return self }
        func target(_ id: NodeID) throws(NoReplacement) -> NodeID {
            guard let target = parents[id] == nil ? id : targets[id] else { throw NoReplacement() }
            return target
        }
        func parent(_ id: NodeID?) -> NodeID? { id.flatMap { parents[$0] ?? $0 } }
        switch self {
        // A removal moved to an ancestor would take the nodes later operations act on.
        case .remove(let id): return parents[id] == nil ? self : nil
        case let .loadPage(ids, parentID, loadMoreRow, removing):
            let row = loadMoreRow.flatMap { parents[$0] == nil ? $0 : nil }
            return .loadPage(ids, under: parent(parentID), before: row, removingLoadMoreRow: row != nil && removing)
        default:
            // An insert keeps its id: one that was a removed node's is new again.
            do throws(NoReplacement) {
                return try map(node: target, parent: { id throws(NoReplacement) in parent(id) })
            } catch {
                return nil
            }
        }
    }
}

/// A removed node that an operation acts on has no node to act on instead.
private struct NoReplacement: Error {}
