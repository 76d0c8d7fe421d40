import TreeRows
import TreeRowsHarness

/// Small seeded trees of several shapes for lock-step tests.
public enum TreeShapes {
    /// A named tree.
    public struct Shape: Sendable, CustomStringConvertible {
        public var name: String
        public var tree: Tree
        public var description: String { "\(name) (\(tree.nodeCount) nodes)" }
    }

    /// `count` nodes in one deep path.
    public static func chain(_ count: Int) -> Tree {
        var tree = Tree()
        var parent = Tree.root
        for index in 0..<count { parent = try! tree.append(.integer(Int64(index)), under: parent) }
        return tree
    }

    /// Every node has `fanout` children, down to `depth` levels below `roots` top-level nodes.
    public static func balanced(roots: Int, fanout: Int, depth: Int) -> Tree {
        var tree = Tree()
        var level: [NodeIndex] = [Tree.root]
        var next = 0
        for generation in 0...depth {
            var newLevel: [NodeIndex] = []
            for parent in level {
                for _ in 0..<(generation == 0 ? roots : fanout) {
                    newLevel.append(try! tree.append(.integer(Int64(next)), under: parent))
                    next += 1
                }
            }
            level = newLevel
        }
        return tree
    }

    /// A random recursive tree: node *k* replies to a uniformly chosen earlier node, or
    /// starts a new top-level thread with probability 1/`topLevelOdds`. A fraction of
    /// nodes (`collapsedPercent`) starts collapsed.
    public static func random(_ count: Int, seed: UInt64, topLevelOdds: Int = 6, collapsedPercent: Int = 20) -> Tree {
        var random = SplitMix64(seed: seed)
        var tree = Tree()
        var nodes: [NodeIndex] = []
        for index in 0..<count {
            let parent = nodes.isEmpty || random.chance(1, in: topLevelOdds) ? Tree.root : nodes[random.below(nodes.count)]
            let collapsed = random.below(100) < collapsedPercent
            nodes.append(try! tree.append(.string("r\(index)"), under: parent, isExpanded: !collapsed))
        }
        return tree
    }

    /// The shapes the lock-step tests run on.
    public static let all: [Shape] = [
        Shape(name: "empty", tree: Tree()),
        Shape(name: "single", tree: chain(1)),
        Shape(name: "chain", tree: chain(40)),
        Shape(name: "wide", tree: balanced(roots: 60, fanout: 0, depth: 0)),
        Shape(name: "balanced", tree: balanced(roots: 2, fanout: 3, depth: 3)),
        Shape(name: "random-small", tree: random(12, seed: 7)),
        Shape(name: "random", tree: random(150, seed: 11)),
        Shape(name: "random-deep", tree: random(150, seed: 13, topLevelOdds: 50, collapsedPercent: 40)),
    ]
}
