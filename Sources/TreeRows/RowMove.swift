/// A row that moves: `from` is its index before the update, `to` its index after.
public struct RowMove: Hashable, Sendable {
    /// The index in the old rows.
    public var from: Int
    /// The index in the new rows.
    public var to: Int

    /// Creates a move.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
