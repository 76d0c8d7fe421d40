/// A quantity a strategy's cost may grow with, measured at the node an operation acts on.
///
/// The cost search (`treerows cliffs`) measures each of them on every tree it builds, so a
/// ``CostBound`` written with them says how fast a cost may grow along any shape of tree.
public enum CostVariable: String, CaseIterable, Hashable, Sendable, Codable {
    /// *n*: the nodes of the tree.
    case nodes = "n"
    /// *r*: the visible rows.
    case rows = "r"
    /// *d*: the depth of the node, plus one (a top-level node has 1).
    case depth = "d"
    /// *f*: the most siblings on the node's path: the largest child count of the node's
    /// parent and of every ancestor's parent (the top level included).
    case siblings = "f"
    /// *c*: the children of the node.
    case children = "c"
    /// *m*: the rows the operation changes: the rows under the node as if it were expanded
    /// (those a toggle shows or hides), plus 1; 1 for a hidden node.
    case subtree = "m"
    /// *s*: the nodes under the node, hidden ones included (what a removal unlinks), at
    /// least 1.
    case descendants = "s"
    /// *t*: the rows after the node's block, to the end of the list.
    case after = "t"
    /// *k*: the elements of the operation: a page's replies, an accordion's siblings; 1
    /// otherwise.
    case elements = "k"

    /// The letter in a bound's text, e.g. `d` in `O(d·f)`.
    public var symbol: String { rawValue }
}

/// The values of every ``CostVariable`` at one node of one tree.
public struct CostPoint: Hashable, Sendable, Codable {
    /// The values, by variable; a missing one counts as 1.
    public var values: [CostVariable: Double]

    /// Creates a point.
    public init(_ values: [CostVariable: Double] = [:]) { self.values = values }

    /// The value of `variable`, at least 1.
    ///
    /// - Complexity: O(1).
    public subscript(variable: CostVariable) -> Double {
        get { max(1, values[variable] ?? 1) }
        set { values[variable] = newValue }
    }
}
