/// The fenwick-counts strategy's counts computed afresh and compared.
extension FenwickCountsStrategy {
    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard counts.count == tree.slotCount, heightSums.count == (tree.hasHeights ? tree.slotCount : 0),
              lists.position.count == tree.slotCount, hasHeights == tree.hasHeights else {
            throw InvariantViolation("fenwick-counts has \(counts.count) counts for \(tree.slotCount) slots")
        }
        let fresh = FenwickCountsStrategy(uncheckedTree: tree)
        for node in [Tree.root] + tree.nodes {
            let slot = node.slot
            if fresh.counts[slot] != counts[slot] || fresh.heightSum(slot) != heightSum(slot) {
                throw InvariantViolation("fenwick-counts: \(node) has count \(counts[slot]) and height sum \(heightSum(slot)), "
                    + "expected \(fresh.counts[slot]) and \(fresh.heightSum(slot))")
            }
            let children = tree.children(of: node).map(\.rawValue)
            guard lists.children(of: slot) == children else {
                throw InvariantViolation("fenwick-counts: the region of \(node) lists \(lists.children(of: slot)), the tree \(children)")
            }
            guard !children.isEmpty else { continue }
            // Every prefix, against the children's counts and height sums.
            var sums: (Int64, Int64) = (0, 0)
            for child in children {
                let position = lists.position[Int(child)]
                if lists.prefix(position, of: slot, cells[Self.countCells]) != sums.0
                    || (hasHeights && lists.prefix(position, of: slot, cells[Self.heightCells]) != sums.1) {
                    throw InvariantViolation("fenwick-counts: the prefix before #\(child) under \(node) is wrong")
                }
                sums.0 += Int64(counts[Int(child)])
                sums.1 += heightSum(Int(child))
            }
            if total(of: slot, Self.countCells) != sums.0 { throw InvariantViolation("fenwick-counts: the total under \(node) is wrong") }
        }
    }

    /// Fresh bookkeeping of `tree`, for ``checkInvariants()`` (no check of its own).
    init(uncheckedTree tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        hasHeights = tree.hasHeights
        heightSums = hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
        lists = SiblingLists(slotCount: tree.slotCount)
        cells = hasHeights ? [[], []] : [[]]
        refresh(Tree.root)
    }
}
