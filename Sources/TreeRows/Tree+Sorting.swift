extension Tree {
    /// Reorders the children of every node (and the top-level nodes) by `order`, stably.
    ///
    /// Only sibling links change: parents, depths, expanded flags and slots stay.
    /// - Complexity: O(*n* log *f*), where *n* is the number of nodes and *f* the largest
    ///   number of children (one stable sort per sibling list), plus O(*s*) for the reply
    ///   counts, where *s* is ``slotCount``.
    public mutating func sortSiblings(by order: SiblingOrder) {
        let keys = sortKeys(order.key)
        var children: [Int32] = []
        // One buffer for every list: (key, position, node), the position breaking ties,
        // which makes the sort stable whatever the algorithm.
        var entries: [(key: Int64, position: Int32, node: Int32)] = []
        var parents: [Int32] = [0]
        var index = 0
        // Every parent is visited once: the root, then each node with children, found as
        // the children of parents already visited.
        while index < parents.count {
            let parent = Int(parents[index])
            index += 1
            children.removeAll(keepingCapacity: true)
            var child = firstChildren[parent]
            while child != Tree.noNode {
                children.append(child)
                if firstChildren[Int(child)] != Tree.noNode { parents.append(child) }
                child = nextSiblings[Int(child)]
            }
            guard children.count > 1 else { continue }
            entries.removeAll(keepingCapacity: true)
            for (position, child) in children.enumerated() { entries.append((keys[Int(child)], Int32(position), child)) }
            if order.isDescending {
                entries.sort { $0.key != $1.key ? $0.key > $1.key : $0.position < $1.position }
            } else {
                entries.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
            }
            for index in entries.indices { children[index] = entries[index].node }
            relink(parent, children)
        }
    }

    /// The value each slot is sorted by; an absent field is `Int64.min`, below every value.
    private func sortKeys(_ key: SiblingOrder.Key) -> ContiguousArray<Int64> {
        switch key {
        case .time: return times.decoded(slotCount: slotCount, absent: Tree.absent)
        case .score: return scores.decoded(slotCount: slotCount, absent: Tree.absent)
        case .replies:
            var counts = ContiguousArray<Int64>(repeating: 0, count: slotCount)
            forEachInSubtreePostorder(of: Tree.root) { node in
                guard node != Tree.root else { return }
                counts[Int(parents[node.slot])] += counts[node.slot] + 1
            }
            return counts
        }
    }

    /// Links `children` as the sibling list of `parent`, in this order.
    private mutating func relink(_ parent: Int, _ children: [Int32]) {
        firstChildren[parent] = children[0]
        var previous = children[children.count - 1]  // a first child's previous link: the last child
        for child in children {
            previousSiblings[Int(child)] = previous
            if child != children[0] { nextSiblings[Int(previous)] = child }
            previous = child
        }
        nextSiblings[Int(previous)] = Tree.noNode
    }
}
