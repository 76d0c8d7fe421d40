import TreeRows

/// Where a region-churn case stands: its arm, the region (a node whose subtree takes the
/// pages and replies), the ids its pages and replies added, and its steps.
struct ChurnState {
    var plan: RegionChurn
    /// The node pages and replies go under; another one is picked once it is removed.
    var region: NodeIndex?
    /// Ids the case's pages and replies added and that may still live, for the drains.
    var added: [NodeID] = []
    var steps = 0
    /// How many steps a cut case pours into a region before it cuts.
    let phase: Int
    /// How many more replies the case may add (set at its first step, and again for each
    /// new region).
    var growth: Int?
    /// The most nodes the tree had since the drain began; for a cut, the size it regrows to.
    var peak = 0
    /// The step of the last cut.
    var lastCut = 0
    /// For a cut: the tree's nodes at the case's start (at most ``RegionChurn/cutRegrowth``).
    var startSize = 0
    /// For a cut round at an edge (``FuzzOperationGenerator/churnNext(for:)``): the most
    /// nodes the rest of the tree may keep (`Int.max` once trimming gave up), and whether
    /// the round is one.
    var edgeTarget = 0
    var edgeRound = false
    /// The removals an edge round has made to trim the rest of the tree.
    var trims = 0
    /// The nodes without replies a drain removes next, in random order (collected again
    /// when used up).
    var drainList: [NodeID] = []

    /// At most this many added ids are kept (a random one makes room).
    static let addedLimit = 65_536

    init(plan: RegionChurn, random: inout SplitMix64) {
        self.plan = plan
        phase = 2 + random.below(7)
    }

    /// Keeps the ids of the pages and replies of `operation`.
    mutating func performed(_ operation: TreeOperation) {
        steps += 1
        switch operation {
        case .insert(let id, _, _, _, _):
            added.append(id)
            growth? -= 1
        case .loadPage(let ids, _, _, _):
            added += ids
            growth? -= ids.count
        default: break
        }
        if added.count > Self.addedLimit { added.removeFirst(added.count - Self.addedLimit) }
    }
}

extension FuzzOperationGenerator {
    /// The next operation of a region-churn case, by its mix: pages of up to 2,048 replies
    /// and single replies into the region (a run of elements in one place of any preorder
    /// structure, so its leaves fill and split over and over and the splits climb), toggles
    /// of the region and its ancestors (range updates across the new leaves), and removals:
    /// of the new replies one by one (holes everywhere: a structure goes sparse), of small
    /// subtrees all over the tree, or of a large subtree around the region (whole nodes go,
    /// a root loses levels).
    ///
    /// - Complexity: O(*n* + *d*) for *n* nodes and depth *d*, plus O(*k*) for a page of *k*.
    mutating func churnNext(for reference: ReferenceStrategy) -> TreeOperation {
        let tree = reference.tree
        guard var state = churn else { preconditionFailure("no churn plan") }
        defer { churn = state }
        if state.region.map({ !tree.contains($0) }) ?? true {
            state.region = focus.flatMap { tree.contains($0) ? $0 : nil } ?? tree.randomLiveNode(using: &random)
            if state.plan.mix == .cut {
                if state.startSize == 0 { state.startSize = min(tree.nodeCount, RegionChurn.cutRegrowth) }
                state.peak = state.startSize
                // Half the rounds are at an edge: the last (or first) top-level node, a new one
                // when there is only one, takes the pages; the rest of the tree is trimmed to a
                // few nodes (4 to 400, by at most `trimLimit` removals, else it stays whole); the
                // edge is cut once the tree is 16 times the rest and at least a size drawn
                // log-uniformly up to the arm's `edgeCeiling` (a B-tree grown at one end is half
                // full: preorder-btree's root reaches level 4 at about 35,000 elements so grown).
                // What is left is one run of the tree, a small part of it, under one child of
                // a structure's root, which falls through every level down to that of the rest.
                state.edgeRound = random.chance(1, in: 2)
                if state.edgeRound {
                    state.trims = 0
                    state.edgeTarget = random.logUniform(4, 400)
                    state.peak = max(16 * state.edgeTarget, state.plan.edgeGrowth(using: &random))
                    let count = tree.childCount(of: Tree.root)
                    guard count >= 2, let edge = random.chance(1, in: 2) ? tree.lastChild(of: Tree.root) : tree.firstChild(of: Tree.root) else {
                        state.region = nil
                        return reply(in: tree, under: Tree.root, position: random.chance(1, in: 2) ? count : 0)
                    }
                    state.region = edge
                }
            }
        }
        let region = state.region!
        if state.growth == nil { state.growth = state.plan.growth(random: &random) }
        let growth = max(0, state.growth!)
        switch state.plan.mix {
        case .grow:
            return grow(region, growth: growth, bushy: false, added: state.added, in: reference)
        case .growThenDrain:
            guard growth == 0 else { return grow(region, growth: growth, bushy: true, added: state.added, in: reference) }
            // Nodes without replies, drawn evenly from the whole tree (in random order, all of
            // them before the ones that lost their replies meanwhile), until the tree is a
            // tenth of its peak: single elements go from everywhere, so that a structure's
            // nodes thin out evenly instead of emptying one by one. Then the case grows again
            // in another region.
            state.peak = max(state.peak, tree.nodeCount)
            while tree.nodeCount * 10 > state.peak {
                if state.drainList.isEmpty { state.drainList = Self.withoutReplies(in: tree, using: &random) }
                guard let id = state.drainList.popLast() else { break }
                guard let node = tree.index(of: id), tree.firstChild(of: node) == nil else { continue }
                return .remove(node)
            }
            state.drainList.removeAll()
            state.peak = 0
            state.added.removeAll()
            state.growth = nil
            state.region = nil
            return .remove(region)
        case .cut:
            if state.edgeRound, let trim = Self.trim(beside: region, in: tree, target: state.edgeTarget) {
                if state.trims < Self.trimLimit {
                    state.trims += 1
                    return .remove(trim)
                }
                // Too many top-level nodes to trim: the rest stays, and the edge grows past it
                // by a size drawn as above.
                state.edgeTarget = .max
                state.peak = tree.nodeCount + state.plan.edgeGrowth(using: &random)
            }
            // Pour in at least `phase` steps, and until the tree is back at `peak` (its starting
            // size, so that each cut crosses as many levels as the first; an edge round's own),
            // then cut.
            let since = state.steps - state.lastCut
            guard since >= state.phase && (tree.nodeCount >= state.peak || since >= (state.edgeRound ? 128 : 64)) else {
                return grow(region, growth: 2_048, bushy: false, added: state.added, in: reference)
            }
            state.lastCut = state.steps + 1
            // The region's subtree, an ancestor's, or a top-level node's: a run of many
            // leaves at once, or most of the tree.
            var cut = region
            if state.edgeRound {
                // The edge itself: the trimmed rest is left.
            } else if random.chance(1, in: 2) {
                // The top-level ancestor, or below it the first node with siblings: most of
                // the tree goes, not all of it.
                while tree.parent(of: cut) != Tree.root { cut = tree.parent(of: cut) }
                while tree.previousSibling(of: cut) == nil && tree.nextSibling(of: cut) == nil, let child = tree.firstChild(of: cut) {
                    cut = child
                }
            } else {
                for _ in 0..<random.below(4) where tree.parent(of: cut) != Tree.root { cut = tree.parent(of: cut) }
            }
            state.region = nil
            return .remove(cut)
        }
    }

    /// One growing step: a page (of up to `growth` replies: 16 to 2,048, or 2 to 24 when
    /// `bushy`) or a reply under the region (or under one of the case's new replies, three
    /// times in four when `bushy`: small subtrees side by side, for the drain to cut out),
    /// a toggle of the region, an ancestor or a new reply, or the removal of a new reply.
    private mutating func grow(
        _ region: NodeIndex, growth: Int, bushy: Bool, added: [NodeID], in reference: ReferenceStrategy
    ) -> TreeOperation {
        let tree = reference.tree
        let recent = random.element(of: added.suffix(bushy ? 4_096 : 256)).flatMap(tree.index(of:))
        let parent = recent.map { random.chance(bushy ? 3 : 1, in: 4) ? $0 : region } ?? region
        switch random.below(100) {
        case ..<(growth > 0 ? 60 : 10):
            let large = churn.map { $0.plan.isLargest || $0.edgeRound && $0.peak >= 16_000 } ?? false
            let size = bushy ? random.logUniform(2, 24) : random.logUniform(large ? 512 : 16, 2_048)
            return page(in: tree, under: parent, count: max(1, min(size, growth)))
        case ..<72:
            let count = tree.childCount(of: parent)
            let position = random.chance(1, in: 2) ? count : random.chance(1, in: 2) ? 0 : random.below(count + 1)
            return reply(in: tree, under: parent, position: position)
        case ..<90:
            var node = recent.map { random.chance(1, in: 3) ? $0 : region } ?? region
            for _ in 0..<random.below(3) where tree.parent(of: node) != Tree.root { node = tree.parent(of: node) }
            return .toggle(node)
        default:
            return .remove(recent ?? smallSubtree(in: tree))
        }
    }

    /// The most removals an edge round makes to trim the rest of the tree.
    static let trimLimit = 16

    /// What to remove next so that the tree beside the top-level node `edge` keeps at most
    /// `target` nodes (and at least one): another top-level node, the farthest from `edge`,
    /// while there are two or more; the last child of the only one; `nil` once it is small
    /// enough (or cannot be trimmed without emptying it).
    ///
    /// - Complexity: O(*n*).
    static func trim(beside edge: NodeIndex, in tree: Tree, target: Int) -> NodeIndex? {
        guard tree.parent(of: edge) == Tree.root else { return nil }
        let rest = tree.nodeCount - tree.subtreeNodeCount(of: edge)
        guard rest > target else { return nil }
        let others = tree.children(of: Tree.root).filter { $0 != edge }
        if others.count >= 2 { return tree.firstChild(of: Tree.root) == edge ? others.last : others.first }
        return others.first.flatMap { tree.lastChild(of: $0) }
    }

    /// The ids of every node without replies, in random order.
    ///
    /// - Complexity: O(*n*).
    private static func withoutReplies(in tree: Tree, using random: inout SplitMix64) -> [NodeID] {
        var ids = tree.nodes.filter { tree.firstChild(of: $0) == nil }.map(tree.id(of:))
        for index in ids.indices.reversed() where index > 0 { ids.swapAt(index, random.below(index + 1)) }
        return ids
    }

    /// A node with few descendants, anywhere: a leaf, or the parent of one.
    private mutating func smallSubtree(in tree: Tree) -> NodeIndex {
        var node = tree.randomLiveNode(using: &random)
        while let child = tree.firstChild(of: node) { node = child }
        return random.chance(1, in: 4) && tree.parent(of: node) != Tree.root ? tree.parent(of: node) : node
    }
}

extension Array {
    /// Removes the element at `index` by moving the last one there.
    ///
    /// - Complexity: O(1).
    fileprivate mutating func swapRemoveAt(_ index: Int) -> Element {
        swapAt(index, count - 1)
        return removeLast()
    }
}

extension Tree {
    /// The nodes of `node`'s subtree, `node` included.
    ///
    /// - Complexity: O(*s*) for the *s* nodes counted.
    fileprivate func subtreeNodeCount(of node: NodeIndex) -> Int {
        var count = 0
        var stack = [node]
        while let current = stack.popLast() {
            count += 1
            var child = firstChild(of: current)
            while let next = child {
                stack.append(next)
                child = nextSibling(of: next)
            }
        }
        return count
    }
}
