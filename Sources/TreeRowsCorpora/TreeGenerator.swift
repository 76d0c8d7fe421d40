import TreeRows

/// Generates synthetic trees from a ``SyntheticSpec``, streaming nodes straight into the
/// tree's arrays: nothing but the final tree (and a stack as deep as the tree, for the
/// thread shapes) is held in memory.
///
/// All randomness is integer arithmetic on ``SplitMix64``, so a spec gives the same tree,
/// bit for bit, on every machine. Node ids are `0..<nodes` in generation order; siblings
/// keep generation order; every parent precedes its children.
public enum TreeGenerator {
    /// The first `time` of generated trees (2022-01-01T00:00:00Z).
    static let startTime: Int64 = 1_640_995_200

    /// The estimated peak resident bytes of generating `nodes` nodes and encoding them as
    /// a `.trows` file: 60 bytes per node and 64 MiB for the process, from
    /// `/usr/bin/time -f %M treerows corpus generate --shape reddit --nodes 1e7` (56 bytes
    /// per node; the chain shape keeps the same).
    ///
    /// - Complexity: O(1).
    public static func estimatedPeakBytes(nodes: Int) -> Int {
        let (total, overflow) = nodes.multipliedReportingOverflow(by: 60)
        return overflow ? .max : (64 << 20) + total
    }

    /// The tree `spec` describes.
    ///
    /// - Complexity: O(*n*) time; O(*n*) memory for the tree.
    public static func generate(_ spec: SyntheticSpec) -> Tree {
        precondition(spec.nodes > 0 && spec.nodes <= SyntheticSpec.maximumNodes, "nodes out of range")
        var tree = Tree(reservingCapacity: spec.nodes)
        var random = SplitMix64(seed: spec.seed)
        var fields = FieldDrawer(enabled: spec.fields, hasScores: spec.shape != .hn)
        switch spec.shape {
        case .balanced(let fanout):
            for index in 0..<spec.nodes {
                let parent = index == 0 ? Tree.root : NodeIndex(Int32((index - 1) / fanout) + 1)
                append(&tree, under: parent, &fields, &random)
            }
        case .chain:
            var parent = Tree.root
            for _ in 0..<spec.nodes { parent = append(&tree, under: parent, &fields, &random) }
        case .wide:
            for _ in 0..<spec.nodes { append(&tree, under: Tree.root, &fields, &random) }
        case .random:
            for index in 0..<spec.nodes {
                let parent = index == 0 ? Tree.root : NodeIndex(Int32(random.below(index)) + 1)
                append(&tree, under: parent, &fields, &random)
            }
        case .caterpillar(let leaves):
            var spine = Tree.root
            var index = 0
            while index < spec.nodes {
                spine = append(&tree, under: spine, &fields, &random)
                index += 1
                for _ in 0..<min(leaves, spec.nodes - index) {
                    append(&tree, under: spine, &fields, &random)
                    index += 1
                }
            }
        case .reddit: ThreadModel.reddit.generate(spec.nodes, into: &tree, &fields, &random)
        case .hn: ThreadModel.hackerNews.generate(spec.nodes, into: &tree, &fields, &random)
        }
        spec.expansion.apply(to: &tree, seed: spec.seed)
        return tree
    }

    @discardableResult
    static func append(_ tree: inout Tree, under parent: NodeIndex, _ fields: inout FieldDrawer, _ random: inout SplitMix64,
                       replies: Int = 0) -> NodeIndex {
        let (time, score) = fields.draw(parentTime: parent == Tree.root ? nil : tree.time(of: parent),
                                        replies: replies, &random)
        return tree.appendNext(under: parent, time: time, score: score)
    }
}

/// Draws `time` and `score` for generated nodes: a reply comes seconds to hours after its
/// parent; scores are heavy-tailed, grow with the number of replies, and are sometimes
/// negative.
struct FieldDrawer {
    var enabled: Bool
    var hasScores: Bool
    private var lastTopLevelTime = TreeGenerator.startTime

    init(enabled: Bool, hasScores: Bool) {
        self.enabled = enabled
        self.hasScores = hasScores
    }

    mutating func draw(parentTime: Int64?, replies: Int, _ random: inout SplitMix64) -> (Int64?, Int64?) {
        guard enabled else { return (nil, nil) }
        let time: Int64
        if let parentTime {
            time = parentTime + 1 + Int64(random.below(1 << random.below(16)))
        } else {
            lastTopLevelTime += Int64(random.below(180))
            time = lastTopLevelTime
        }
        guard hasScores else { return (time, nil) }
        var score = 1 + 3 * Int64(replies) + Int64(random.below(1 << random.below(10)))
        if random.chance(1, in: 12) { score = -Int64(random.below(40)) }
        return (time, score)
    }
}
