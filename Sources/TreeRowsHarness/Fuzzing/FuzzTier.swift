/// The fuzzer's two streams of cases.
public enum FuzzTier: String, Sendable, CaseIterable {
    /// Trees of up to 32 nodes (by default), 16 operations each.
    case small
    /// Trees of 40 to 1,150,000 nodes, cases of hundreds to thousands of operations, and
    /// region churn.
    case large
}
