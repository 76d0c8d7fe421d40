extension PreorderSequence {
    /// Walks the B-tree from the super-root and checks its shape and bookkeeping from
    /// scratch: every leaf at level 0, parent links that agree with the entries, node
    /// sizes within capacity, every entry's summary equal to one recomputed from its child,
    /// and each element's slot pointing back at its leaf.
    ///
    /// - Throws: ``InvariantViolation`` naming the first node found wrong.
    /// - Complexity: O(*n*).
    func checkStructure() throws(InvariantViolation) {
        guard innerCounts[0] == 1, innerLinks[0] == -1 else {
            throw InvariantViolation("preorder-btree: the super-root has \(innerCounts[0]) entries")
        }
        var fresh = self
        var stack: [(node: Int32, level: Int)] = [(0, height + 1)]
        var elements = 0
        while let (node, level) = stack.popLast() {
            let first = Int(node) &* fanout
            let entries = Int(innerCounts[Int(node)])
            guard entries >= 1 && entries <= fanout else {
                throw InvariantViolation("preorder-btree: inner node \(node) has \(entries) entries")
            }
            for entry in first..<first + entries {
                let child = children[entry]
                guard link(of: child, level: level - 1) == entry else {
                    throw InvariantViolation("preorder-btree: node \(child) at level \(level - 1) links to entry \(link(of: child, level: level - 1)), not \(entry)")
                }
                fresh.refreshEntry(entry, childLevel: level - 1)
                guard fresh.sizes[entry] == sizes[entry], fresh.minimums[entry] == minimums[entry],
                      fresh.minimumCounts[entry] == minimumCounts[entry], fresh.minimumKeys[entry] == minimumKeys[entry],
                      !isWeighted || fresh.minimumWeights[entry] == minimumWeights[entry] else {
                    throw InvariantViolation("preorder-btree: entry \(entry) of node \(node) holds a stale summary "
                        + "(size \(sizes[entry]), minimum \(minimums[entry]) ×\(minimumCounts[entry]), key \(minimumKeys[entry]))")
                }
                if level - 1 > 0 {
                    stack.append((child, level - 1))
                    continue
                }
                let count = Int(leaves[countPosition(Int(child))])
                guard count <= leafCapacity, count > 0 || self.count == 0 else {
                    throw InvariantViolation("preorder-btree: leaf \(child) holds \(count) elements")
                }
                let base = Int(child) &* leafCapacity
                for index in base..<base + count where leafOf[Int(leaves[slotPosition(index)])] != child {
                    throw InvariantViolation("preorder-btree: slot \(leaves[slotPosition(index)]) is in leaf \(child) but points at \(leafOf[Int(leaves[slotPosition(index)])])")
                }
                elements += count
            }
        }
        let placed = leafOf.count { $0 >= 0 }
        guard elements == count, placed == count else {
            throw InvariantViolation("preorder-btree: \(elements) elements in the leaves, \(placed) slots placed, size \(count)")
        }
    }
}
