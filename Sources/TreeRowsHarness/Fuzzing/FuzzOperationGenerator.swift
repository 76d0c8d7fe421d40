import TreeRows

/// Draws operations for the fuzzer: every operation of the core with every parameter at
/// its edge values, aimed at the nodes where the usual bugs live.
///
/// - Targets: visible leaves, visible collapsed nodes with children, expanded nodes with
///   visible descendants, hidden nodes, the first and last row, first and last siblings,
///   ancestors of collapsed nodes, the node with the largest subtree, and nodes that an
///   earlier operation of the same case inserted.
/// - Parameters: insert positions first, last and between; parents at the top level, the
///   picked node's own parent (a reply beside it),
///   hidden, collapsed and expanded; `time` and `score` absent, ordinary, tied with a
///   sibling's, and at their extremes (`Int64.max`, `Int64.min + 1`, 0, -1); ids new,
///   reused after a removal, and the next implicit integer id; pages of no, one, a few and
///   many replies, with and without a load-more row (which may have replies of its own),
///   kept or removed; sorts by every key in both directions, reporting moves or reloading.
///
/// Every operation costs O(*n*) at most to draw, for *n* nodes (O(*n* + *d*) with the
/// depth *d* of a hidden node's search), so the same generator serves trees of a million
/// nodes.
package struct FuzzOperationGenerator: Sendable {
    var random: SplitMix64
    private var nextID = 0
    /// The previous operation, for double toggles.
    private var previous: TreeOperation?
    /// Ids inserted in this case, for operations on new replies.
    var insertedIDs: [NodeID] = []
    /// Ids removed in this case, for reuse by a later insert.
    private var removedIDs: [NodeID] = []

    /// A node picked one time in four while it lives (the root of a big block); the first
    /// region of a churn case.
    let focus: NodeIndex?

    /// The plan of a region-churn case, and where it stands (see
    /// `FuzzOperationGenerator+Churn.swift`).
    var churn: ChurnState?

    /// The sweep of a large case's extremal nodes, and where it stands (see
    /// `FuzzOperationGenerator+Extremes.swift`).
    var sweep: Sweep?

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - focus: A node to return to often, if any.
    ///   - churn: The arm of a region-churn case: then nine operations in ten go to it.
    ///   - sweep: For a large case, the round of the scenario cycle it belongs to and how
    ///     many operations to spend first on its extremal nodes.
    package init(seed: UInt64, focus: NodeIndex? = nil, churn: RegionChurn? = nil, sweep: (round: Int, length: Int)? = nil) {
        random = SplitMix64(seed: seed)
        self.focus = focus
        if let churn { self.churn = ChurnState(plan: churn, random: &random) }
        if let sweep, sweep.length > 0 { self.sweep = Sweep(round: sweep.round, length: sweep.length) }
    }

    /// The next operation for the reference in its current state.
    ///
    /// - Complexity: O(*n* + *d*) for *n* nodes and depth *d*.
    package mutating func next(for reference: ReferenceStrategy) -> TreeOperation {
        defer { previous = nil }
        guard reference.tree.nodeCount > 0 else { return reply(in: reference.tree, under: Tree.root, position: 0) }
        if let operation = sweepNext(for: reference) { return operation }
        guard churn != nil else { return any(for: reference) }
        if !random.chance(1, in: 10) { return churnNext(for: reference) }
        // A churn case's removals are its own: one of the row-0 kind would take the region.
        let operation = any(for: reference)
        if case .remove(let node) = operation { return .toggle(node) }
        return operation
    }

    /// Any operation, aimed by the usual conditions.
    private mutating func any(for reference: ReferenceStrategy) -> TreeOperation {
        let tree = reference.tree
        if case .toggle(let node)? = previous, tree.contains(node), random.chance(1, in: 4) { return .toggle(node) }
        let node = pick(in: reference)
        switch random.below(100) {
        case ..<26: return .toggle(node)
        case ..<31: return .expand(node)
        case ..<36: return .collapse(node)
        case ..<40: return .expandRecursively(node)
        case ..<44: return .collapseRecursively(node)
        case ..<46: return .expandAll
        case ..<48: return .collapseAll
        case ..<55:
            return .sort(SiblingOrder.all[random.below(SiblingOrder.all.count)], reportingMoves: !random.chance(1, in: 3))
        case ..<62: return .accordionExpand(node)
        case ..<69: return page(in: tree, under: random.chance(1, in: 6) ? Tree.root : pageParent(near: node, in: tree))
        case ..<83:
            // At the top level, beside the picked node (in its sibling list), or under it.
            let parent = random.chance(1, in: 6) ? Tree.root : random.chance(1, in: 4) ? tree.parent(of: node) : node
            let count = tree.childCount(of: parent)
            let position = random.chance(1, in: 3) ? 0 : random.chance(1, in: 2) ? count : random.below(count + 1)
            return reply(in: tree, under: parent, position: position)
        case ..<94:
            if reference.rowCount > 0 && random.chance(1, in: 3) {
                return .remove(reference.row(at: random.chance(1, in: 2) ? 0 : reference.rowCount - 1).node)
            }
            return .remove(node)
        default: return .reload(node)
        }
    }

    /// Records the operation just performed (on `tree`, before it): a toggle may be
    /// repeated next; inserted and removed ids are kept for later operations.
    ///
    /// - Complexity: O(*m*) for a removal of *m* nodes; O(1) otherwise.
    package mutating func performed(_ operation: TreeOperation, on tree: Tree) {
        previous = operation
        churn?.performed(operation)
        switch operation {
        case .insert(let id, _, _, _, _): Self.remember(id, in: &insertedIDs, &random)
        case .loadPage(let ids, _, let loadMoreRow, let removing):
            for id in ids.prefix(64) { Self.remember(id, in: &insertedIDs, &random) }
            if let loadMoreRow, removing { Self.remember(tree.id(of: loadMoreRow), in: &removedIDs, &random) }
        case .remove(let node):
            // The subtree's root and a few of its members, not all of a huge subtree.
            Self.remember(tree.id(of: node), in: &removedIDs, &random)
            var member = tree.firstChild(of: node)
            var count = 0
            while let current = member, count < 4 {
                Self.remember(tree.id(of: current), in: &removedIDs, &random)
                member = tree.firstChild(of: current)
                count += 1
            }
        default: break
        }
    }

    /// Keeps `id` in `list`, which holds 64 at most (a random one goes to make room).
    private static func remember(_ id: NodeID, in list: inout [NodeID], _ random: inout SplitMix64) {
        if list.count >= 64 { list.remove(at: random.below(list.count)) }
        list.append(id)
    }

    /// A node, chosen by one of the conditions that expose bugs, or uniformly.
    private mutating func pick(in reference: ReferenceStrategy) -> NodeIndex {
        let tree = reference.tree
        if let focus, tree.contains(focus), random.chance(1, in: 4) { return focus }
        switch random.below(16) {
        case 0:
            // An ancestor of a collapsed node that has children.
            if let node = sample(in: tree, where: { !tree.isExpanded($0) && tree.firstChild(of: $0) != nil }) {
                var ancestors: [NodeIndex] = []
                var current = tree.parent(of: node)
                while current != Tree.root && ancestors.count < 4_096 {
                    ancestors.append(current)
                    current = tree.parent(of: current)
                }
                return ancestors.isEmpty ? node : ancestors[random.below(ancestors.count)]
            }
        case 1:
            return Self.largestSubtree(in: tree)
        case 2:
            // A hidden node (edits under hidden parents).
            if let node = sample(in: tree, where: { !tree.isVisible($0) }) { return node }
        case 3 where reference.rowCount > 0:
            return reference.row(at: random.chance(1, in: 2) ? 0 : reference.rowCount - 1).node
        case 4:
            // A first or last sibling.
            let parent = tree.parent(of: tree.randomLiveNode(using: &random))
            return (random.chance(1, in: 2) ? tree.firstChild(of: parent) : tree.lastChild(of: parent))!
        case 5 where !insertedIDs.isEmpty:
            if let node = tree.index(of: insertedIDs[random.below(insertedIDs.count)]) { return node }
        case 6...7 where reference.rowCount > 0:
            // A visible node with children, collapsed or expanded.
            let wantsExpanded = random.chance(1, in: 2)
            for _ in 0..<16 {
                let node = reference.row(at: random.below(reference.rowCount)).node
                if tree.firstChild(of: node) != nil && tree.isExpanded(node) == wantsExpanded { return node }
            }
        case 8 where reference.rowCount > 0:
            // A visible node, uniformly among the rows.
            return reference.row(at: random.below(reference.rowCount)).node
        default: break
        }
        return tree.randomLiveNode(using: &random)
    }

    /// A node satisfying `condition`, by up to 32 uniform draws; `nil` if none hit.
    private mutating func sample(in tree: Tree, where condition: (NodeIndex) -> Bool) -> NodeIndex? {
        for _ in 0..<32 {
            let node = tree.randomLiveNode(using: &random)
            if condition(node) { return node }
        }
        return nil
    }

    /// The node with the most descendants.
    ///
    /// - Complexity: O(*s*) for *s* slots.
    static func largestSubtree(in tree: Tree) -> NodeIndex {
        var sizes = [Int32](repeating: 1, count: tree.slotCount)
        var best = tree.firstChild(of: Tree.root)!
        tree.forEachInSubtreePostorder(of: Tree.root) { node in
            guard node != Tree.root else { return }
            sizes[tree.parent(of: node).slot] += sizes[node.slot]
            if sizes[node.slot] > sizes[best.slot] { best = node }
        }
        return best
    }

    /// A parent for a page: `node`, or sometimes the parent of a node whose last child has
    /// replies of its own (a load-more row with children).
    private mutating func pageParent(near node: NodeIndex, in tree: Tree) -> NodeIndex {
        guard random.chance(1, in: 4), let parent = sample(in: tree, where: { candidate in
            tree.lastChild(of: candidate).map { tree.firstChild(of: $0) != nil } ?? false
        }) else { return node }
        return parent
    }

    mutating func reply(in tree: Tree, under parent: NodeIndex, position: Int) -> TreeOperation {
        let (time, score) = fields(in: tree, under: parent)
        return .insert(newID(in: tree), under: parent, at: position, time: time, score: score)
    }

    /// A reply's `time` and `score`: absent, ordinary, tied with a sibling's, or extreme.
    private mutating func fields(in tree: Tree, under parent: NodeIndex) -> (Int64?, Int64?) {
        let sibling = tree.firstChild(of: parent)
        func value(_ ordinary: Int64, _ existing: (NodeIndex) -> Int64?) -> Int64? {
            switch random.below(10) {
            case ..<4: return nil
            case ..<6: return ordinary
            case 6: return Int64.max
            case 7: return Int64.min + 1
            case 8: return random.chance(1, in: 2) ? 0 : -1
            default: return sibling.flatMap(existing) ?? ordinary
            }
        }
        let time = value(1_600_000_000 + Int64(random.below(1_000_000)), tree.time(of:))
        let score = value(Int64(random.below(600)) - 50, tree.score(of:))
        return (time, score)
    }

    /// A page of replies: none, one to three, or many (`count` if given); half the time the
    /// parent's last child plays the load-more row, removed (last page) half of those times.
    mutating func page(in tree: Tree, under parent: NodeIndex, count: Int? = nil) -> TreeOperation {
        let count = count ?? (random.chance(1, in: 8) ? 0 : random.chance(1, in: 8) ? 8 + random.below(57) : 1 + random.below(3))
        var ids: [NodeID] = []
        for _ in 0..<count {
            var id = newID(in: tree)
            while ids.contains(id) { id = newID(in: tree) }
            ids.append(id)
        }
        let loadMoreRow = random.chance(1, in: 2) ? tree.lastChild(of: parent) : nil
        return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: loadMoreRow != nil && random.chance(1, in: 2))
    }

    /// A new id: a fresh string, a removed id reused, or the next integer id in slot order.
    private mutating func newID(in tree: Tree) -> NodeID {
        if !removedIDs.isEmpty && random.chance(1, in: 5) {
            let id = removedIDs.remove(at: random.below(removedIDs.count))
            if tree.index(of: id) == nil { return id }
        }
        if random.chance(1, in: 10) {
            // The id a node in this slot has when every id is implicit (0, 1, 2, … in order).
            let id = NodeID.integer(Int64(tree.slotCount - 1))
            if tree.index(of: id) == nil { return id }
        }
        var id: NodeID
        repeat {
            id = .string("n\(nextID)")
            nextID += 1
        } while tree.index(of: id) != nil
        return id
    }
}
