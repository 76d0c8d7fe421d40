import TreeRows
import TreeRowsCorpora

/// What happens to a tree before the measured operation: its part of a cost candidate.
package enum CostPrelude: String, CaseIterable, Codable, Sendable {
    /// Nothing: every node expanded.
    case none
    /// Half the nodes collapsed, drawn from the seed.
    case collapsed
    /// The siblings at every level sorted by score (highest first), without reporting moves.
    case sorted

    /// The expansion the tree is generated with.
    var expansion: ExpansionPattern { self == .collapsed ? .randomlyCollapsed(percent: 50) : .expanded }
}

/// One point of the cost search's space: a step, a shape family of trees, where in the
/// tree the step acts, and what was done to the tree before. Grown along its family, it
/// gives the step's cost at every size.
package struct CostCandidate: Hashable, Codable, Sendable, CustomStringConvertible {
    package var step: CostedStep
    /// The shape family, as ``SyntheticShape/name`` writes it (`balanced:256`, `chain`).
    package var shape: String
    package var locus: CostLocus
    package var prelude: CostPrelude

    package init(step: CostedStep, shape: String, locus: CostLocus, prelude: CostPrelude = .none) {
        (self.step, self.shape, self.locus, self.prelude) = (step, shape, locus, prelude)
    }

    /// The typical candidate of `step`: a random node of a Reddit-shaped tree.
    package static func typical(_ step: CostedStep) -> CostCandidate { CostCandidate(step: step, shape: "reddit", locus: .random) }

    /// The shape families the search tries, simplest first (the order the shrinker prefers).
    package static let families = ["chain", "wide", "caterpillar:3", "caterpillar:64", "balanced:2", "balanced:16", "balanced:256",
                                   "random", "hn", "reddit"]

    /// E.g. `toggle at deepest of chain` or `insert at widest of balanced:256, sorted`.
    package var description: String {
        "\(step.name) at the \(locus.rawValue) node of \(shape)" + (prelude == .none ? "" : ", \(prelude.rawValue)")
    }

    /// The tree of the candidate's family with `nodes` nodes, from `seed`, its prelude done.
    ///
    /// - Complexity: O(*n* log *n*).
    package func tree(nodes: Int, seed: UInt64) -> Tree {
        let shape = (try? SyntheticShape(validating: shape)) ?? .reddit
        var tree = TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: nodes, seed: seed, expansion: prelude.expansion))
        if prelude == .sorted { tree.sortSiblings(by: SiblingOrder(.score, descending: true)) }
        return tree
    }
}
