extension Tree {
    /// Errors from adding a node.
    public enum InsertionError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Another live node already has this id.
        case duplicateID(NodeID)
        /// The parent is not a live node (nor the root).
        case unknownParent(NodeIndex)
        /// The position is not in `0...childCount`.
        case positionOutOfRange(position: Int, childCount: Int)
        /// `time` or `score` is `Int64.min`, which stands for "absent".
        case reservedValue
        /// A "load more" row that is not the last child of the page's parent.
        case loadMoreRowNotLastChild(NodeIndex)

        /// A sentence naming the problem and the fix.
        public var description: String {
            switch self {
            case .duplicateID(let id): return "id \"\(id)\" is already in the tree; ids must be unique"
            case .unknownParent(let parent): return "parent \(parent) is not a node of the tree"
            case .positionOutOfRange(let position, let count):
                return "child position \(position) is out of range: the parent has \(count) children, use 0...\(count)"
            case .reservedValue: return "Int64.min is reserved for an absent time or score; use nil"
            case .loadMoreRowNotLastChild(let node):
                return "the load-more row \(node) is not the last child of the page's parent; pass the parent's last child or nil"
            }
        }
    }

    /// Appends a node as the last child of `parent` (``Tree/root`` for a top-level node).
    ///
    /// - Parameters:
    ///   - id: The external id; must not be in the tree yet.
    ///   - parent: A live node or ``Tree/root``.
    ///   - time: Optional unix time.
    ///   - score: Optional score.
    ///   - isExpanded: The initial expanded flag.
    /// - Returns: The new node's index (the next free slot).
    /// - Complexity: O(1) amortized.
    @discardableResult
    public mutating func append(
        _ id: NodeID, under parent: NodeIndex, time: Int64? = nil, score: Int64? = nil, isExpanded: Bool = true
    ) throws(InsertionError) -> NodeIndex {
        try insert(id, under: parent, at: nil, time: time, score: score, isExpanded: isExpanded)
    }

    /// Appends a node with the next implicit id (`.integer(slot - 1)`, i.e. `0, 1, 2, …` in
    /// order) as the last child of `parent`: the fast path for generators and loaders.
    ///
    /// Only valid while every node so far has an implicit id (``implicitIDCount`` equals
    /// ``nodeCount`` and nothing was removed).
    /// - Complexity: O(1) amortized, no hashing.
    @discardableResult
    public mutating func appendNext(
        under parent: NodeIndex, time: Int64? = nil, score: Int64? = nil, isExpanded: Bool = true
    ) -> NodeIndex {
        precondition(explicitIDs.isEmpty && Int(implicitIDCount) == parents.count - 1, "ids are not all implicit")
        precondition(parent.rawValue < Int32(parents.count) && parents[parent.slot] != Tree.removed, "unknown parent")
        precondition(time != Tree.absent && score != Tree.absent, "Int64.min is reserved for an absent time or score")
        let slot = appendSlot(under: parent, before: Tree.noNode, time: time, score: score, isExpanded: isExpanded)
        implicitIDCount = slot
        nodeCount += 1
        return NodeIndex(slot)
    }

    /// Inserts a node as child number `position` of `parent` (``Tree/root`` for top level).
    ///
    /// - Parameters:
    ///   - id: The external id; must not be in the tree yet.
    ///   - parent: A live node or ``Tree/root``.
    ///   - position: The new node's place among its siblings, `0...childCount`; `nil` appends.
    ///   - time: Optional unix time; not `Int64.min`, which stands for "absent".
    ///   - score: Optional score; not `Int64.min`.
    ///   - isExpanded: The initial expanded flag.
    /// - Returns: The new node's index (the next free slot).
    /// - Complexity: O(*p*) where *p* is `position` (a walk along the sibling list).
    @discardableResult
    public mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int?, time: Int64? = nil, score: Int64? = nil,
        isExpanded: Bool = true
    ) throws(InsertionError) -> NodeIndex {
        guard parent == Tree.root || contains(parent) else { throw .unknownParent(parent) }
        guard index(of: id) == nil else { throw .duplicateID(id) }
        // Find the sibling the new node goes before (none: append).
        var before = Tree.noNode
        if let position {
            var child = firstChildren[parent.slot]
            var index = 0
            while index < position && child != Tree.noNode {
                child = nextSiblings[Int(child)]
                index += 1
            }
            guard position >= 0 && index == position else {
                throw .positionOutOfRange(position: position, childCount: childCount(of: parent))
            }
            before = child
        }
        return try insert(id, under: parent, beforeSlot: before, time: time, score: score, isExpanded: isExpanded)
    }

    /// Inserts new leaves with the ids of a page ``validatePage(_:under:before:)`` accepted,
    /// in order, as children of `parent` right before its child `sibling` (last for `nil`),
    /// without looking their ids up again.
    ///
    /// A parent that is not live, or a `sibling` that is not its child, is a programming
    /// error.
    /// - Returns: The new nodes' slots, consecutive and in page order.
    /// - Complexity: O(*k*) amortized for *k* ids (one hash insertion an explicit id).
    @discardableResult
    package mutating func insertValidated(_ ids: [NodeID], under parent: NodeIndex, before sibling: NodeIndex?) -> Range<Int32> {
        precondition(parent == Tree.root || contains(parent), "\(parent) is not a node of the tree")
        if let sibling { precondition(contains(sibling) && self.parent(of: sibling) == parent, "\(sibling) is not a child of \(parent)") }
        let first = Int32(parents.count), before = sibling?.rawValue ?? Tree.noNode
        for id in ids {
            do { _ = try insert(id, under: parent, beforeSlot: before, time: nil, score: nil, isExpanded: true) } catch {
                preconditionFailure("page not validated: \(error)")
            }
        }
        return first..<Int32(parents.count)
    }

    /// Links a new node before the sibling slot `before` (``Tree/noNode``: last) once the parent,
    /// id and position are known to be valid, and records its id.
    private mutating func insert(
        _ id: NodeID, under parent: NodeIndex, beforeSlot before: Int32, time: Int64?, score: Int64?, isExpanded: Bool
    ) throws(InsertionError) -> NodeIndex {
        guard time != Tree.absent && score != Tree.absent else { throw .reservedValue }
        let slot = appendSlot(under: parent, before: before, time: time, score: score, isExpanded: isExpanded)
        if explicitIDs.isEmpty && id == .integer(Int64(slot) - 1) {
            implicitIDCount = slot
        } else {
            explicitIDs.append(id)
            slotsByID[id] = slot
        }
        nodeCount += 1
        return NodeIndex(slot)
    }

    /// Appends a slot for a new node under `parent`, linked before the sibling `before`
    /// (``Tree/noNode``: last); the caller records its id and counts it.
    mutating func appendSlot(
        under parent: NodeIndex, before: Int32, time: Int64?, score: Int64?, isExpanded: Bool
    ) -> Int32 {
        let slot = Int32(parents.count)
        precondition(slot < Int32.max, "a tree holds at most \(Int32.max - 1) nodes")
        let first = firstChildren[parent.slot]
        parents.append(parent.rawValue)
        firstChildren.append(Tree.noNode)
        depths.append(depths[parent.slot] + 1)
        expandedFlags.append(isExpanded)
        times.append(time, slotCount: Int(slot))
        scores.append(score, slotCount: Int(slot))
        if !heights.isEmpty { heights.append(Tree.defaultRowHeight) }
        // A first child's previous link names the last child.
        if first == Tree.noNode {
            previousSiblings.append(slot)
            firstChildren[parent.slot] = slot
        } else if before == first {
            previousSiblings.append(previousSiblings[Int(first)])
            previousSiblings[Int(first)] = slot
            firstChildren[parent.slot] = slot
        } else {
            let next = before == Tree.noNode ? first : before
            let previous = previousSiblings[Int(next)]
            previousSiblings.append(previous)
            nextSiblings[Int(previous)] = slot
            previousSiblings[Int(next)] = slot
        }
        nextSiblings.append(before)
        if parent == Tree.root { rootChildCount += 1 }
        return slot
    }

    /// The number of children of `node` (or of ``Tree/root``).
    ///
    /// - Complexity: O(*k*), where *k* is the number of children.
    public func childCount(of node: NodeIndex) -> Int {
        var count = 0
        var child = firstChildren[node.slot]
        while child != Tree.noNode {
            count += 1
            child = nextSiblings[Int(child)]
        }
        return count
    }

    /// Traps unless `node` is a live node: the precondition of every node operation.
    @inlinable
    public func requireLive(_ node: NodeIndex, _ operation: StaticString = #function) {
        precondition(contains(node), "\(operation): \(node) is not a live node (the root, removed, or out of range)")
    }

    /// Sets the expanded flag of one live node.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) {
        requireLive(node)
        expandedFlags[node.slot] = isExpanded
    }

    /// Expands `node` and collapses every sibling of it: the flags after an accordion expand.
    ///
    /// - Complexity: O(*f*) for *f* siblings.
    public mutating func setExpandedExclusively(_ node: NodeIndex) {
        requireLive(node)
        var sibling = firstChildren[Int(parents[node.slot])]
        while sibling != Tree.noNode {
            expandedFlags[Int(sibling)] = sibling == node.rawValue
            sibling = nextSiblings[Int(sibling)]
        }
    }

    /// Sets the expanded flag of `node` and of every descendant (of every node, for
    /// ``Tree/root``, which itself stays expanded).
    ///
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    public mutating func setExpandedInSubtree(of node: NodeIndex, _ isExpanded: Bool) {
        precondition(node == Tree.root || contains(node), "\(node) is not a live node")
        // The walk is written out rather than calling forEachInSubtree with a closure that
        // writes to self, which would copy every array of the tree first.
        if node != Tree.root { expandedFlags[node.slot] = isExpanded }
        var current = firstChildren[node.slot]
        walk: while current != Tree.noNode {
            expandedFlags[Int(current)] = isExpanded
            let child = firstChildren[Int(current)]
            if child != Tree.noNode {
                current = child
                continue
            }
            while nextSiblings[Int(current)] == Tree.noNode {
                current = parents[Int(current)]
                if current == node.rawValue { break walk }
            }
            current = nextSiblings[Int(current)]
        }
    }

    /// Removes `node` and all its descendants. Their slots stay allocated but dead, and
    /// their ids become free.
    ///
    /// - Returns: The number of nodes removed.
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    @discardableResult
    public mutating func removeSubtree(_ node: NodeIndex) -> Int {
        requireLive(node)
        let parent = Int(parents[node.slot])
        let first = firstChildren[parent]
        let previous = previousSiblings[node.slot]  // the last child when `node` is the first
        let next = nextSiblings[node.slot]
        if node.rawValue == first {
            firstChildren[parent] = next
        } else {
            nextSiblings[Int(previous)] = next
        }
        // The next sibling (or, for the last, the first child) takes over the previous link.
        if next != Tree.noNode {
            previousSiblings[Int(next)] = previous
        } else if node.rawValue != first {
            previousSiblings[Int(first)] = previous
        }
        // Postorder, written out (a closure writing to self would copy the tree): each
        // node's links are read before they are cleared.
        var removedCount = 0
        var current = node.rawValue
        while firstChildren[Int(current)] != Tree.noNode { current = firstChildren[Int(current)] }
        while true {
            let member = Int(current)
            let next = nextSiblings[member]
            let up = parents[member]
            removedCount += 1
            if current > implicitIDCount {
                let index = member - Int(implicitIDCount) - 1
                if let id = explicitIDs[index] { slotsByID[id] = nil }
                explicitIDs[index] = nil
            }
            parents[member] = Tree.removed
            firstChildren[member] = Tree.noNode
            nextSiblings[member] = Tree.noNode
            previousSiblings[member] = Tree.noNode
            if current == node.rawValue { break }
            if next != Tree.noNode {
                current = next
                while firstChildren[Int(current)] != Tree.noNode { current = firstChildren[Int(current)] }
            } else {
                current = up
            }
        }
        nodeCount -= removedCount
        if parent == 0 { rootChildCount -= 1 }
        return removedCount
    }
}
