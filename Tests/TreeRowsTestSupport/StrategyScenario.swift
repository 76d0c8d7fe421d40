import Testing
import TreeRows

/// A built-in strategy and the reference side by side on a tree written in
/// ``TreeNotation``, for hand-written operation tests.
public struct StrategyScenario {
    /// The strategy under test.
    public var strategy: any RowStrategy
    /// The oracle, fed the same operations.
    public var reference: ReferenceStrategy

    /// Builds both from `notation`, the nodes with the row heights `height` gives for their
    /// index in ``Tree/nodes`` (the default height for `nil`).
    public init(_ strategyName: String, _ notation: String, height: ((Int) -> Int32)? = nil) {
        var tree = TreeNotation.tree(notation)
        if let height {
            for (index, node) in tree.nodes.enumerated() { tree.setHeight(node, height(index)) }
        }
        guard let type = BuiltinStrategies.named(strategyName) else { preconditionFailure("no strategy \(strategyName)") }
        strategy = type.init(tree: tree)
        reference = ReferenceStrategy(tree: tree)
    }

    /// The node with string id `id`.
    public func node(_ id: String) -> NodeIndex { TreeNotation.node(id, in: strategy.tree) }

    /// The strategy's rows as `depth:id`.
    public var rows: [String] { TreeNotation.describe(strategy.rows, in: strategy.tree) }

    /// Performs `operation`, checking rows, diff and invariants against the reference.
    @discardableResult
    public mutating func run(_ operation: TreeOperation, sourceLocation: SourceLocation = #_sourceLocation) -> RowDiff {
        StrategyExpectations.step(&strategy, &reference, operation, "scenario", sourceLocation: sourceLocation)
    }
}
