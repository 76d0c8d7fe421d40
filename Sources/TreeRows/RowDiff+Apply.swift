extension RowDiff {
    /// Applies the diff to `old` the way UIKit performs a batch update, and returns the
    /// rows after it.
    ///
    /// Deletions and move sources leave the old list (old indices); insertions take their
    /// content from `inserted` and moves carry the old row, both at their new indices; the
    /// rows that stay keep their relative order and fill the remaining places. A reloaded
    /// row stays where it is and keeps its identity (its content is the data source's
    /// business).
    ///
    /// - Parameters:
    ///   - old: The rows before the update.
    ///   - rowCountAfter: The number of rows the data source reports after the update.
    ///   - inserted: The content of the row at a new index, as the data source gives it.
    /// - Returns: The rows after the update.
    /// - Throws: The ``BatchUpdateViolation`` that UIKit would raise, if any.
    /// - Complexity: O(*n* + *m* + *r* log *r*) for *n* old rows, *m* new rows and *r* ranges.
    @inlinable
    public func apply<Element>(
        to old: [Element], rowCountAfter: Int, inserted: (Int) throws -> Element
    ) throws -> [Element] {
        try validate(rowCountBefore: old.count, rowCountAfter: rowCountAfter)
        var leaves = [Bool](repeating: false, count: old.count)
        for index in deletedIndices { leaves[index] = true }
        var result = [Element?](repeating: nil, count: rowCountAfter)
        for move in moves {
            leaves[move.from] = true
            result[move.to] = old[move.from]
        }
        for index in insertedIndices { result[index] = try inserted(index) }
        var slot = 0
        for index in old.indices where !leaves[index] {
            while result[slot] != nil { slot += 1 }
            result[slot] = old[index]
        }
        return result.map { $0! }
    }
}
