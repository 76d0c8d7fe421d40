import TreeRows
import TreeRowsCorpora

/// Draws the small trees the fuzzer starts from: synthetic shapes at small sizes, and
/// subtrees cut out of recorded threads, each with a random expansion state.
package struct FuzzTreeSampler {
    private var random: SplitMix64
    private let maximumNodes: Int
    /// Recorded trees and the subtree size of every slot.
    private let recorded: [(tree: Tree, sizes: [Int])]

    /// The sampler's position in its sequence: set it back to draw the same tree again.
    package var position: UInt64 {
        get { random._state }
        set { random = SplitMix64(seed: newValue) }
    }

    /// Creates a sampler of trees with 1...`maximumNodes` nodes; `recorded` trees (may be
    /// empty) are cut into subtrees of at most that size.
    package init(seed: UInt64, maximumNodes: Int, recorded: [Tree]) {
        random = SplitMix64(seed: seed)
        self.maximumNodes = max(1, maximumNodes)
        self.recorded = recorded.filter { $0.nodeCount > 0 }.map { tree in
            var sizes = [Int](repeating: 1, count: tree.slotCount)
            tree.forEachInSubtreePostorder(of: Tree.root) { node in
                if node != Tree.root { sizes[tree.parent(of: node).slot] += sizes[node.slot] }
            }
            return (tree, sizes)
        }
    }

    static let shapes: [SyntheticShape] = [
        .balanced(fanout: 2), .balanced(fanout: 3), .chain, .wide, .random, .reddit, .hn, .caterpillar(leaves: 2),
    ]

    /// The expansion states a drawn tree gets, one at random (all expanded twice as often).
    static let patterns: [ExpansionPattern] = [
        .expanded, .expanded, .randomlyCollapsed(percent: 20), .randomlyCollapsed(percent: 50),
        .collapsedBelow(depth: 1), .collapsedBelow(depth: 2), .collapsed,
    ]

    /// The next tree.
    package mutating func next() -> Tree {
        var tree: Tree
        if !recorded.isEmpty && random.chance(2, in: 5) {
            tree = sampleRecorded()
        } else {
            let shape = Self.shapes[random.below(Self.shapes.count)]
            let nodes = 1 + random.below(maximumNodes)
            tree = TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: nodes, seed: random.next(), fields: random.chance(1, in: 2)))
        }
        // Half the trees have row heights of their own (the others: the default height).
        if random.chance(1, in: 2) {
            for node in tree.nodes { tree.setHeight(node, Int32(20 + 12 * random.below(5))) }
        }
        Self.patterns[random.below(Self.patterns.count)].apply(to: &tree, seed: random.next())
        return tree
    }

    /// A subtree of a recorded tree (a random node, widened to its ancestors while the
    /// subtree still fits), as a tree of its own with the original ids.
    private mutating func sampleRecorded() -> Tree {
        let (source, sizes) = recorded[random.below(recorded.count)]
        var node = source.randomLiveNode(using: &random)
        while sizes[node.slot] > maximumNodes, let child = source.firstChild(of: node) { node = child }
        while source.parent(of: node) != Tree.root && sizes[source.parent(of: node).slot] <= maximumNodes {
            node = source.parent(of: node)
        }
        var tree = Tree()
        var copies: [NodeIndex: NodeIndex] = [source.parent(of: node): Tree.root]
        source.forEachInSubtree(of: node) { member in
            guard copies.count <= maximumNodes else { return }
            copies[member] = try! tree.append(source.id(of: member), under: copies[source.parent(of: member)]!,
                                              time: source.time(of: member), score: source.score(of: member))
        }
        return tree
    }
}
