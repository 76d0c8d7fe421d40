import Testing
import TreeRows

/// The validator rejects what UIKit rejects, each with its named reason.
@Suite struct RowDiffValidationTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var diff: RowDiff
        var before: Int
        var after: Int
        var expected: BatchUpdateViolation
        var description: String { name }
    }

    static let rejected: [Case] = [
        Case(name: "count rule", diff: RowDiff(deletions: [0..<2]), before: 5, after: 4,
             expected: .rowCountMismatch(before: 5, after: 4, inserted: 0, deleted: 2)),
        Case(name: "count rule with insertions", diff: RowDiff(insertions: [0..<1]), before: 5, after: 5,
             expected: .rowCountMismatch(before: 5, after: 5, inserted: 1, deleted: 0)),
        Case(name: "deletion past the end", diff: RowDiff(deletions: [3..<6]), before: 5, after: 2,
             expected: .deletionOutOfRange(index: 5, rowCountBefore: 5)),
        Case(name: "negative deletion", diff: RowDiff(deletions: [-1..<1]), before: 5, after: 3,
             expected: .deletionOutOfRange(index: -1, rowCountBefore: 5)),
        Case(name: "insertion past the end", diff: RowDiff(insertions: [5..<6]), before: 4, after: 5,
             expected: .insertionOutOfRange(index: 5, rowCountAfter: 5)),
        Case(name: "reload past the end", diff: RowDiff(reloads: [4..<5]), before: 4, after: 4,
             expected: .reloadOutOfRange(index: 4, rowCountBefore: 4)),
        Case(name: "move source past the end", diff: RowDiff(moves: [RowMove(from: 4, to: 0)]), before: 4, after: 4,
             expected: .moveSourceOutOfRange(index: 4, rowCountBefore: 4)),
        Case(name: "move destination past the end", diff: RowDiff(moves: [RowMove(from: 0, to: 4)]), before: 4, after: 4,
             expected: .moveDestinationOutOfRange(index: 4, rowCountAfter: 4)),
        Case(name: "row deleted twice", diff: RowDiff(deletions: [1..<3, 2..<4]), before: 6, after: 3,
             expected: .rowDeletedTwice(index: 2)),
        Case(name: "same range deleted twice", diff: RowDiff(deletions: [1..<2, 1..<2]), before: 6, after: 4,
             expected: .rowDeletedTwice(index: 1)),
        Case(name: "delete and reload", diff: RowDiff(deletions: [1..<3], reloads: [2..<3]), before: 6, after: 4,
             expected: .deleteAndReload(index: 2)),
        Case(name: "delete and move", diff: RowDiff(deletions: [1..<3], moves: [RowMove(from: 1, to: 0)]), before: 6, after: 4,
             expected: .deleteAndMove(index: 1)),
        Case(name: "reload and move", diff: RowDiff(moves: [RowMove(from: 1, to: 0)], reloads: [1..<2]), before: 3, after: 3,
             expected: .reloadAndMove(index: 1)),
        Case(name: "reloaded twice", diff: RowDiff(reloads: [0..<2, 1..<2]), before: 3, after: 3,
             expected: .rowReloadedTwice(index: 1)),
        Case(name: "moved twice", diff: RowDiff(moves: [RowMove(from: 1, to: 0), RowMove(from: 1, to: 2)]), before: 3, after: 3,
             expected: .rowMovedTwice(index: 1)),
        Case(name: "overlapping insertions", diff: RowDiff(insertions: [0..<3, 2..<4]), before: 1, after: 8,
             expected: .overlappingInsertions(index: 2)),
        Case(name: "insert and move to the same row",
             diff: RowDiff(insertions: [0..<1], moves: [RowMove(from: 2, to: 0)]), before: 3, after: 4,
             expected: .insertAndMove(index: 0)),
        Case(name: "two moves to the same row",
             diff: RowDiff(moves: [RowMove(from: 0, to: 1), RowMove(from: 2, to: 1)]), before: 3, after: 3,
             expected: .twoMovesToSameRow(index: 1)),
    ]

    @Test func rejectsReloadsWithMovesAndNegativeCounts() {
        // [A,B,C,D] -> [D,A,C]: reported to crash UIKit ("insert and move to the same index path").
        #expect(throws: BatchUpdateViolation.reloadsWithMoves) {
            try RowDiff(deletions: [1..<2], moves: [RowMove(from: 0, to: 1), RowMove(from: 3, to: 0)], reloads: [2..<3])
                .validate(rowCountBefore: 4, rowCountAfter: 3)
        }
        #expect(throws: BatchUpdateViolation.negativeRowCount(-1)) {
            try RowDiff(deletions: [0..<1]).validate(rowCountBefore: -1, rowCountAfter: -2)
        }
    }

    @Test(arguments: rejected)
    func rejects(_ testCase: Case) {
        #expect(throws: testCase.expected) {
            try testCase.diff.validate(rowCountBefore: testCase.before, rowCountAfter: testCase.after)
        }
    }

    @Test func acceptsValidDiffs() throws {
        try RowDiff.empty.validate(rowCountBefore: 0, rowCountAfter: 0)
        try RowDiff(deletions: [1..<3], insertions: [0..<1, 4..<6]).validate(rowCountBefore: 5, rowCountAfter: 6)
        // Unsorted lists and empty ranges are fine: UIKit sorts, and an empty range names no row.
        try RowDiff(deletions: [4..<5, 0..<1, 2..<2]).validate(rowCountBefore: 5, rowCountAfter: 3)
        // Delete and insert at the same index (different spaces), and a reload beside a move.
        try RowDiff(deletions: [0..<1], insertions: [0..<1], moves: [RowMove(from: 2, to: 1)])
            .validate(rowCountBefore: 3, rowCountAfter: 3)
        try RowDiff(deletions: [0..<1], insertions: [0..<1], reloads: [1..<2]).validate(rowCountBefore: 3, rowCountAfter: 3)
    }

    @Test func messagesNameTheIndex() {
        #expect(BatchUpdateViolation.deleteAndReload(index: 7).description.contains("7"))
        #expect(BatchUpdateViolation.rowCountMismatch(before: 5, after: 4, inserted: 0, deleted: 2).description
            == "invalid number of rows: 4 after the update, but 5 before + 0 inserted - 2 deleted = 3")
    }
}
