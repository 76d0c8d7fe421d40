import TreeRows

/// What one sample of a benchmark operation acts on, drawn before anything is timed.
package enum BenchmarkInput: Sendable {
    case none
    case node(NodeIndex)
    case row(Int)
    case insert(NodeID, under: NodeIndex, at: Int)
    case order(SiblingOrder)
    case page([NodeID], under: NodeIndex, before: NodeIndex)
    case offset(Int)
}
