extension RowDiff {
    /// Applies the diff to `old` the way UIKit performs a batch update, and returns the
    /// rows after it.
    ///
    /// Deletions and move sources leave the old list (old indices); insertions take their
    /// content from `inserted` and moves carry the old row, both at their new indices; the
    /// rows that stay keep their relative order and fill the remaining places. A reloaded
    /// row stays among them, and its content comes from `inserted` at the place it lands
    /// on, as UIKit asks the data source for a reloaded row's cell (so reloading every row
    /// is `reloadData`: the new rows, whatever the old ones were).
    ///
    /// - Parameters:
    ///   - old: The rows before the update.
    ///   - rowCountAfter: The number of rows the data source reports after the update.
    ///   - inserted: The content of the row at a new index, as the data source gives it,
    ///     asked for inserted and reloaded rows.
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
        var reloaded: [Bool] = []
        if !reloads.isEmpty {
            reloaded = [Bool](repeating: false, count: old.count)
            for index in reloadedIndices { reloaded[index] = true }
        }
        var slot = 0
        for index in old.indices where !leaves[index] {
            while result[slot] != nil { slot += 1 }
            result[slot] = reloaded.isEmpty || !reloaded[index] ? old[index] : try inserted(slot)
        }
        return result.map { $0! }
    }
}
