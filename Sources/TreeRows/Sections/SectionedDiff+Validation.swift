extension SectionedDiff {
    /// Checks the update against UIKit's rules for sections with `rowCountsBefore` rows
    /// before the update and `rowCountsAfter` after it (one entry per section).
    ///
    /// Sections: indices in range, none named twice on a side, and the section count adds
    /// up. Rows: in range of their section, none named twice on a side, none in a deleted,
    /// reloaded or inserted section; and for every section that stays (moved or not), its
    /// new row count is the old one minus deletions and moves out plus insertions and moves
    /// in, as UIKit checks per section.
    ///
    /// - Throws: The first ``SectionedBatchUpdateViolation`` found.
    /// - Complexity: O(*S* + *k*) for *S* sections and *k* changes and rows named.
    public func validate(rowCountsBefore: [Int], rowCountsAfter: [Int]) throws(SectionedBatchUpdateViolation) {
        let oldCount = rowCountsBefore.count
        let newCount = rowCountsAfter.count
        var oldNamed = [Bool](repeating: false, count: oldCount)
        var newNamed = [Bool](repeating: false, count: newCount)
        func nameOld(_ section: Int) throws(SectionedBatchUpdateViolation) {
            guard section >= 0 && section < oldCount else { throw .sectionOutOfRange(section: section, sectionCount: oldCount, old: true) }
            guard !oldNamed[section] else { throw .sectionNamedTwice(section: section, old: true) }
            oldNamed[section] = true
        }
        func nameNew(_ section: Int) throws(SectionedBatchUpdateViolation) {
            guard section >= 0 && section < newCount else { throw .sectionOutOfRange(section: section, sectionCount: newCount, old: false) }
            guard !newNamed[section] else { throw .sectionNamedTwice(section: section, old: false) }
            newNamed[section] = true
        }
        for section in deletedSections { try nameOld(section) }
        for section in reloadedSections { try nameOld(section) }
        for move in movedSections {
            try nameOld(move.from)
            try nameNew(move.to)
        }
        for section in insertedSections { try nameNew(section) }
        guard newCount == oldCount - deletedSections.count + insertedSections.count else {
            throw .sectionCountMismatch(before: oldCount, after: newCount, inserted: insertedSections.count, deleted: deletedSections.count)
        }
        // Where each old section goes (-1: deleted); reloaded sections stay in line like
        // unmoved ones but take no row changes.
        let newSection = Self.sectionMapping(oldCount: oldCount, newCount: newCount, deleted: deletedSections,
                                             inserted: insertedSections, moved: movedSections)
        let reloaded = Set(reloadedSections)
        var replacedNew = Set(insertedSections)
        for section in reloadedSections { replacedNew.insert(newSection[section]) }
        var seenOld = Set<RowPath>()
        var seenNew = Set<RowPath>()
        func checkOld(_ path: RowPath) throws(SectionedBatchUpdateViolation) {
            guard path.section >= 0 && path.section < oldCount else {
                throw .sectionOutOfRange(section: path.section, sectionCount: oldCount, old: true)
            }
            guard newSection[path.section] >= 0 && !reloaded.contains(path.section) else { throw .rowInReplacedSection(path, old: true) }
            guard path.row >= 0 && path.row < rowCountsBefore[path.section] else {
                throw .rowOutOfRange(path, rowCount: rowCountsBefore[path.section], old: true)
            }
            guard seenOld.insert(path).inserted else { throw .rowNamedTwice(path, old: true) }
        }
        func checkNew(_ path: RowPath) throws(SectionedBatchUpdateViolation) {
            guard path.section >= 0 && path.section < newCount else {
                throw .sectionOutOfRange(section: path.section, sectionCount: newCount, old: false)
            }
            guard !replacedNew.contains(path.section) else { throw .rowInReplacedSection(path, old: false) }
            guard path.row >= 0 && path.row < rowCountsAfter[path.section] else {
                throw .rowOutOfRange(path, rowCount: rowCountsAfter[path.section], old: false)
            }
            guard seenNew.insert(path).inserted else { throw .rowNamedTwice(path, old: false) }
        }
        var counts = [(inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)](repeating: (0, 0, 0, 0), count: newCount)
        var oldOfNew = [Int](repeating: -1, count: newCount)
        for (old, new) in newSection.enumerated() where new >= 0 { oldOfNew[new] = old }
        for range in deletedRows where !range.rows.isEmpty {
            for row in range.rows { try checkOld(RowPath(section: range.section, row: row)) }
            counts[newSection[range.section]].deleted += range.rows.count
        }
        for range in reloadedRows {
            for row in range.rows { try checkOld(RowPath(section: range.section, row: row)) }
        }
        for range in insertedRows where !range.rows.isEmpty {
            for row in range.rows { try checkNew(RowPath(section: range.section, row: row)) }
            counts[range.section].inserted += range.rows.count
        }
        for move in movedRows {
            try checkOld(move.from)
            try checkNew(move.to)
            counts[newSection[move.from.section]].movedOut += 1
            counts[move.to.section].movedIn += 1
        }
        for new in 0..<newCount where !replacedNew.contains(new) {
            let old = oldOfNew[new]
            guard old >= 0 else { continue }
            let change = counts[new]
            guard rowCountsAfter[new] == rowCountsBefore[old] + change.inserted - change.deleted + change.movedIn - change.movedOut else {
                throw .rowCountMismatch(section: new, before: rowCountsBefore[old], after: rowCountsAfter[new], inserted: change.inserted,
                                        deleted: change.deleted, movedIn: change.movedIn, movedOut: change.movedOut)
            }
        }
    }

    /// The new index of each old section (-1 if deleted): moved ones where they are sent,
    /// the others in order into the places no insertion or move takes.
    @usableFromInline
    static func sectionMapping(oldCount: Int, newCount: Int, deleted: [Int], inserted: [Int], moved: [RowMove]) -> [Int] {
        var mapping = [Int](repeating: -2, count: oldCount)  // -2: not yet placed
        var taken = [Bool](repeating: false, count: newCount)
        for section in deleted { mapping[section] = -1 }
        for section in inserted { taken[section] = true }
        for move in moved {
            mapping[move.from] = move.to
            taken[move.to] = true
        }
        var slot = 0
        for section in 0..<oldCount where mapping[section] == -2 {
            while slot < newCount && taken[slot] { slot += 1 }
            mapping[section] = slot
            slot += 1
        }
        return mapping
    }
}
