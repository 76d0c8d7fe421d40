/// What one benchmark sample does.
public enum BenchmarkOperation: String, CaseIterable, Sendable {
    /// Build the initial rows: `init(tree:)`.
    case build
    /// Toggle a uniformly chosen node.
    case toggleRandom = "toggle-random"
    /// Toggle one of the nodes with the largest subtrees.
    case toggleHeavy = "toggle-heavy"
    /// Toggle one of the deepest nodes that have children.
    case toggleDeep = "toggle-deep"
    /// Expand every node (from all collapsed; the collapse is not timed).
    case expandAll = "expand-all"
    /// Collapse every node (from all expanded; the expand is not timed).
    case collapseAll = "collapse-all"
    /// `row(at:)` of a uniformly chosen row.
    case rowAtRandom = "row-at-random"
    /// `index(of:)` of a uniformly chosen node.
    case indexOfRandom = "index-of-random"
    /// Insert a reply under a uniformly chosen node, at a random position.
    case insertReply = "insert-reply"
    /// Remove a uniformly chosen subtree of at most 16 nodes.
    case removeSubtree = "remove-subtree"

    /// The operations run when none are named: all of them.
    public static let defaults: [BenchmarkOperation] = allCases
}
