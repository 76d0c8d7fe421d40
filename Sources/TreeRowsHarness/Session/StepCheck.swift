import TreeRows

/// The checks made after every operation on a strategy running beside the reference.
package enum StepCheck {
    /// The row count, and the diff: it passes the validator, turns the old rows into the
    /// new ones and, given the reference's diff, reloads what it reloads and deletes as many
    /// rows.
    ///
    /// - Complexity: O(*r* + *k* log *k*) plus a ``RowStrategy/rows(in:)`` call per inserted range.
    package static func checkDiff<S: RowStrategy>(
        _ strategy: S, diff: RowDiff, referenceDiff: RowDiff?, oldRows: [Row], newRows: [Row]
    ) -> StepDisagreement? {
        guard strategy.rowCount == newRows.count else {
            return StepDisagreement(.rowCount, "row count \(strategy.rowCount), reference \(newRows.count)",
                                    expected: String(newRows.count), found: String(strategy.rowCount))
        }
        do {
            // Inserted and reloaded rows come from rows(in:), a window at a time (they are
            // asked in ascending runs): a row(at:) per row costs O(depth) or O(fan-out) each
            // in the count strategies, hours for a million rows of a chain.
            try diff.validate(rowCountBefore: oldRows.count, rowCountAfter: strategy.rowCount)
            var window: Range<Int> = 0..<0
            var windowRows: [Row] = []
            let applied = try diff.apply(to: oldRows, rowCountAfter: strategy.rowCount) { index in
                if !window.contains(index) {
                    window = index..<min(strategy.rowCount, index + 4_096)
                    windowRows = strategy.rows(in: window)
                }
                return windowRows[index - window.lowerBound]
            }
            if applied != newRows {
                let at = zip(applied, newRows).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(applied.count, newRows.count)
                return StepDisagreement(.diff, "diff \(brief(diff)) applied to the old rows differs from the new rows at row \(at)",
                                        expected: newRows.indices.contains(at) ? "\(newRows[at])" : "no row",
                                        found: applied.indices.contains(at) ? "\(applied[at])" : "no row")
            }
        } catch {
            return StepDisagreement(.diff, "diff \(brief(diff)) rejected: \(error)")
        }
        guard let referenceDiff else { return nil }
        if diff.reloads != referenceDiff.reloads && Set(diff.reloadedIndices) != Set(referenceDiff.reloadedIndices) {
            return StepDisagreement(.reloads, "reloads \(diff.reloads), reference \(referenceDiff.reloads)",
                                    expected: "\(referenceDiff.reloads)", found: "\(diff.reloads)")
        }
        if diff.deletedCount != referenceDiff.deletedCount {
            return StepDisagreement(.deletions, "diff \(brief(diff)) deletes \(diff.deletedCount) rows and inserts \(diff.insertedCount);"
                + " the reference \(referenceDiff.deletedCount) and \(referenceDiff.insertedCount) (rows that stay must not be deleted and inserted)",
                expected: String(referenceDiff.deletedCount), found: String(diff.deletedCount))
        }
        return nil
    }

    /// `row(at: row)` against the reference's row there.
    ///
    /// - Complexity: what the strategy's `row(at:)` costs.
    package static func checkRow<S: RowStrategy>(_ strategy: S, at row: Int, expected: Row) -> StepDisagreement? {
        let found = strategy.row(at: row)
        return found == expected ? nil
            : StepDisagreement(.rows, "row(at: \(row)) is \(found), reference \(expected)", expected: "\(expected)", found: "\(found)")
    }

    /// `index(of: node)` against the reference's row of the node (`nil` when it is hidden).
    ///
    /// - Complexity: what the strategy's `index(of:)` costs.
    package static func checkIndex<S: RowStrategy>(_ strategy: S, of node: NodeIndex, expected: Int?) -> StepDisagreement? {
        let found = strategy.index(of: node)
        let wanted = expected.map(String.init) ?? "nil (a hidden node)"
        return found == expected ? nil
            : StepDisagreement(.index, "index(of: \(node)) is \(describe(found)), reference \(wanted)", expected: wanted, found: describe(found))
    }

    /// `offset(ofRow: row)` against the sum of the heights above the row.
    ///
    /// - Complexity: what the strategy's `offset(ofRow:)` costs.
    package static func checkOffset<S: RowStrategy>(_ strategy: S, ofRow row: Int, expected: Int) -> StepDisagreement? {
        let found = strategy.offset(ofRow: row)
        return found == expected ? nil
            : StepDisagreement(.heights, "offset(ofRow: \(row)) is \(found), expected \(expected)", expected: String(expected), found: String(found))
    }

    /// `row(atOffset: offset)` against the row covering it (`nil` outside the content).
    ///
    /// - Complexity: what the strategy's `row(atOffset:)` costs.
    package static func checkRow<S: RowStrategy>(_ strategy: S, atOffset offset: Int, expected: Int?) -> StepDisagreement? {
        let found = strategy.row(atOffset: offset)
        let wanted = expected.map(String.init) ?? "nil (outside the content)"
        return found == expected ? nil
            : StepDisagreement(.heights, "row(atOffset: \(offset)) is \(describe(found)), expected \(wanted)", expected: wanted, found: describe(found))
    }

    /// Every row of `strategy` against `rows`, read in slices of 65,536 so that its rows
    /// never sit whole beside them (at 1e8 rows an array is 800 MB).
    ///
    /// - Complexity: O(*r*) for *r* rows, and what `rows(in:)` costs per slice.
    package static func checkRows<S: RowStrategy>(_ strategy: S, _ rows: [Row]) -> StepDisagreement? {
        guard strategy.rowCount == rows.count else {
            return StepDisagreement(.rowCount, "row count \(strategy.rowCount), reference \(rows.count)",
                                    expected: String(rows.count), found: String(strategy.rowCount))
        }
        let slice = 1 << 16
        for start in stride(from: 0, to: rows.count, by: slice) {
            let range = start..<min(rows.count, start + slice)
            if let wrong = checkRows(strategy, in: range, expected: rows[range]) { return wrong }
        }
        return nil
    }

    /// Every row, every node, every offset, the sections and the invariants: `row(at:)`
    /// and `index(of:)` of every row, `index(of:)` = nil for every live node that is not a
    /// row, the offset of every row, the total height, `row(atOffset:)` at the top, bottom,
    /// midpoint and an inner point of every row and outside the content, `rows(in:)` on the whole list and a
    /// window, the section layout and diff, and `checkInvariants()`. The diff itself is
    /// ``checkDiff(_:diff:referenceDiff:oldRows:newRows:)``'s.
    ///
    /// - Complexity: O(*s* + *r* · cost of `row(at:)` and `index(of:)`), for *r* rows and *s* slots.
    static func checkEveryRow<S: RowStrategy>(_ strategy: S, diff: RowDiff, oldRows: [Row], newRows: [Row]) -> StepDisagreement? {
        let tree = strategy.tree  // once: each access through the protocol copies the tree's arrays
        if let problem = checkHeights(strategy, rows: newRows, tree: tree) { return problem }
        if let problem = checkSections(strategy, diff: diff, oldRows: oldRows, newRows: newRows) { return problem }
        var isRow = [Bool](repeating: false, count: tree.slotCount)
        for (index, expected) in newRows.enumerated() {
            if let wrong = checkRow(strategy, at: index, expected: expected) ?? checkIndex(strategy, of: expected.node, expected: index) {
                return wrong
            }
            isRow[expected.node.slot] = true
        }
        // rows(in:) on the whole list and on a window in the middle.
        if let wrong = checkRows(strategy, in: 0..<newRows.count, expected: newRows) { return wrong }
        let window = newRows.count / 3..<(2 * newRows.count + 2) / 3
        if let wrong = checkRows(strategy, in: window, expected: newRows[window]) { return wrong }
        for slot in 1..<tree.slotCount where !isRow[slot] {
            let node = NodeIndex(Int32(slot))
            if tree.contains(node), let wrong = checkIndex(strategy, of: node, expected: nil) { return wrong }
        }
        return checkInvariants(strategy)
    }

    /// `checkInvariants()`.
    static func checkInvariants<S: RowStrategy>(_ strategy: S) -> StepDisagreement? {
        do { try strategy.checkInvariants() } catch { return StepDisagreement(.invariants, "invariant broken: \(error)") }
        return nil
    }

    /// `row(at:)` and `index(of:)` on sampled rows and on sampled nodes with their rows in
    /// the reference (`nil` for a hidden node).
    ///
    /// - Complexity: one `row(at:)` and `index(of:)` per sample.
    package static func probe<S: RowStrategy>(
        _ strategy: S, rows sampledRows: [Int], nodes sampledNodes: [(node: NodeIndex, row: Int?)], newRows: [Row]
    ) -> StepDisagreement? {
        for row in sampledRows {
            if let wrong = checkRow(strategy, at: row, expected: newRows[row]) ?? checkIndex(strategy, of: newRows[row].node, expected: row) {
                return wrong
            }
        }
        for (node, row) in sampledNodes {
            if let wrong = checkIndex(strategy, of: node, expected: row) { return wrong }
        }
        return nil
    }

    /// The strategy's tree against the reference's, slot by slot: the same live nodes with
    /// the same ids, parents, sibling order, expanded flags, fields and heights (the
    /// contract: two strategies given the same operations hold equal trees).
    ///
    /// - Complexity: O(*s*) for *s* slots.
    package static func checkTree(_ tree: Tree, reference: Tree) -> StepDisagreement? {
        guard tree.slotCount == reference.slotCount, tree.nodeCount == reference.nodeCount else {
            return StepDisagreement(.tree, "its tree has \(tree.nodeCount) nodes in \(tree.slotCount) slots, the reference's \(reference.nodeCount) in \(reference.slotCount)",
                                    expected: "\(reference.nodeCount) nodes in \(reference.slotCount) slots",
                                    found: "\(tree.nodeCount) nodes in \(tree.slotCount) slots")
        }
        for slot in 0..<tree.slotCount {
            let node = NodeIndex(Int32(slot))
            let live = tree.contains(node)
            guard live == reference.contains(node) else {
                return StepDisagreement(.tree, "its tree has \(node) \(live ? "live" : "removed"), the reference's not")
            }
            guard live || slot == 0 else { continue }
            if !sameNode(node, in: tree, as: reference) { return StepDisagreement(.tree, "its tree differs from the reference's at \(node)\(slot > 0 ? " (\(reference.id(of: node)))" : "")") }
        }
        return nil
    }

    /// Whether `node` (or the root) has the same links, state and fields in both trees.
    /// Conditions, not `||` and `&&`: each of their autoclosures would copy both trees in a
    /// debug build, for every node of every checked step.
    ///
    /// - Complexity: O(1).
    private static func sameNode(_ node: NodeIndex, in tree: Tree, as reference: Tree) -> Bool {
        guard tree.firstChild(of: node) == reference.firstChild(of: node), tree.nextSibling(of: node) == reference.nextSibling(of: node)
        else { return false }
        guard node != Tree.root else { return true }
        guard tree.parent(of: node) == reference.parent(of: node), tree.isExpanded(node) == reference.isExpanded(node),
              tree.id(of: node) == reference.id(of: node), tree.time(of: node) == reference.time(of: node),
              tree.score(of: node) == reference.score(of: node), tree.height(of: node) == reference.height(of: node)
        else { return false }
        return true
    }

    static func describe(_ index: Int?) -> String { index.map(String.init) ?? "nil" }

    /// A diff's description, cut at 300 characters (a sort of a million rows has a million moves).
    static func brief(_ diff: some CustomStringConvertible) -> String {
        let text = diff.description
        return text.count <= 300 ? text : text.prefix(300) + "… (\(text.count) characters)"
    }

    /// The section layout against the new rows' depth-0 rows, the ``SectionIndex`` of the
    /// old rows after following the diff against it too, and the diff in sections: it
    /// passes the sectioned validator and, applied to the old rows in sections, gives the
    /// new rows in sections.
    package static func checkSections<S: RowStrategy>(_ strategy: S, diff: RowDiff, oldRows: [Row], newRows: [Row]) -> StepDisagreement? {
        let after = strategy.sectionLayout()
        let expected = SectionLayout(rows: newRows)
        if let wrong = checkLayout(after, expected: expected, "sectionLayout()") { return wrong }
        var index = SectionIndex(SectionLayout(rows: oldRows))
        let sectioned = index.follow(diff, in: strategy)
        let followed = index.layout
        guard index.misfits == 0 else {
            return StepDisagreement(.sections, "the section index could not follow the diff \(brief(diff)); it was rebuilt")
        }
        if let wrong = checkLayout(followed, expected: expected, "the section index after the diff") { return wrong }
        if internalChecksEnabled {
            do { try index.checkInvariants() } catch { return StepDisagreement(.sections, "the section index: \(error)") }
        }
        let newSections = ListSection<Row>.sections(of: newRows)
        do {
            let applied = try sectioned.apply(
                to: ListSection<Row>.sections(of: oldRows), rowCountsAfter: after.rowCounts,
                insertedSection: { newSections[$0] }, insertedRow: { newSections[$0.section].rows[$0.row] })
            if let difference = firstDifference(applied, newSections) {
                return StepDisagreement(.sections, "sectioned diff \(brief(sectioned)) applied to the old sections differs from the new ones at section \(difference.position)",
                                        expected: brief(difference.expected), found: brief(difference.found))
            }
        } catch {
            return StepDisagreement(.sections, "sectioned diff \(brief(sectioned)) rejected: \(error)")
        }
        return nil
    }

    /// Offsets, total height and `row(atOffset:)` against sums of `tree`'s heights.
    package static func checkHeights<S: RowStrategy>(_ strategy: S, rows: [Row], tree: Tree) -> StepDisagreement? {
        var top = 0
        for (index, row) in rows.enumerated() {
            let height = Int(tree.height(of: row.node))
            if let wrong = checkOffset(strategy, ofRow: index, expected: top) { return wrong }
            for probe in offsets(inRowAt: top, height: height, salt: UInt64(index)) {
                if let wrong = checkRow(strategy, atOffset: probe, expected: index) { return wrong }
            }
            top += height
        }
        return checkTotals(strategy, rowCount: rows.count, total: top, outside: [-1, top, top + 1])
    }

    /// The offsets inside a row at which `row(atOffset:)` must answer that row: its top, its
    /// midpoint, a point between its top and bottom chosen by `salt`, and its bottom (an
    /// answer wrong only inside rows, at a midpoint say, hides from edge probes).
    ///
    /// - Complexity: O(1).
    package static func offsets(inRowAt top: Int, height: Int, salt: UInt64) -> [Int] {
        guard height > 2 else { return height == 2 ? [top, top + 1] : [top] }
        var random = SplitMix64(seed: salt ^ UInt64(truncatingIfNeeded: top))
        return [top, top + height / 2, top + 1 + random.below(height - 2), top + height - 1]
    }

    /// `offset(ofRow:)` past the last row and `totalHeight` against `total`, and
    /// `row(atOffset:)` = `nil` at the `outside` offsets.
    static func checkTotals<S: RowStrategy>(_ strategy: S, rowCount: Int, total: Int, outside: [Int]) -> StepDisagreement? {
        if strategy.totalHeight != total {
            return StepDisagreement(.heights, "totalHeight is \(strategy.totalHeight), expected \(total)", expected: String(total),
                                    found: String(strategy.totalHeight))
        }
        if let wrong = checkOffset(strategy, ofRow: rowCount, expected: total) { return wrong }
        for probe in outside {
            if let wrong = checkRow(strategy, atOffset: probe, expected: nil) { return wrong }
        }
        return nil
    }
}
