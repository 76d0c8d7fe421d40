/// The prefix sums of the row heights of a row array, for the strategies that keep their
/// rows in one array (full-rebuild, subtree-splice): entry *i* is the top of row *i*, the
/// last entry the total height. Empty when the tree has no heights, as every row then has
/// ``Tree/defaultRowHeight`` and offsets are arithmetic.
struct HeightPrefixSums: Equatable {
    /// `rows.count + 1` sums, or none without heights.
    var sums: ContiguousArray<Int>

    /// No sums: every row has the default height.
    init() { sums = [] }

    /// The sums of `rows` of `tree`, or none when the tree has no heights.
    ///
    /// - Complexity: O(*r*), where *r* is the number of rows.
    init<Rows: Collection<Row>>(of rows: Rows, in tree: Tree) {
        sums = []
        guard tree.hasHeights else { return }
        sums.reserveCapacity(rows.count + 1)
        var total = 0
        sums.append(0)
        for row in rows {
            total += Int(tree.height(of: row.node))
            sums.append(total)
        }
    }

    /// Sums the heights again from row `start` to the end of `rows`, after the rows from
    /// `start` on changed; the sums before it stay. Nothing without heights.
    ///
    /// - Complexity: O(*r* − `start`).
    mutating func refresh<Rows: RandomAccessCollection<Row>>(from start: Int, of rows: Rows, in tree: Tree) where Rows.Index == Int {
        guard tree.hasHeights else { return }
        sums.removeSubrange(min(start + 1, sums.count)...)
        if sums.isEmpty { sums.append(0) }
        var total = sums[sums.count - 1]
        for index in start..<rows.count {
            total += Int(tree.height(of: rows[index].node))
            sums.append(total)
        }
    }

    /// The top of row `index` (`rowCount`: the total height).
    ///
    /// - Complexity: O(1).
    func offset(ofRow index: Int, rowCount: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        return sums.isEmpty ? Tree.defaultOffset(ofRow: index) : sums[index]
    }

    /// The row whose top is the last one at or above `offset`; `nil` outside the rows.
    ///
    /// - Complexity: O(log *r*) (a binary search), O(1) without heights.
    func row(atOffset offset: Int, rowCount: Int) -> Int? {
        if sums.isEmpty { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard let total = sums.last, offset >= 0, offset < total else { return nil }
        var low = 0
        var high = sums.count - 1  // sums[low] <= offset < sums[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            if sums[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
