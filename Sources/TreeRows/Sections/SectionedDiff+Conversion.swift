extension SectionedDiff {
    /// The sectioned form of a flat diff between rows laid out as `before` and `after`.
    ///
    /// A header row deleted, inserted or reloaded is its section deleted, inserted or
    /// reloaded (a reloaded section's rows are not reloaded again). Without moves, every other range is split at section boundaries
    /// and renumbered within its section. With moves (a sort), sections and rows are
    /// matched through the flat diff and the fewest section moves and row moves within
    /// sections are found by longest increasing subsequences, as in the flat diff.
    ///
    /// - Complexity: O(*k* log *S*) for *k* ranges and *S* sections without moves; O(*r*
    ///   log *r*) for *r* rows with moves.
    public init(flat diff: RowDiff, before: SectionLayout, after: SectionLayout) {
        self.init()
        if diff.moves.isEmpty {
            self.init(unmoved: diff, before: before, after: after)
        } else {
            self.init(moved: diff, before: before, after: after)
        }
        (reloadedSections, reloadedRows) = Self.split(diff.reloads, in: before)
        // A reloaded section brings all its rows anew; reloading rows in it too is an
        // update UIKit rejects (reloading every row, a sort's reloadData, did that).
        if !reloadedSections.isEmpty && !reloadedRows.isEmpty {
            let whole = Set(reloadedSections)
            reloadedRows.removeAll { whole.contains($0.section) }
        }
    }

    /// The section headers and the runs of other rows of every range of `ranges`, together.
    static func split(_ ranges: RangeList, in layout: SectionLayout) -> (headers: [Int], runs: [RowRange]) {
        var result: (headers: [Int], runs: [RowRange]) = ([], [])
        for range in ranges {
            let (headers, runs) = split(range, in: layout)
            result.headers += headers
            result.runs += runs
        }
        return result
    }

    /// The section headers in `range` (as section indices) and the runs of other rows in
    /// it (as rows of their sections).
    static func split(_ range: Range<Int>, in layout: SectionLayout) -> (headers: [Int], runs: [RowRange]) {
        var headers: [Int] = []
        var runs: [RowRange] = []
        guard !range.isEmpty else { return (headers, runs) }
        var index = range.lowerBound
        var section = layout.section(containing: index)
        while index < range.upperBound {
            let header = layout.headerRows[section]
            if index == header {
                headers.append(section)
                index += 1
            }
            let sectionEnd = section + 1 < layout.sectionCount ? layout.headerRows[section + 1] : layout.flatRowCount
            let end = min(range.upperBound, sectionEnd)
            if index < end { runs.append(RowRange(section: section, rows: index - header - 1..<end - header - 1)) }
            index = end
            if index == sectionEnd { section += 1 }
        }
        return (headers, runs)
    }

    private init(unmoved diff: RowDiff, before: SectionLayout, after: SectionLayout) {
        self.init()
        let deletedRuns: [RowRange]
        (deletedSections, deletedRuns) = Self.split(diff.deletions, in: before)
        let deleted = Set(deletedSections)
        deletedRows = deletedRuns.filter { !deleted.contains($0.section) }
        let insertedRuns: [RowRange]
        (insertedSections, insertedRuns) = Self.split(diff.insertions, in: after)
        let inserted = Set(insertedSections)
        insertedRows = insertedRuns.filter { !inserted.contains($0.section) }
    }

    private init(moved diff: RowDiff, before: SectionLayout, after: SectionLayout) {
        self.init()
        // Where each old row went (-1: deleted), by UIKit's rules for the flat diff.
        var leaves = [Bool](repeating: false, count: before.flatRowCount)
        for index in diff.deletedIndices { leaves[index] = true }
        var taken = [Bool](repeating: false, count: after.flatRowCount)
        for index in diff.insertedIndices { taken[index] = true }
        var newIndex = [Int](repeating: -1, count: before.flatRowCount)
        for move in diff.moves {
            leaves[move.from] = true
            taken[move.to] = true
            newIndex[move.from] = move.to
        }
        var slot = 0
        for index in 0..<before.flatRowCount where !leaves[index] {
            while taken[slot] { slot += 1 }
            newIndex[index] = slot
            slot += 1
        }
        // Sections: matched through their headers.
        var newSection = [Int](repeating: -1, count: before.sectionCount)
        var reached = [Bool](repeating: false, count: after.sectionCount)
        var survivors: [(old: Int, new: Int)] = []
        for (section, header) in before.headerRows.enumerated() {
            guard newIndex[header] >= 0 else {
                deletedSections.append(section)
                continue
            }
            newSection[section] = after.section(containing: newIndex[header])
            reached[newSection[section]] = true
            survivors.append((section, newSection[section]))
        }
        insertedSections = after.headerRows.indices.filter { !reached[$0] }
        let staying = RowDiff.longestIncreasingRun(survivors.map { $0.new })
        movedSections = survivors.indices.filter { !staying[$0] }.map { RowMove(from: survivors[$0].old, to: survivors[$0].new) }
        // Rows: per section, the kept rows in old order; the rest is deleted or inserted.
        var kept = [[(old: Int, new: Int)]](repeating: [], count: before.sectionCount)
        var arrived = [Bool](repeating: false, count: after.flatRowCount)
        var builder = RowDiffBuilder()  // deleted rows, as flat old indices
        for index in 0..<before.flatRowCount {
            guard let path = before.path(ofRow: index) else { continue }
            guard newIndex[index] >= 0 else {
                if newSection[path.section] >= 0 { builder.delete(index) }
                continue
            }
            arrived[newIndex[index]] = true
            guard let target = after.path(ofRow: newIndex[index]) else { continue }
            if target.section == newSection[path.section] {
                kept[path.section].append((path.row, target.row))
            } else {
                movedRows.append(RowPathMove(from: path, to: target))
            }
        }
        deletedRows = Self.split(builder.diff.deletions, in: before).runs
        for (section, pairs) in kept.enumerated() where !pairs.isEmpty {
            let stayingRows = RowDiff.longestIncreasingRun(pairs.map { $0.new })
            for (k, pair) in pairs.enumerated() where !stayingRows[k] {
                movedRows.append(RowPathMove(from: RowPath(section: section, row: pair.old),
                                             to: RowPath(section: newSection[section], row: pair.new)))
            }
        }
        var insertions = RowDiffBuilder()
        let inserted = Set(insertedSections)
        for index in 0..<after.flatRowCount where !arrived[index] {
            if let path = after.path(ofRow: index), !inserted.contains(path.section) { insertions.insert(index) }
        }
        insertedRows = Self.split(insertions.diff.insertions, in: after).runs
    }
}
