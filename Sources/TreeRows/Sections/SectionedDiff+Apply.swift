/// One section of a sectioned list: its header and its rows.
public struct ListSection<Element: Hashable>: Hashable {
    public var header: Element
    public var rows: [Element]

    @inlinable
    public init(header: Element, rows: [Element]) {
        self.header = header
        self.rows = rows
    }

    /// The sections of flat rows: each depth-0 row heads the rows after it.
    ///
    /// - Complexity: O(*r*).
    @inlinable
    public static func sections(of rows: [Row]) -> [ListSection<Row>] {
        var sections: [ListSection<Row>] = []
        for row in rows {
            if row.depth == 0 { sections.append(ListSection<Row>(header: row, rows: [])) } else { sections[sections.count - 1].rows.append(row) }
        }
        return sections
    }
}

extension SectionedDiff {
    /// Applies the update to `old` the way UIKit performs a sectioned batch update.
    ///
    /// Deleted and moved-out sections leave; inserted sections come whole from
    /// `insertedSection` (by new index), as do reloaded ones (at their new place); moved
    /// sections keep their rows. Within every section that stays, deleted and moved-out rows
    /// leave, inserted rows come from `insertedRow` and moved rows from their old place, at
    /// their new paths, and the other rows fill the remaining places in order; reloaded
    /// ones among them take their content from `insertedRow` at the place they land on.
    ///
    /// - Throws: The ``SectionedBatchUpdateViolation`` UIKit would raise.
    /// - Complexity: O(*r* + *S* + *k*).
    @inlinable
    public func apply<Element: Hashable>(
        to old: [ListSection<Element>], rowCountsAfter: [Int],
        insertedSection: (Int) -> ListSection<Element>, insertedRow: (RowPath) -> Element
    ) throws(SectionedBatchUpdateViolation) -> [ListSection<Element>] {
        try validate(rowCountsBefore: old.map { $0.rows.count }, rowCountsAfter: rowCountsAfter)
        let newSection = Self.sectionMapping(oldCount: old.count, newCount: rowCountsAfter.count, deleted: deletedSections,
                                             inserted: insertedSections, moved: movedSections)
        var oldOfNew = [Int](repeating: -1, count: rowCountsAfter.count)
        for (oldIndex, newIndex) in newSection.enumerated() where newIndex >= 0 { oldOfNew[newIndex] = oldIndex }
        let reloaded = Set(reloadedSections)
        // Rows leaving each old section, and rows arriving at each new one.
        var leaving = old.map { [Bool](repeating: false, count: $0.rows.count) }
        for range in deletedRows { for row in range.rows { leaving[range.section][row] = true } }
        // Reloaded rows take their content from the data source at the place they land on.
        var reloading = old.map { _ in [Bool]() }
        for range in reloadedRows {
            if reloading[range.section].isEmpty { reloading[range.section] = [Bool](repeating: false, count: old[range.section].rows.count) }
            for row in range.rows { reloading[range.section][row] = true }
        }
        var arriving = rowCountsAfter.map { [Element?](repeating: nil, count: $0) }
        for range in insertedRows { for row in range.rows { arriving[range.section][row] = insertedRow(RowPath(section: range.section, row: row)) } }
        for move in movedRows {
            leaving[move.from.section][move.from.row] = true
            arriving[move.to.section][move.to.row] = old[move.from.section].rows[move.from.row]
        }
        var result: [ListSection<Element>] = []
        for newIndex in rowCountsAfter.indices {
            let oldIndex = oldOfNew[newIndex]
            guard oldIndex >= 0, !reloaded.contains(oldIndex) else {
                result.append(insertedSection(newIndex))
                continue
            }
            var rows = arriving[newIndex]
            var slot = 0
            for (row, element) in old[oldIndex].rows.enumerated() where !leaving[oldIndex][row] {
                while rows[slot] != nil { slot += 1 }
                rows[slot] = reloading[oldIndex].isEmpty || !reloading[oldIndex][row]
                    ? element : insertedRow(RowPath(section: newIndex, row: slot))
            }
            result.append(ListSection(header: old[oldIndex].header, rows: rows.map { $0! }))
        }
        return result
    }
}
