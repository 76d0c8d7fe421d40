import TreeRows

/// A strategy that disagreed with the reference on a ``FuzzCase``.
public struct Disagreement: Hashable, Sendable {
    /// The strategy's name.
    public var strategy: String
    /// The index (in the case's operations) of the operation after which it disagreed;
    /// -1 for the initial rows.
    public var operationIndex: Int
    /// What was wrong (expected against found).
    public var problem: String
    /// The reference's rows after the operation, as `depth:id`.
    public var expectedRows: [String]
    /// The strategy's rows after the operation, as `depth:id` (empty if it could not list them).
    public var actualRows: [String]
    /// The strategy's diff, as text.
    public var diff: String
}
