/// A forest of comments in struct-of-arrays storage with 32-bit links.
///
/// Every node has a slot (``NodeIndex``) holding its parent, its first child, its previous
/// and next sibling, its depth, its expanded flag and the optional `time` and `score`
/// fields, each in one contiguous column. There is no object per node, and no link that
/// another gives cheaply: a first child's previous-sibling link names the last child, so
/// there is no last-child column. Flags take a bit; times and scores take 32 bits and
/// nothing while no node has one. Slot 0 is a virtual root whose children are the
/// top-level nodes; it is always expanded and is never a row. Removed nodes keep their slot
/// (marked dead) so that indices stay stable.
///
/// Siblings keep the order in which they were added (the input order). A new node starts
/// expanded.
public struct Tree: Sendable {
    /// The link value meaning "no node".
    @usableFromInline static let noNode: Int32 = -1
    /// The parent value of a removed node's slot.
    @usableFromInline static let removed: Int32 = -2
    /// The value that stands for an absent `time` or `score`: no node may have it, and it
    /// sorts below every value.
    @usableFromInline static let absent: Int64 = .min

    @usableFromInline var parents: ContiguousArray<Int32>
    @usableFromInline var firstChildren: ContiguousArray<Int32>
    @usableFromInline var nextSiblings: ContiguousArray<Int32>
    /// The sibling before each node; for a first child, the last child of its parent.
    @usableFromInline var previousSiblings: ContiguousArray<Int32>
    /// Each node's depth, in about a byte a node (top-level nodes 0, the root -1).
    @usableFromInline var depths: NarrowColumn
    @usableFromInline var expandedFlags: FlagColumn
    /// Times by slot; stores nothing while no node has one.
    var times: ValueColumn
    /// Scores by slot; stores nothing while no node has one.
    var scores: ValueColumn
    /// Row heights by slot; empty while every node has ``defaultRowHeight``.
    @usableFromInline var heights: ContiguousArray<Int32>
    /// Slots `1...implicitIDCount` have the id `.integer(slot - 1)` and store nothing: the
    /// common case of ids `0..<n` in input order (synthetic trees, the recorded forest).
    @usableFromInline var implicitIDCount: Int32
    /// The number of children of the root (beside ``implicitIDCount``, in what would be padding).
    @usableFromInline var rootChildCount: Int32
    /// The ids of the slots after the implicit run, at `slot - implicitIDCount - 1`.
    @usableFromInline var explicitIDs: ContiguousArray<NodeID?>
    /// The slot of each explicit id.
    @usableFromInline var slotsByID: [NodeID: Int32]

    /// The number of live nodes, not counting the virtual root.
    public internal(set) var nodeCount: Int

    /// The number of top-level nodes (children of ``root``): the sections of a sectioned
    /// list.
    ///
    /// - Complexity: O(1).
    public var topLevelCount: Int { Int(rootChildCount) }

    /// The virtual root: the parent of every top-level node. Never a row.
    public static let root = NodeIndex(0)

    /// Creates an empty forest.
    public init() {
        parents = [Tree.noNode]
        firstChildren = [Tree.noNode]
        nextSiblings = [Tree.noNode]
        previousSiblings = [Tree.noNode]
        depths = NarrowColumn(repeating: -1, count: 1, absent: .min)
        expandedFlags = FlagColumn(repeating: true, count: 1)
        times = ValueColumn()
        scores = ValueColumn()
        heights = []
        implicitIDCount = 0
        explicitIDs = []
        slotsByID = [:]
        nodeCount = 0
        rootChildCount = 0
    }

    /// Creates an empty forest with room for `capacity` nodes without reallocation.
    public init(reservingCapacity capacity: Int) {
        self.init()
        for keyPath in [\Tree.parents, \.firstChildren, \.nextSiblings, \.previousSiblings] {
            self[keyPath: keyPath].reserveCapacity(capacity + 1)
        }
        depths.reserveCapacity(capacity + 1)
        expandedFlags.reserveCapacity(capacity + 1)
        times = ValueColumn(reservingCapacity: capacity + 1)
        scores = ValueColumn(reservingCapacity: capacity + 1)
    }

    /// The number of slots, live or removed, including the root: one more than the largest
    /// ``NodeIndex`` raw value. Per-node side tables of a strategy have this many entries.
    @inlinable
    public var slotCount: Int { parents.count }

    /// Whether `node` names a live node (not the root, not removed, not out of range).
    ///
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ node: NodeIndex) -> Bool {
        // Conditions, not `&&`: its autoclosure copies the whole tree in a debug build.
        guard node.rawValue > 0, node.slot < parents.count else { return false }
        return parents[node.slot] != Tree.removed
    }

    /// The node with the external id `id`, or `nil` if there is none.
    ///
    /// - Complexity: O(1) on average (a hash lookup).
    public func index(of id: NodeID) -> NodeIndex? {
        // An empty table (every id implicit) is not hashed into.
        if !slotsByID.isEmpty, let slot = slotsByID[id] { return NodeIndex(slot) }
        if case .integer(let value) = id, value >= 0, value < Int64(implicitIDCount) {
            let node = NodeIndex(Int32(value) + 1)
            return contains(node) ? node : nil
        }
        return nil
    }

    /// The external id of a live node.
    ///
    /// - Complexity: O(1).
    public func id(of node: NodeIndex) -> NodeID {
        guard contains(node) else { preconditionFailure("\(node) is the root or removed") }
        if node.rawValue <= implicitIDCount { return .integer(Int64(node.rawValue) - 1) }
        return explicitIDs[node.slot - Int(implicitIDCount) - 1]!
    }

    /// The parent of `node`, ``Tree/root`` for a top-level node.
    @inlinable
    public func parent(of node: NodeIndex) -> NodeIndex { NodeIndex(parents[node.slot]) }

    /// The first child of `node` (or of ``Tree/root``: the first top-level node).
    @inlinable
    public func firstChild(of node: NodeIndex) -> NodeIndex? {
        let child = firstChildren[node.slot]
        return child == Tree.noNode ? nil : NodeIndex(child)
    }

    /// The last child of `node` (or of ``Tree/root``).
    ///
    /// - Complexity: O(1): the first child's previous-sibling link.
    @inlinable
    public func lastChild(of node: NodeIndex) -> NodeIndex? {
        let first = firstChildren[node.slot]
        return first == Tree.noNode ? nil : NodeIndex(previousSiblings[Int(first)])
    }

    /// The sibling after `node`, if any.
    @inlinable
    public func nextSibling(of node: NodeIndex) -> NodeIndex? {
        let sibling = nextSiblings[node.slot]
        return sibling == Tree.noNode ? nil : NodeIndex(sibling)
    }

    /// The sibling before `node`, if any.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func previousSibling(of node: NodeIndex) -> NodeIndex? {
        let parent = parents[node.slot]
        guard parent >= 0, firstChildren[Int(parent)] != node.rawValue else { return nil }
        return NodeIndex(previousSiblings[node.slot])
    }

    /// The depth of `node`: 0 for a top-level node, -1 for the root.
    @inlinable
    public func depth(of node: NodeIndex) -> Int32 { depths[node.slot] }

    /// Whether `node` shows its children when it is visible. The root is always expanded.
    @inlinable
    public func isExpanded(_ node: NodeIndex) -> Bool { expandedFlags[node.slot] }

    /// The `time` field of `node` (unix seconds), if the input gave one.
    public func time(of node: NodeIndex) -> Int64? { times[node.slot] }

    /// The `score` field of `node`, if the input gave one.
    public func score(of node: NodeIndex) -> Int64? { scores[node.slot] }

    /// Whether any node has a `time` (otherwise none is stored).
    public var hasTimes: Bool { !times.isEmpty }

    /// Whether any node has a `score` (otherwise none is stored).
    public var hasScores: Bool { !scores.isEmpty }

    /// Whether every proper ancestor of `node` is expanded, so that `node` is a row.
    ///
    /// - Complexity: O(*d*), where *d* is the depth of `node`.
    @inlinable
    public func isVisible(_ node: NodeIndex) -> Bool {
        var current = parents[node.slot]
        while current > 0 {
            if !expandedFlags[Int(current)] { return false }
            current = parents[Int(current)]
        }
        return true
    }

    /// The children of `node` (or of ``Tree/root``), in order.
    ///
    /// - Complexity: O(*k*), where *k* is the number of children.
    public func children(of node: NodeIndex) -> [NodeIndex] {
        var result: [NodeIndex] = []
        var child = firstChildren[node.slot]
        while child != Tree.noNode {
            result.append(NodeIndex(child))
            child = nextSiblings[Int(child)]
        }
        return result
    }

    /// The live nodes in slot order (not in row order).
    ///
    /// - Complexity: O(*s*), where *s* is ``slotCount``.
    public var nodes: [NodeIndex] {
        (1..<Int32(parents.count)).lazy.filter { self.parents[Int($0)] != Tree.removed }.map(NodeIndex.init)
    }
}
