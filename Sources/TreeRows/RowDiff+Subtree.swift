extension RowDiff {
    /// The rows right under the row `row` that appear (`delta` > 0) or disappear
    /// (`delta` < 0) when the node of that row is expanded or collapsed and its visible
    /// subtree changes by `delta` rows: one range, the diff of one toggle.
    ///
    /// - Complexity: O(1).
    static func subtreeChange(under row: Int, by delta: Int) -> RowDiff {
        let block = row + 1..<row + 1 + Int(delta.magnitude)
        return delta > 0 ? RowDiff(insertions: RangeList(block)) : delta < 0 ? RowDiff(deletions: RangeList(block)) : .empty
    }
}
