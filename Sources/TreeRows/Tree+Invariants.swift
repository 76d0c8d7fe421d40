extension Tree {
    /// Checks the link structure from scratch: parent and sibling links agree, depths are
    /// one more than the parent's, every live node is reachable from the root exactly
    /// once, the id table names exactly the live nodes, and ``nodeCount`` and
    /// ``topLevelCount`` are right.
    ///
    /// - Throws: ``InvariantViolation`` naming the first node found wrong.
    /// - Complexity: O(*s*), where *s* is ``slotCount``.
    public func checkInvariants() throws(InvariantViolation) {
        guard expandedFlags[0], parents[0] == Tree.noNode, expandedFlags.count == slotCount else { throw InvariantViolation("root slot corrupted") }
        var seen = ContiguousArray<Bool>(repeating: false, count: slotCount)
        var reached = 0
        var stack: [Int32] = [0]
        while let parent = stack.popLast() {
            var previous = Tree.noNode
            let first = firstChildren[Int(parent)]
            var child = first
            while child != Tree.noNode {
                let slot = Int(child)
                guard slot > 0, slot < slotCount, !seen[slot] else {
                    throw InvariantViolation("child link \(child) of #\(parent) is invalid or reached twice")
                }
                seen[slot] = true
                reached += 1
                guard parents[slot] == parent else {
                    throw InvariantViolation("#\(child) is a child of #\(parent) but its parent link is \(parents[slot])")
                }
                // Here and below, conditions and `?:` rather than `||` and `&&`, whose
                // autoclosures copy the whole tree per node in a debug build.
                guard child == first ? true : previousSiblings[slot] == previous else {
                    throw InvariantViolation("#\(child): previous-sibling link \(previousSiblings[slot]), expected \(previous)")
                }
                guard depths[slot] == depths[Int(parent)] + 1 else {
                    throw InvariantViolation("#\(child): depth \(depths[slot]), parent's depth \(depths[Int(parent)])")
                }
                guard index(of: id(of: NodeIndex(child))) == NodeIndex(child) else {
                    throw InvariantViolation("#\(child): id table does not map its id back to it")
                }
                stack.append(child)
                previous = child
                child = nextSiblings[slot]
            }
            guard first == Tree.noNode ? true : previousSiblings[Int(first)] == previous else {
                throw InvariantViolation("#\(parent): its first child's previous link \(previousSiblings[Int(first)]) should name the last child \(previous)")
            }
        }
        for slot in 1..<slotCount where !seen[slot] {
            guard parents[slot] != Tree.removed else { continue }
            throw InvariantViolation("#\(slot) is live but not reachable from the root")
        }
        let explicitLive = (Int(implicitIDCount) + 1..<slotCount).count { seen[$0] }
        guard reached == nodeCount, slotsByID.count == explicitLive,
              explicitIDs.count == slotCount - Int(implicitIDCount) - 1 else {
            throw InvariantViolation("nodeCount \(nodeCount), reachable \(reached), explicit ids \(slotsByID.count) for \(explicitLive) nodes")
        }
        let topLevel = childCount(of: Tree.root)
        guard topLevelCount == topLevel else {
            throw InvariantViolation("topLevelCount \(topLevelCount), but the root has \(topLevel) children")
        }
        guard (times.isEmpty || times.count == slotCount) && (scores.isEmpty || scores.count == slotCount)
            && (heights.isEmpty || heights.count == slotCount) else {
            throw InvariantViolation("time, score or height column has the wrong length")
        }
    }
}
