import Foundation
import TreeRows
import TreeRowsCorpora

/// Draws the fuzzer's large cases: one ``ScaleScenario`` after another, each at a random
/// size above its threshold, with row heights (sometimes, and always beyond 2^20 rows,
/// tall enough that the content height passes 2^31 points) and a node the operations
/// should return to often.
package struct ScaleCaseSampler {
    /// One large case: its tree, how many operations to run on it, and the node to aim at.
    package struct Draw {
        package var scenario: ScaleScenario
        package var tree: Tree
        package var operations: Int
        /// A node the generator picks often (the root of the big block, the churned
        /// region), if any.
        package var focus: NodeIndex?
    }

    /// The scenarios taken in turn: all but region churn, which the fuzzer asks for by its arm.
    private static let classic = ScaleScenario.allCases.filter { $0 != .regionChurn }

    /// The most nodes a draw has (a tree beyond 2^20 rows).
    package static let largestNodes = 1_150_001

    private var random: SplitMix64
    private var drawn = 0
    private let recorded: [Tree]

    /// The sampler's position in its sequence (its generator, and the cases drawn other than
    /// region churn): set it back to draw the same case again.
    package var position: (random: UInt64, drawn: Int) {
        get { (random._state, drawn) }
        set {
            random = SplitMix64(seed: newValue.random)
            drawn = newValue.drawn
        }
    }

    /// Creates a sampler; `recorded` trees (may be empty: then a synthetic Reddit-like
    /// thread stands in) feed ``ScaleScenario/recordedThread``.
    package init(seed: UInt64, recorded: [Tree]) {
        random = SplitMix64(seed: seed)
        self.recorded = recorded.filter { $0.nodeCount > 0 }
    }

    /// The next large case: a region-churn case of the arm `churn`, or without one the next
    /// of the other scenarios in turn; with a `nodeCap`, the same draw with every size
    /// (nodes, depth, siblings) held to the cap, for strategies too slow for the whole case.
    ///
    /// - Complexity: O(*n*) for the *n* nodes drawn.
    package mutating func next(churn: RegionChurn? = nil, nodeCap: Int = .max) -> Draw {
        let cap = { (nodes: Int) in min(nodes, max(2, nodeCap)) }
        let scenario = churn == nil ? Self.classic[drawn % Self.classic.count] : .regionChurn
        if churn == nil { drawn += 1 }
        var focus: NodeIndex?
        var tree: Tree
        var operations = 8 + random.below(17)
        var expansion: ExpansionPattern = random.chance(7, in: 10) ? .expanded : .randomlyCollapsed(percent: 1)
        switch scenario {
        case .longCase:
            tree = synthetic(FuzzTreeSampler.shapes, nodes: cap(random.logUniform(1_000, 10_000)))
            operations = 1_000 + random.below(2_001)
            expansion = FuzzTreeSampler.patterns[random.below(FuzzTreeSampler.patterns.count)]
        case .rowsBeyond16Bits:
            tree = synthetic([.reddit, .hn, .random, .wide, .balanced(fanout: 3)], nodes: cap(65_537 + random.below(134_464)))
        case .deepChain:
            let depth = cap(100_001 + random.below(200_000))
            tree = random.chance(1, in: 2) ? synthetic([.chain], nodes: depth) : synthetic([.caterpillar(leaves: 1)], nodes: cap(2 * depth))
            expansion = random.chance(4, in: 5) ? .expanded : .collapsedBelow(depth: depth / 2)
        case .wideSiblings:
            let count = cap(100_001 + random.below(200_000))
            tree = synthetic([random.chance(1, in: 2) ? .wide : .balanced(fanout: count)], nodes: count + 1)
            // A node in the middle of the long list (both shapes list it in slot order):
            // operations beside it land in the list.
            focus = NodeIndex(Int32(tree.slotCount / 2))
            operations = 24 + random.below(41)
        case .bigBlock:
            tree = synthetic([.balanced(fanout: 2), .balanced(fanout: 3), .caterpillar(leaves: 2), .hn], nodes: cap(random.logUniform(100_002, 400_000)))
            focus = FuzzOperationGenerator.largestSubtree(in: tree)
            operations = 12 + random.below(13)
        case .recordedThread:
            if recorded.isEmpty {
                tree = synthetic([.reddit], nodes: cap(random.logUniform(1_500, 12_000)))
            } else {
                // A recorded thread larger than the cap gives way to a synthetic one of the cap's size.
                let pick = recorded[random.below(recorded.count)]
                tree = pick.nodeCount <= nodeCap ? pick : synthetic([.reddit], nodes: cap(pick.nodeCount))
            }
            operations = 100 + random.below(700)
            expansion = FuzzTreeSampler.patterns[random.below(FuzzTreeSampler.patterns.count)]
        case .sizeLadder:
            let nodes = cap(random.logUniform(1_000, 1_000_000))
            tree = synthetic(FuzzTreeSampler.shapes, nodes: nodes)
            operations = min(1_000, max(8, 4_000_000 / nodes))
            expansion = FuzzTreeSampler.patterns[random.below(FuzzTreeSampler.patterns.count)]
        case .rowsBeyond20Bits:
            tree = synthetic([.reddit, .hn, .random, .wide], nodes: cap(1_048_577 + random.below(101_424)))
            operations = 6 + random.below(11)
        case .regionChurn:
            let churn = churn ?? RegionChurn(arm: 0)
            let band = RegionChurn.bands[churn.band]
            // Bushy shapes on the largest band: a page under a node deep in a chain costs a
            // strategy that counts along the ancestors O(depth) per reply.
            let shapes = churn.isLargest ? [.reddit, .hn, .random, .wide, .balanced(fanout: 3)] : FuzzTreeSampler.shapes
            tree = synthetic(shapes, nodes: cap(random.logUniform(band.lowerBound, band.upperBound)))
            operations = churn.operations(nodes: tree.nodeCount)
            focus = tree.randomLiveNode(using: &random)
        }
        expansion.apply(to: &tree, seed: random.next())
        if let focus, random.chance(1, in: 2) { tree.setExpanded(focus, false) }
        switch scenario == .rowsBeyond20Bits ? 1 : random.below(4) {
        case 0: for node in tree.nodes { tree.setHeight(node, Int32(20 + 12 * random.below(5))) }
        case 1:
            // Tall rows: a million of them pass 2^31 points, and some are a single point.
            for node in tree.nodes { tree.setHeight(node, random.chance(1, in: 8) ? 1 : Int32(2_048 + random.below(8_192))) }
        default: break
        }
        return Draw(scenario: scenario, tree: tree, operations: operations, focus: focus)
    }

    private mutating func synthetic(_ shapes: [SyntheticShape], nodes: Int) -> Tree {
        let shape = shapes[random.below(shapes.count)]
        return TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: nodes, seed: random.next(), fields: random.chance(1, in: 2)))
    }
}
