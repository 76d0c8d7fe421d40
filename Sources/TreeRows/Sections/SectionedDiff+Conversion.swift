extension SectionedDiff {
    /// The sectioned form of a flat diff between rows laid out as `before` and `after`.
    ///
    /// A header row deleted, inserted or reloaded is its section deleted, inserted or
    /// reloaded (a reloaded section's rows are not reloaded again). Without moves, every other range is split at section boundaries
    /// and renumbered within its section. With moves (a sort), sections and rows are
    /// matched through the flat diff and the fewest section moves and row moves within
    /// sections are found by longest increasing subsequences, as in the flat diff.
    ///
    /// A diff that breaks UIKit's rules for these row counts is converted as far as it
    /// fits: its moves are left out when any list breaks them, and a list whose ranges are
    /// not ascending, apart and within the rows is left out too.
    ///
    /// - Complexity: O(*k* log *S*) for *k* ranges and *S* sections without moves; O(*r*
    ///   log *r*) for *r* rows with moves.
    public init(flat diff: RowDiff, before: SectionLayout, after: SectionLayout) {
        self.init()
        if !diff.moves.isEmpty && (try? diff.validate(rowCountBefore: before.flatRowCount, rowCountAfter: after.flatRowCount)) != nil {
            self.init(moved: diff, before: before, after: after)
        } else {
            if diff.deletions.fits(in: before.flatRowCount) { takeDeletions(of: diff, in: before) }
            if diff.insertions.fits(in: after.flatRowCount) { takeInsertions(of: diff, in: after) }
        }
        if diff.reloads.fits(in: before.flatRowCount) { takeReloads(of: diff, in: before) }
        dropRowsOfWholeSections()
    }

    /// Empties every list, keeping its storage, so that filling it again allocates nothing.
    ///
    /// - Complexity: O(1).
    public mutating func removeAll() {
        deletedSections.removeAll(keepingCapacity: true)
        insertedSections.removeAll(keepingCapacity: true)
        movedSections.removeAll(keepingCapacity: true)
        reloadedSections.removeAll(keepingCapacity: true)
        deletedRows.removeAll(keepingCapacity: true)
        insertedRows.removeAll(keepingCapacity: true)
        movedRows.removeAll(keepingCapacity: true)
        reloadedRows.removeAll(keepingCapacity: true)
    }

    /// Appends the section headers in `ranges` (as section indices) to `headers` and the
    /// runs of other rows in them (as rows of their sections) to `runs`.
    ///
    /// - Complexity: O(*s* · *q*) for *s* sections met and *q* the cost of a lookup.
    static func split<Layout: SectionLookup>(_ ranges: RangeList, in layout: Layout, headers: inout [Int], runs: inout [RowRange]) {
        for range in ranges where !range.isEmpty {
            var index = range.lowerBound
            var section = layout.section(containing: index)
            while index < range.upperBound {
                let rows = layout.flatRows(ofSection: section)
                let header = rows.lowerBound
                if index == header {
                    headers.append(section)
                    index += 1
                }
                let end = min(range.upperBound, rows.upperBound)
                if index < end { runs.append(RowRange(section: section, rows: index - header - 1..<end - header - 1)) }
                index = end
                if index == rows.upperBound { section += 1 }
            }
        }
    }

    /// The deleted sections and rows of `diff`, split in `before`, appended; rows of
    /// deleted sections stay until ``dropRowsOfWholeSections()``.
    mutating func takeDeletions<Layout: SectionLookup>(of diff: RowDiff, in before: Layout) {
        Self.split(diff.deletions, in: before, headers: &deletedSections, runs: &deletedRows)
    }

    /// The inserted sections and rows of `diff`, split in `after`, appended.
    mutating func takeInsertions<Layout: SectionLookup>(of diff: RowDiff, in after: Layout) {
        Self.split(diff.insertions, in: after, headers: &insertedSections, runs: &insertedRows)
    }

    /// The reloaded sections and rows of `diff`, split in `before`, appended.
    mutating func takeReloads<Layout: SectionLookup>(of diff: RowDiff, in before: Layout) {
        Self.split(diff.reloads, in: before, headers: &reloadedSections, runs: &reloadedRows)
    }

    /// Drops the row changes in deleted, inserted and reloaded sections: a deleted section
    /// takes its rows along, an inserted one brings them, and a reloaded one brings all its
    /// rows anew (reloading rows in it too is an update UIKit rejects; reloading every row,
    /// a sort's reloadData, did that).
    ///
    /// - Complexity: O(1) when no section is deleted, inserted or reloaded.
    mutating func dropRowsOfWholeSections() {
        Self.drop(&deletedRows, in: deletedSections)
        Self.drop(&insertedRows, in: insertedSections)
        Self.drop(&reloadedRows, in: reloadedSections)
    }

    /// Removes the runs in one of `sections`.
    ///
    /// - Complexity: O(*r* · *s*) for *r* runs and *s* ≤ 8 sections (an edit deletes or
    ///   inserts one or two, and a set would allocate on every such edit), else O(*r* + *s*).
    private static func drop(_ runs: inout [RowRange], in sections: [Int]) {
        guard !sections.isEmpty && !runs.isEmpty else { return }
        guard sections.count > 8 else {
            runs.removeAll { sections.contains($0.section) }
            return
        }
        let whole = Set(sections)
        runs.removeAll { whole.contains($0.section) }
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
        var ignored: [Int] = []
        Self.split(builder.diff.deletions, in: before, headers: &ignored, runs: &deletedRows)
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
        Self.split(insertions.diff.insertions, in: after, headers: &ignored, runs: &insertedRows)
    }
}
