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

extension BenchmarkInput: CustomStringConvertible {
    /// The input as a wrong cell names it, in ``TreeOperation``'s words: `node #81`, `row 12`,
    /// `insert x under #3 at 0`, `insert y under top level at 2`.
    package var description: String {
        switch self {
        case .none: "no input"
        case .node(let node): "node \(node)"
        case .row(let row): "row \(row)"
        case let .insert(id, parent, position): "insert \(id) under \(NodeIndex.describe(parent: parent)) at \(position)"
        case .order(let order): "sort \(order)"
        case let .page(ids, parent, row): "a page of \(ids.count) under \(NodeIndex.describe(parent: parent)) before \(row)"
        case .offset(let offset): "offset \(offset)"
        }
    }
}
