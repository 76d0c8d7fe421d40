extension SectionIndex {
    /// Follows `diff`, the flat diff of an operation `strategy` has just performed, and
    /// returns it in sections.
    ///
    /// Deletions and reloads are split in the layout before (this index as it is), the
    /// deleted rows are taken from their sections' sizes and deleted headers' sections
    /// removed, then the insertions are added in ascending order and split in the layout
    /// after. A row inserted is a new section's header only when it is a top-level node,
    /// so the rows inserted are read (``RowStrategy/rows(in:)``) only when the tree has
    /// more top-level nodes than sections are left: an insert or a page at the top level.
    ///
    /// A diff with moves, or one that reloads every row (a sort), lays every section out
    /// again: the index is rebuilt from `strategy`'s ``RowStrategy/sectionLayout()``. So it
    /// is when the diff does not fit the index (rows beyond its end, a header missing or
    /// left over, a row count unlike the strategy's): the index stays the strategy's, and
    /// the diff in sections is the flat diff's as far as it goes, never a trap.
    ///
    /// - Complexity: O((*k* + *c*) log *S*) for *k* ranges and *c* sections changed, plus
    ///   ``RowStrategy/rows(in:)`` of the insertions when top-level rows were added; with
    ///   moves, O(*r* log *r*) and ``RowStrategy/sectionLayout()``.
    public mutating func follow<S: RowStrategy>(_ diff: RowDiff, in strategy: S) -> SectionedDiff {
        var sectioned = SectionedDiff()
        follow(diff, in: strategy, into: &sectioned)
        return sectioned
    }

    /// ``follow(_:in:)``, writing the diff in sections into `sectioned`, whose storage is
    /// reused: following a toggle this way allocates nothing once the lists have grown.
    ///
    /// - Complexity: that of ``follow(_:in:)``.
    public mutating func follow<S: RowStrategy>(_ diff: RowDiff, in strategy: S, into sectioned: inout SectionedDiff) {
        sectioned.removeAll()
        if !diff.moves.isEmpty || (flatRowCount > 0 && diff.reloads.count == 1 && diff.reloads[0] == 0..<flatRowCount) {
            let before = layout
            let after = strategy.sectionLayout()
            sizes = SectionIndex(after).sizes
            sectioned = SectionedDiff(flat: diff, before: before, after: after)
            return
        }
        defer { sectioned.dropRowsOfWholeSections() }
        guard diff.deletions.fits(in: flatRowCount) && diff.reloads.fits(in: flatRowCount) else {
            rebuild(from: strategy)
            if diff.insertions.fits(in: flatRowCount) { sectioned.takeInsertions(of: diff, in: self) }
            return
        }
        sectioned.takeReloads(of: diff, in: self)
        sectioned.takeDeletions(of: diff, in: self)
        // The tree is read only when sections may come or go (through the protocol, it is a
        // dozen references retained).
        let mayChangeSections = !diff.insertions.isEmpty || !sectioned.deletedSections.isEmpty
        let topLevelCount = mayChangeSections ? strategy.tree.topLevelCount : sectionCount
        if !removeDeleted(sectioned.deletedRows, headers: sectioned.deletedSections)
            || !addInserted(diff.insertions, headers: topLevelCount - sectionCount, of: strategy)
            || flatRowCount != strategy.rowCount || sectionCount != topLevelCount {
            rebuild(from: strategy)
        }
        if diff.insertions.fits(in: flatRowCount) { sectioned.takeInsertions(of: diff, in: self) }
    }

    /// The index of `strategy`'s rows, after a diff that did not fit.
    private mutating func rebuild<S: RowStrategy>(from strategy: S) {
        sizes = SectionIndex(of: strategy).sizes
        misfits += 1
    }

    /// Takes the deleted runs (old rows, headers excluded) from their sections, then
    /// removes the sections of deleted `headers`, from the last; rows of such a section
    /// that stay join the section before. False when there is none.
    private mutating func removeDeleted(_ runs: [SectionedDiff.RowRange], headers: [Int]) -> Bool {
        for run in runs { sizes.add(-run.rows.count, to: run.section) }
        for section in headers.reversed() {
            let left = sizes.remove(at: section) - 1
            guard left == 0 || section > 0 else { return false }
            if left > 0 { sizes.add(left, to: section - 1) }
        }
        return true
    }

    /// Adds the inserted ranges (new rows, ascending) to the sections they fall in, with
    /// `headers` new sections among them, found by reading the rows while some are left.
    /// False when the rows do not fit (a row before every header, headers not found).
    private mutating func addInserted<S: RowStrategy>(_ ranges: RangeList, headers: Int, of strategy: S) -> Bool {
        var headersLeft = headers
        guard headersLeft >= 0 else { return false }
        for range in ranges {
            guard headersLeft > 0 else {
                guard addRun(range) else { return false }
                continue
            }
            var runStart = range.lowerBound
            for (offset, row) in strategy.rows(in: range).enumerated() where row.depth == 0 && headersLeft > 0 {
                let header = range.lowerBound + offset
                guard addRun(runStart..<header) else { return false }
                insertHeader(at: header)
                headersLeft -= 1
                runStart = header + 1
            }
            guard addRun(runStart..<range.upperBound) else { return false }
        }
        return headersLeft == 0
    }

    /// Adds the rows `range` (no header among them) to the section of the row before.
    private mutating func addRun(_ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return true }
        guard range.lowerBound > 0 && range.lowerBound <= flatRowCount else { return false }
        sizes.add(range.count, to: sizes.section(containing: range.lowerBound - 1).section)
        return true
    }

    /// A new section whose header is flat row `row`; the rows of the section it lands in
    /// from `row` on move into it.
    private mutating func insertHeader(at row: Int) {
        guard row < flatRowCount else {
            sizes.insert(size: 1, at: sectionCount)
            return
        }
        let (section, start) = sizes.section(containing: row)
        guard row > start else {
            sizes.insert(size: 1, at: section)
            return
        }
        let tail = sizes.start(of: section).size - (row - start)
        sizes.add(-tail, to: section)
        sizes.insert(size: 1 + tail, at: section + 1)
    }
}
