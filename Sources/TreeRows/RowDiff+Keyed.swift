extension RowDiff {
    /// A diff between two row lists in which no node appears twice, matching rows by node.
    ///
    /// A node in both lists at the same depth is kept; among the kept rows, the longest
    /// subsequence already in the right order stays in place and every other kept row
    /// becomes a move. Rows only in `old` are deleted and rows only in `new` are inserted.
    /// Indices are offset by `oldOffset` and `newOffset`, so a caller can diff the middle
    /// of two longer lists.
    ///
    /// - Parameters:
    ///   - old: The rows before (a slice is fine).
    ///   - new: The rows after.
    ///   - oldOffset: Added to every old index in the result.
    ///   - newOffset: Added to every new index in the result.
    /// - Returns: A normalized diff.
    /// - Complexity: O(*n* log *n* + *s*), where *n* is the number of rows and *s* the
    ///   largest node slot (a position table indexed by slot).
    public static func keyed<Old: Collection<Row>, New: Collection<Row>>(
        from old: Old, to new: New, oldOffset: Int = 0, newOffset: Int = 0
    ) -> RowDiff {
        var slotCount = 0
        for row in old { slotCount = max(slotCount, row.node.slot + 1) }
        for row in new { slotCount = max(slotCount, row.node.slot + 1) }
        // Where each node is in `new` (-1: not there).
        var newPosition = ContiguousArray<Int32>(repeating: -1, count: slotCount)
        let newRows = ContiguousArray(new)
        for (index, row) in newRows.enumerated() { newPosition[row.node.slot] = Int32(index) }

        var matchedNew = ContiguousArray<Bool>(repeating: false, count: newRows.count)
        var kept: [(old: Int, new: Int)] = []
        var builder = RowDiffBuilder()
        for (index, row) in old.enumerated() {
            let position = Int(newPosition[row.node.slot])
            if position >= 0 && newRows[position].depth == row.depth {
                kept.append((index, position))
                matchedNew[position] = true
            } else {
                builder.delete(oldOffset + index)
            }
        }
        for index in newRows.indices where !matchedNew[index] { builder.insert(newOffset + index) }

        let staying = longestIncreasingRun(kept.map(\.new))
        var moves: [RowMove] = []
        for (k, pair) in kept.enumerated() where !staying[k] {
            moves.append(RowMove(from: oldOffset + pair.old, to: newOffset + pair.new))
        }
        var diff = builder.diff
        diff.moves = moves.sorted { $0.to < $1.to }
        return diff
    }

    /// Marks the members of one longest strictly increasing subsequence of `values`.
    ///
    /// - Complexity: O(*n* log *n*).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // tails[k]: index of the smallest tail of a run of length k+1
        var previous = [Int](repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var member = [Bool](repeating: false, count: values.count)
        var index = tails.last ?? -1
        while index >= 0 {
            member[index] = true
            index = previous[index]
        }
        return member
    }
}
