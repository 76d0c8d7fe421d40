extension RowDiff {
    /// Checks the diff against UIKit's batch-update rules for a list that has
    /// `rowCountBefore` rows before the update and `rowCountAfter` after it.
    ///
    /// Deletions, reloads and move sources are old indices and must lie in
    /// `0..<rowCountBefore`, no old row named twice among them; insertions and move
    /// destinations are new indices in `0..<rowCountAfter`, no new row named twice; and
    /// `rowCountAfter == rowCountBefore + inserted − deleted`. Order within a list does not
    /// matter (UIKit sorts), and empty ranges are ignored.
    ///
    /// Reloads and moves together are rejected too (UIKit has been seen to crash on them).
    ///
    /// - Throws: The first ``BatchUpdateViolation`` found: a negative count, out-of-range
    ///   indices, rows named twice, reloads with moves, then the count rule.
    /// - Complexity: O(*r* log *r*), where *r* is the number of ranges and moves.
    public func validate(rowCountBefore: Int, rowCountAfter: Int) throws(BatchUpdateViolation) {
        guard rowCountBefore >= 0 else { throw .negativeRowCount(rowCountBefore) }
        guard rowCountAfter >= 0 else { throw .negativeRowCount(rowCountAfter) }
        var old: [(range: Range<Int>, kind: OldKind)] = []
        old.reserveCapacity(deletions.count + reloads.count + moves.count)
        for range in deletions where !range.isEmpty {
            if let bad = Self.outside(range, 0..<rowCountBefore) {
                throw .deletionOutOfRange(index: bad, rowCountBefore: rowCountBefore)
            }
            old.append((range, .delete))
        }
        for range in reloads where !range.isEmpty {
            if let bad = Self.outside(range, 0..<rowCountBefore) {
                throw .reloadOutOfRange(index: bad, rowCountBefore: rowCountBefore)
            }
            old.append((range, .reload))
        }
        var new: [(range: Range<Int>, kind: NewKind)] = []
        new.reserveCapacity(insertions.count + moves.count)
        for move in moves {
            guard (0..<rowCountBefore).contains(move.from) else {
                throw .moveSourceOutOfRange(index: move.from, rowCountBefore: rowCountBefore)
            }
            guard (0..<rowCountAfter).contains(move.to) else {
                throw .moveDestinationOutOfRange(index: move.to, rowCountAfter: rowCountAfter)
            }
            old.append((move.from..<move.from + 1, .move))
            new.append((move.to..<move.to + 1, .move))
        }
        for range in insertions where !range.isEmpty {
            if let bad = Self.outside(range, 0..<rowCountAfter) {
                throw .insertionOutOfRange(index: bad, rowCountAfter: rowCountAfter)
            }
            new.append((range, .insert))
        }
        if let (index, first, second) = Self.firstOverlap(old) {
            switch (min(first, second), max(first, second)) {
            case (.delete, .delete): throw .rowDeletedTwice(index: index)
            case (.delete, .reload): throw .deleteAndReload(index: index)
            case (.delete, .move): throw .deleteAndMove(index: index)
            case (.reload, .reload): throw .rowReloadedTwice(index: index)
            case (.reload, .move): throw .reloadAndMove(index: index)
            default: throw .rowMovedTwice(index: index)
            }
        }
        if let (index, first, second) = Self.firstOverlap(new) {
            switch (min(first, second), max(first, second)) {
            case (.insert, .insert): throw .overlappingInsertions(index: index)
            case (.insert, .move): throw .insertAndMove(index: index)
            default: throw .twoMovesToSameRow(index: index)
            }
        }
        if !moves.isEmpty && reloads.contains(where: { !$0.isEmpty }) { throw .reloadsWithMoves }
        let inserted = insertions.reduce(0) { $0 + $1.count }
        let deleted = deletions.reduce(0) { $0 + $1.count }
        guard rowCountAfter == rowCountBefore + inserted - deleted else {
            throw .rowCountMismatch(before: rowCountBefore, after: rowCountAfter, inserted: inserted, deleted: deleted)
        }
    }

    /// What names an old row.
    private enum OldKind: Int, Comparable {
        case delete, reload, move
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// What names a new row.
    private enum NewKind: Int, Comparable {
        case insert, move
        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// The first index of `range` outside `bounds`, if any.
    private static func outside(_ range: Range<Int>, _ bounds: Range<Int>) -> Int? {
        if range.lowerBound < bounds.lowerBound { return range.lowerBound }
        if range.upperBound > bounds.upperBound { return max(range.lowerBound, bounds.upperBound) }
        return nil
    }

    /// The first index named by two of the ranges, with the kinds of both.
    private static func firstOverlap<Kind: Comparable>(_ items: [(range: Range<Int>, kind: Kind)]) -> (Int, Kind, Kind)? {
        let sorted = items.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var coveredEnd = Int.min
        var coveringKind: Kind?
        for item in sorted {
            // The range reaching furthest so far contains item's start if anything does.
            if let kind = coveringKind, item.range.lowerBound < coveredEnd {
                return (item.range.lowerBound, kind, item.kind)
            }
            if item.range.upperBound > coveredEnd {
                coveredEnd = item.range.upperBound
                coveringKind = item.kind
            }
        }
        return nil
    }
}
