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
    public mutating func delete(_ range: Range<Int>) { diff.deletions.appendMerging(range) }

    /// Adds one deleted old index; indices must come in ascending order.
    public mutating func delete(_ index: Int) { delete(index..<index + 1) }

    /// Adds inserted new indices; ranges must come in ascending order.
    public mutating func insert(_ range: Range<Int>) { diff.insertions.appendMerging(range) }

    /// Adds one inserted new index; indices must come in ascending order.
    public mutating func insert(_ index: Int) { insert(index..<index + 1) }

    /// Adds one reloaded old index; indices must come in ascending order.
    public mutating func reload(_ index: Int) { diff.reloads.appendMerging(index..<index + 1) }

    /// Adds a move; destinations must come in ascending order.
    public mutating func move(from: Int, to: Int) { diff.moves.append(RowMove(from: from, to: to)) }
}
