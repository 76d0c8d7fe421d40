extension RowDiff {
    /// The diff between two row lists: common prefix and suffix trimmed, the middle a single
    /// range when one side's middle is empty (every expand, collapse, insert and remove of
    /// one node), keyed by ``keyed(from:to:oldOffset:newOffset:)`` otherwise. The diff of
    /// every strategy that has both row lists at hand.
    ///
    /// - Complexity: O(*n*) when one side's middle is empty, O(*n* log *n*) when keyed.
    static func trimmed(from old: ContiguousArray<Row>, to new: ContiguousArray<Row>) -> RowDiff {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = prefix..<old.count - suffix
        let newMiddle = prefix..<new.count - suffix
        if oldMiddle.isEmpty && newMiddle.isEmpty { return .empty }
        if oldMiddle.isEmpty { return RowDiff(insertions: RangeList(newMiddle)) }
        if newMiddle.isEmpty { return RowDiff(deletions: RangeList(oldMiddle)) }
        return .keyed(from: old[oldMiddle], to: new[newMiddle], oldOffset: prefix, newOffset: prefix)
    }
}
