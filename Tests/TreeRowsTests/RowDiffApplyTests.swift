import Testing
import TreeRows
import TreeRowsHarness

/// `apply` follows UIKit's order, and the keyed diff turns any old list into any new one.
@Suite struct RowDiffApplyTests {
    @Test func deletesInOldSpaceThenInsertsInNewSpace() throws {
        let old = ["a", "b", "c", "d", "e"]
        let new = ["x", "a", "c", "y", "e"]
        let diff = RowDiff(deletions: [1..<2, 3..<4], insertions: [0..<1, 3..<4])
        #expect(try diff.apply(to: old, rowCountAfter: 5, inserted: { new[$0] }) == new)
    }

    @Test func movesCarryTheOldRow() throws {
        let old = ["a", "b", "c", "d"]
        // d moves to the front.
        let diff = RowDiff(moves: [RowMove(from: 3, to: 0)])
        #expect(try diff.apply(to: old, rowCountAfter: 4, inserted: { _ in "?" }) == ["d", "a", "b", "c"])
        // A reloaded row keeps its place among the rows that stay and takes the data
        // source's content there: b is reloaded after a is deleted, so it is asked at 0.
        #expect(try RowDiff(reloads: [1..<2]).apply(to: old, rowCountAfter: 4, inserted: { "new\($0)" }) == ["a", "new1", "c", "d"])
        #expect(try RowDiff(deletions: [0..<1], reloads: [1..<2]).apply(to: old, rowCountAfter: 3, inserted: { "new\($0)" })
            == ["new0", "c", "d"])
    }

    @Test func applyRejectsAnInvalidDiff() {
        #expect(throws: BatchUpdateViolation.rowCountMismatch(before: 2, after: 2, inserted: 0, deleted: 1)) {
            try RowDiff(deletions: [0..<1]).apply(to: ["a", "b"], rowCountAfter: 2, inserted: { _ in "?" })
        }
    }

    @Test("Keyed diff: random old and new row lists", arguments: [UInt64](1...40))
    func keyedDiffTurnsOldIntoNew(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func randomRows() -> [Row] {
            var nodes = Array(1...12).filter { _ in random.chance(2, in: 3) }
            for index in nodes.indices.reversed() where index > 0 {
                if random.chance(1, in: 3) { nodes.swapAt(index, random.below(index + 1)) }
            }
            return nodes.map { Row(node: NodeIndex(Int32($0)), depth: Int32(random.below(2))) }
        }
        let old = randomRows()
        let new = randomRows()
        let diff = RowDiff.keyed(from: old, to: new)
        #expect(diff.isNormalized, "seed \(seed): \(diff)")
        #expect(try diff.apply(to: old, rowCountAfter: new.count, inserted: { new[$0] }) == new, "seed \(seed): \(diff)")
    }

    @Test func keyedDiffUsesFewestMoves() {
        let rows = (1...5).map { Row(node: NodeIndex(Int32($0)), depth: 0) }
        var swapped = rows
        swapped.swapAt(1, 2)
        #expect(RowDiff.keyed(from: rows, to: swapped).moves.count == 1)
        #expect(RowDiff.keyed(from: rows, to: Array(rows.reversed())).moves.count == 4)
        #expect(RowDiff.keyed(from: rows, to: rows).isEmpty)
    }

    @Test func builderMergesAdjacentIndices() {
        var builder = RowDiffBuilder()
        builder.delete(1)
        builder.delete(2)
        builder.delete(4..<6)
        builder.delete(6)
        builder.insert(0..<0)
        #expect(builder.diff == RowDiff(deletions: [1..<3, 4..<7]))
        #expect(Array(builder.diff.deletedIndices) == [1, 2, 4, 5, 6])
        #expect(builder.diff.deletedCount == 5)
    }
}
