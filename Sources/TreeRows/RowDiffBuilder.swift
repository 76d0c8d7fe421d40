/// Builds a normalized ``RowDiff`` from indices and ranges added in ascending order,
/// merging adjacent ones into a single range.
public struct RowDiffBuilder: Sendable {
    /// The diff built so far.
    public private(set) var diff = RowDiff()

    /// Creates an empty builder.
    public init() {}

    /// Adds deleted old indices; ranges must come in ascending order.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func delete(_ range: Range<Int>) { Self.append(range, to: &diff.deletions) }

    /// Adds one deleted old index; indices must come in ascending order.
    public mutating func delete(_ index: Int) { delete(index..<index + 1) }

    /// Adds inserted new indices; ranges must come in ascending order.
    public mutating func insert(_ range: Range<Int>) { Self.append(range, to: &diff.insertions) }

    /// Adds one inserted new index; indices must come in ascending order.
    public mutating func insert(_ index: Int) { insert(index..<index + 1) }

    /// Adds one reloaded old index; indices must come in ascending order.
    public mutating func reload(_ index: Int) { Self.append(index..<index + 1, to: &diff.reloads) }

    /// Adds a move; destinations must come in ascending order.
    public mutating func move(from: Int, to: Int) { diff.moves.append(RowMove(from: from, to: to)) }

    private static func append(_ range: Range<Int>, to ranges: inout RangeList) {
        guard !range.isEmpty else { return }
        if let last = ranges.last {
            precondition(range.lowerBound >= last.upperBound, "ranges must be added in ascending order")
            if range.lowerBound == last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
                return
            }
        }
        ranges.append(range)
    }
}
