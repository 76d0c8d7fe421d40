/// The preorder-segments strategy laid out afresh and compared.
extension PreorderSegmentsStrategy {
    /// Lays the tree out afresh and compares: the live nodes in the same order, each with
    /// the same counter (its collapsed ancestors), every removed position hidden, and the
    /// segment tree consistent with its counters.
    public func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard spans.count == tree.slotCount else {
            throw InvariantViolation("preorder-segments has \(spans.count) spans for \(tree.slotCount) slots")
        }
        guard counters.isWeighted == tree.hasHeights, counters.count == slots.count else {
            throw InvariantViolation("preorder-segments: heights or counter count out of step")
        }
        try counters.checkNodes()
        var fresh = self
        fresh.layOut()
        let values = counters.trueValues
        let freshValues = fresh.counters.trueValues
        // The live positions before each position.
        var livePrefix = [0]
        for slot in slots { livePrefix.append(livePrefix.last! + (tree.contains(NodeIndex(slot)) ? 1 : 0)) }
        var freshPosition = 0
        for position in 0..<slots.count {
            let node = NodeIndex(slots[position])
            guard tree.contains(node) else {
                if values[position] <= 0 { throw InvariantViolation("preorder-segments: removed \(node) counts as a row") }
                continue
            }
            guard freshPosition < fresh.slots.count, fresh.slots[freshPosition] == node.rawValue else {
                throw InvariantViolation("preorder-segments: position \(position) holds \(node), out of preorder")
            }
            guard values[position] == freshValues[freshPosition] else {
                throw InvariantViolation("preorder-segments: \(node) has counter \(values[position]), expected \(freshValues[freshPosition])")
            }
            // The live positions in the node's range are exactly its subtree.
            let range = position..<Int(spans[node.slot].end)
            guard spans[node.slot].position == Int32(position), range.upperBound <= slots.count,
                  livePrefix[range.upperBound] - livePrefix[range.lowerBound] == Int(fresh.spans[node.slot].end - fresh.spans[node.slot].position) else {
                throw InvariantViolation("preorder-segments: \(node) has a wrong position or subtree end")
            }
            freshPosition += 1
        }
        guard freshPosition == fresh.slots.count else {
            throw InvariantViolation("preorder-segments: \(fresh.slots.count - freshPosition) live nodes have no position")
        }
    }
}
