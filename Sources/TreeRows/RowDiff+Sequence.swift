extension RowDiff {
    /// The one batch update that does what `steps` do one after another, for changes made
    /// of smaller ones (an accordion expand collapses siblings first; a page of replies is
    /// several inserts).
    ///
    /// Each step applies to the rows the previous one left. Every step must be made of
    /// deletions only or insertions only (no moves, no reloads), and all the deleting steps
    /// must come before all the inserting ones: then the deletions can be named in the
    /// first step's old indices and the insertions in the last step's new indices, which is
    /// what a batch update wants.
    ///
    /// - Returns: A normalized diff.
    /// - Complexity: O(*k*²), where *k* is the number of ranges in all steps.
    public static func sequence(_ steps: [RowDiff]) -> RowDiff {
        var deletions: [Range<Int>] = []
        var insertions: [Range<Int>] = []
        for step in steps where !step.isEmpty {
            precondition(step.moves.isEmpty && step.reloads.allSatisfy(\.isEmpty), "a sequenced step has moves or reloads: \(step)")
            let deletes = step.deletions.array.filter { !$0.isEmpty }
            let inserts = step.insertions.array.filter { !$0.isEmpty }
            precondition(deletes.isEmpty || inserts.isEmpty, "a sequenced step both deletes and inserts: \(step)")
            if !deletes.isEmpty {
                precondition(insertions.isEmpty, "a deleting step follows an inserting one")
                // This step's indices skip the rows deleted so far.
                let mapped = deletes.flatMap { spread($0, around: deletions) }
                deletions = merged(deletions + mapped)
            } else {
                // The earlier insertions move past the rows this step inserts before them.
                let mapped = insertions.flatMap { spread($0, around: inserts) }
                insertions = merged(inserts + mapped)
            }
        }
        return RowDiff(deletions: RangeList(deletions), insertions: RangeList(insertions))
    }

    /// The indices of `range` counted in the list with `holes` taken out, as indices of the
    /// full list: the *m*-th index outside the holes, for each *m* in `range`.
    ///
    /// - Parameter holes: Sorted, disjoint ranges.
    static func spread(_ range: Range<Int>, around holes: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        var remaining = range.count
        var skipped = 0  // hole sizes before the current position
        for hole in holes {
            guard remaining > 0 else { break }
            // Indices before this hole, in the list without holes: up to hole.lower - skipped.
            let gapEnd = hole.lowerBound - skipped
            if start < gapEnd {
                let taken = min(remaining, gapEnd - start)
                result.append(start + skipped..<start + skipped + taken)
                start += taken
                remaining -= taken
            }
            skipped += hole.count
        }
        if remaining > 0 { result.append(start + skipped..<start + skipped + remaining) }
        return result
    }

    /// Sorted, disjoint, non-adjacent ranges covering the same indices as `ranges` (which
    /// must not overlap).
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = result.last, last.upperBound == range.lowerBound {
                result[result.count - 1] = last.lowerBound..<range.upperBound
            } else {
                result.append(range)
            }
        }
        return result
    }
}
