/// The change between two row lists, in the terms of one UIKit batch update.
///
/// - ``deletions`` and ``reloads`` are indices into the old rows;
/// - ``insertions`` are indices into the new rows;
/// - each ``moves`` entry goes from an old index to a new one.
///
/// Indices come as ranges, so expanding or collapsing a node is one range however many
/// rows it touches; ``deletedIndices`` and ``insertedIndices`` expand them lazily. A diff
/// made by a strategy of this package is *normalized*: each list sorted, its ranges
/// non-empty, disjoint and not adjacent (see ``isNormalized``). A diff from elsewhere may be
/// anything, which is what ``validate(rowCountBefore:rowCountAfter:)`` is for.
public struct RowDiff: Hashable, Sendable {
    /// Deleted rows, as ranges of old indices.
    public var deletions: RangeList
    /// Inserted rows, as ranges of new indices.
    public var insertions: RangeList
    /// Moved rows, old index to new index.
    public var moves: [RowMove]
    /// Reloaded rows (same node, new content), as ranges of old indices.
    public var reloads: RangeList

    /// Creates a diff from its four lists. One range per list is stored without allocating.
    @inlinable
    public init(
        deletions: RangeList = [], insertions: RangeList = [], moves: [RowMove] = [],
        reloads: RangeList = []
    ) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.reloads = reloads
    }

    /// The diff that changes nothing.
    public static let empty = RowDiff()

    /// Whether the diff changes nothing.
    public var isEmpty: Bool {
        deletions.allSatisfy(\.isEmpty) && insertions.allSatisfy(\.isEmpty) && moves.isEmpty
            && reloads.allSatisfy(\.isEmpty)
    }

    /// The deleted old indices, one by one, without materializing them.
    ///
    /// - Complexity: O(1) to create; iterating is O(*k* + *r*) for *k* indices in *r* ranges.
    public var deletedIndices: FlattenSequence<RangeList> { deletions.joined() }

    /// The inserted new indices, one by one, without materializing them.
    public var insertedIndices: FlattenSequence<RangeList> { insertions.joined() }

    /// The reloaded old indices, one by one, without materializing them.
    public var reloadedIndices: FlattenSequence<RangeList> { reloads.joined() }

    /// The number of deleted rows (counting a row as often as it is listed).
    public var deletedCount: Int { deletions.reduce(0) { $0 + $1.count } }

    /// The number of inserted rows (counting a row as often as it is listed).
    public var insertedCount: Int { insertions.reduce(0) { $0 + $1.count } }

    /// Whether each list is sorted with non-empty, disjoint, non-adjacent ranges and the
    /// moves are sorted by destination: the canonical form the built-in strategies produce.
    public var isNormalized: Bool {
        func normalized(_ ranges: RangeList) -> Bool {
            var previousEnd = Int.min
            for range in ranges {
                if range.isEmpty || (previousEnd != .min && range.lowerBound <= previousEnd) { return false }
                previousEnd = range.upperBound
            }
            return true
        }
        return normalized(deletions) && normalized(insertions) && normalized(reloads)
            && zip(moves, moves.dropFirst()).allSatisfy { $0.to < $1.to }
    }
}

extension RowDiff: CustomStringConvertible {
    /// A compact listing, e.g. `-[3..<7] +[0..<1] ~[2..<3] 4->9`.
    public var description: String {
        func list(_ ranges: RangeList) -> String {
            ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ",")
        }
        var parts: [String] = []
        if !deletions.isEmpty { parts.append("-[\(list(deletions))]") }
        if !insertions.isEmpty { parts.append("+[\(list(insertions))]") }
        if !reloads.isEmpty { parts.append("~[\(list(reloads))]") }
        parts += moves.map { "\($0.from)->\($0.to)" }
        return parts.isEmpty ? "(no change)" : parts.joined(separator: " ")
    }
}
