import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// Top-level nodes as sections: layouts, sectioned diffs and the per-section validator.
@Suite struct SectionTests {
    /// Performs `operation` on a strategy made from `notation` and returns the sectioned
    /// diff, after checking it the way the fuzzer does.
    static func sectioned(_ strategy: String, _ notation: String, _ operation: (Tree) -> TreeOperation) throws -> SectionedDiff {
        let tree = TreeNotation.tree(notation)
        var state = try #require(BuiltinStrategies.named(strategy)).init(tree: tree)
        var sections = SectionIndex(of: state)
        let oldRows = state.rows
        let operationValue = operation(tree)
        var copy = state
        let flat = try copy.perform(operationValue)
        let diff = try state.performSectioned(operationValue, sections: &sections)
        #expect(sections.layout == SectionLayout(rows: state.rows))
        #expect(StepCheck.checkSections(state, diff: flat, oldRows: oldRows, newRows: state.rows) == nil)
        return diff
    }

    @Test(arguments: BuiltinStrategies.names)
    func collapsingAReplyIsARowRangeOfItsSection(strategy: String) throws {
        let diff = try Self.sectioned(strategy, "a(b),c(d(e,f))") { .collapse(TreeNotation.node("d", in: $0)) }
        var expected = SectionedDiff()
        expected.deletedRows = [.init(section: 1, rows: 1..<3)]
        #expect(diff == expected)
    }

    @Test("Collapsing a section hides its rows", arguments: BuiltinStrategies.names)
    func collapsingASection(strategy: String) throws {
        let diff = try Self.sectioned(strategy, "a(b),c(d(e,f)),g") { .collapse(TreeNotation.node("c", in: $0)) }
        var expected = SectionedDiff()
        expected.deletedRows = [.init(section: 1, rows: 0..<3)]
        #expect(diff == expected)
    }

    @Test("Top-level inserts and removes are section inserts and deletes", arguments: BuiltinStrategies.names)
    func sectionInsertAndDelete(strategy: String) throws {
        let inserted = try Self.sectioned(strategy, "a(b),c(d)") { _ in .insert("n", under: Tree.root, at: 1) }
        #expect(inserted.insertedSections == [1] && inserted.insertedRows.isEmpty && inserted.deletedRows.isEmpty)
        let removed = try Self.sectioned(strategy, "a(b),c(d)") { .remove(TreeNotation.node("a", in: $0)) }
        #expect(removed.deletedSections == [0] && removed.deletedRows.isEmpty)
        let page = try Self.sectioned(strategy, "a(b),more") {
            .loadPage(["p", "q"], under: Tree.root, before: TreeNotation.node("more", in: $0), removingLoadMoreRow: true)
        }
        #expect(page.deletedSections == [1] && page.insertedSections == [1, 2])
    }

    @Test("A sort moves sections, and rows within them", arguments: BuiltinStrategies.names)
    func sortMovesSections(strategy: String) throws {
        let diff = try Self.sectioned(strategy, "a(b),c(d(x),e(y,z))") { _ in .sort(SiblingOrder(.replies, descending: true)) }
        #expect(diff.movedSections.count == 1 && diff.deletedSections.isEmpty && diff.insertedSections.isEmpty)
        #expect(diff.deletedRows.isEmpty && diff.insertedRows.isEmpty && !diff.movedRows.isEmpty)
    }

    @Test func validatorChecksCountsPerSection() {
        var diff = SectionedDiff()
        diff.insertedRows = [.init(section: 0, rows: 0..<1)]
        // The flat count adds up (3 → 4) but the row went to the wrong section.
        #expect(throws: SectionedBatchUpdateViolation.rowCountMismatch(section: 0, before: 1, after: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)) {
            try diff.validate(rowCountsBefore: [1, 2], rowCountsAfter: [1, 3])
        }
        var inDeleted = SectionedDiff()
        inDeleted.deletedSections = [1]
        inDeleted.deletedRows = [.init(section: 1, rows: 0..<1)]
        #expect(throws: SectionedBatchUpdateViolation.rowInReplacedSection(RowPath(section: 1, row: 0), old: true)) {
            try inDeleted.validate(rowCountsBefore: [1, 2], rowCountsAfter: [1])
        }
        var twice = SectionedDiff()
        twice.deletedSections = [0]
        twice.movedSections = [RowMove(from: 0, to: 0)]
        #expect(throws: SectionedBatchUpdateViolation.sectionNamedTwice(section: 0, old: true)) {
            try twice.validate(rowCountsBefore: [1], rowCountsAfter: [1])
        }
        var sections = SectionedDiff()
        sections.insertedSections = [0]
        #expect(throws: SectionedBatchUpdateViolation.sectionCountMismatch(before: 1, after: 1, inserted: 1, deleted: 0)) {
            try sections.validate(rowCountsBefore: [1], rowCountsAfter: [1])
        }
        var moved = SectionedDiff()
        moved.movedRows = [.init(from: RowPath(section: 0, row: 0), to: RowPath(section: 1, row: 2))]
        #expect(throws: Never.self) { try moved.validate(rowCountsBefore: [1, 2], rowCountsAfter: [0, 3]) }
    }

    @Test func layoutAddressesRows() {
        let layout = SectionLayout(headerRows: [0, 3, 4], flatRowCount: 7)
        #expect(layout.rowCounts == [2, 0, 2])
        #expect(layout.path(ofRow: 0) == nil && layout.path(ofRow: 2) == RowPath(section: 0, row: 1))
        #expect(layout.path(ofRow: 6) == RowPath(section: 2, row: 1) && layout.flatRow(of: RowPath(section: 2, row: 0)) == 5)
    }
}
