import TreeRows

extension FuzzCase {
    /// How a reduction takes nodes out of a case.
    package enum Removal: Sendable {
        /// The nodes and all their descendants go.
        case subtrees
        /// Only the nodes go; each child of a removed node moves up to its nearest
        /// remaining ancestor (a node spliced out of a path).
        case splice
    }

    /// The case without the nodes at `positions` of ``nodes`` (and, for
    /// ``Removal/subtrees``, their descendants).
    ///
    /// Operations that name a node taken out as a subtree go too. After a splice, an
    /// operation on a removed node acts on its nearest remaining ancestor instead (or, with
    /// none, on the remaining node listed before it; it goes when there is none either), so
    /// the case keeps its length: a bug that needs many operations still shrinks in nodes.
    /// - Complexity: O(*n* + *m*) for *n* nodes and *m* operations, plus hashing every id once.
    package func removing(_ positions: some Sequence<Int>, _ removal: Removal) -> FuzzCase {
        var positionOf: [NodeID: Int] = [:]
        positionOf.reserveCapacity(nodes.count)
        for (position, node) in nodes.enumerated() { positionOf[node.id] = position }
        var removed = [Bool](repeating: false, count: nodes.count)
        for position in positions where position >= 0 && position < nodes.count { removed[position] = true }
        // Parents come first, so one pass settles each node's fate and new parent.
        var newParent = [NodeID?](repeating: nil, count: nodes.count)
        var kept: [Node] = []
        kept.reserveCapacity(nodes.count)
        var replacement: [NodeID: NodeID?] = [:]
        var targets: [NodeID: NodeID] = [:]
        var lastKept: NodeID?
        for (position, node) in nodes.enumerated() {
            let parentPosition = node.parent.flatMap { positionOf[$0] }
            if let parentPosition, removed[parentPosition], removal == .subtrees { removed[position] = true }
            let parent = parentPosition.map { removed[$0] ? newParent[$0] : nodes[$0].id } ?? nil
            if removed[position] {
                newParent[position] = parent
                replacement.updateValue(parent, forKey: node.id)
                // A target without a kept ancestor moves to the kept node listed before it.
                if let target = parent ?? lastKept { targets[node.id] = target }
            } else {
                var copy = node
                copy.parent = parent
                kept.append(copy)
                lastKept = node.id
            }
        }
        guard removal == .splice else {
            return FuzzCase(nodes: kept, operations: operations.filter { $0.referencedIDs.allSatisfy { replacement[$0] == nil } })
        }
        return FuzzCase(nodes: kept, operations: operations.compactMap { $0.replacing(parents: replacement, targets: targets) })
    }

    /// The number of nodes and operations together: what shrinking makes smaller.
    package var size: Int { nodes.count + operations.count }
}
