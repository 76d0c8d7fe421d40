/// Why UIKit would reject a ``RowDiff`` as a batch update (the reason it would give in its
/// `NSInternalInconsistencyException`).
public enum BatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// Rows after ≠ rows before + inserted − deleted.
    case rowCountMismatch(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A deleted row is not in `0..<rowCountBefore`.
    case deletionOutOfRange(index: Int, rowCountBefore: Int)
    /// A reloaded row is not in `0..<rowCountBefore`.
    case reloadOutOfRange(index: Int, rowCountBefore: Int)
    /// A move's source is not in `0..<rowCountBefore`.
    case moveSourceOutOfRange(index: Int, rowCountBefore: Int)
    /// An inserted row is not in `0..<rowCountAfter`.
    case insertionOutOfRange(index: Int, rowCountAfter: Int)
    /// A move's destination is not in `0..<rowCountAfter`.
    case moveDestinationOutOfRange(index: Int, rowCountAfter: Int)
    /// The same old row is deleted twice.
    case rowDeletedTwice(index: Int)
    /// The same old row is deleted and reloaded.
    case deleteAndReload(index: Int)
    /// The same old row is deleted and moved.
    case deleteAndMove(index: Int)
    /// The same old row is reloaded twice.
    case rowReloadedTwice(index: Int)
    /// The same old row is reloaded and moved.
    case reloadAndMove(index: Int)
    /// The same old row is the source of two moves.
    case rowMovedTwice(index: Int)
    /// Two insertions overlap at a new index.
    case overlappingInsertions(index: Int)
    /// A new index is both inserted and a move's destination.
    case insertAndMove(index: Int)
    /// Two moves have the same destination.
    case twoMovesToSameRow(index: Int)
    /// Reloads and moves in one batch: UIKit turns a reload into a delete and an insert
    /// that the moves do not account for, and has been seen to crash ("attempt to perform
    /// an insert and a move to the same index path"). Reload in a separate update.
    case reloadsWithMoves
    /// A row count is negative.
    case negativeRowCount(Int)

    /// The reason in words, with the index concerned.
    public var description: String {
        switch self {
        case let .rowCountMismatch(before, after, inserted, deleted):
            return "invalid number of rows: \(after) after the update, but \(before) before + \(inserted) inserted"
                + " - \(deleted) deleted = \(before + inserted - deleted)"
        case let .deletionOutOfRange(index, count):
            return "attempt to delete row \(index), but there are only \(count) rows before the update"
        case let .reloadOutOfRange(index, count):
            return "attempt to reload row \(index), but there are only \(count) rows before the update"
        case let .moveSourceOutOfRange(index, count):
            return "attempt to move row \(index), but there are only \(count) rows before the update"
        case let .insertionOutOfRange(index, count):
            return "attempt to insert row \(index), but there are only \(count) rows after the update"
        case let .moveDestinationOutOfRange(index, count):
            return "attempt to move a row to \(index), but there are only \(count) rows after the update"
        case let .rowDeletedTwice(index): return "row \(index) is deleted twice"
        case let .deleteAndReload(index): return "attempt to delete and reload the same row \(index)"
        case let .deleteAndMove(index): return "attempt to delete and move the same row \(index)"
        case let .rowReloadedTwice(index): return "row \(index) is reloaded twice"
        case let .reloadAndMove(index): return "attempt to reload and move the same row \(index)"
        case let .rowMovedTwice(index): return "row \(index) is the source of two moves"
        case let .overlappingInsertions(index): return "row \(index) is inserted twice (overlapping insertions)"
        case let .insertAndMove(index): return "attempt to insert and move to the same row \(index)"
        case let .twoMovesToSameRow(index): return "row \(index) is the destination of two moves"
        case .reloadsWithMoves: return "reloads and moves in the same batch update (reload in a separate update)"
        case let .negativeRowCount(count): return "row count \(count) is negative"
        }
    }
}
