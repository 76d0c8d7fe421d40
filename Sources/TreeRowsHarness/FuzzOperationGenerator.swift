import TreeRows

/// Draws operations for the fuzzer: every operation of the core, weighted, with the
/// adversarial choices that expose the usual bugs: toggling an ancestor of a collapsed
/// node, the node with the largest subtree, double toggles, edits under hidden parents,
/// removing the node at row 0, inserting first and last among siblings, sorts by every
/// key, accordion expands, pages of replies with and without a load-more row.
public struct FuzzOperationGenerator: Sendable {
    private var random: SplitMix64
    private var nextID = 0
    /// The previous operation, for double toggles.
    private var previous: TreeOperation?

    /// Creates a generator.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next operation for the reference in its current state.
    ///
    /// - Complexity: O(*n*) (the adversarial choices scan the tree).
    public mutating func next(for reference: ReferenceStrategy) -> TreeOperation {
        let tree = reference.tree
        defer { previous = nil }
        guard tree.nodeCount > 0 else { return reply(in: tree, under: Tree.root, position: 0) }
        if case .toggle(let node)? = previous, tree.contains(node), random.chance(1, in: 4) { return .toggle(node) }
        let node = pick(in: reference)
        let operation: TreeOperation
        switch random.below(100) {
        case ..<28: operation = .toggle(node)
        case ..<33: operation = .expand(node)
        case ..<38: operation = .collapse(node)
        case ..<42: operation = .expandRecursively(node)
        case ..<46: operation = .collapseRecursively(node)
        case ..<48: operation = .expandAll
        case ..<50: operation = .collapseAll
        case ..<56: operation = .sort(SiblingOrder.all[random.below(SiblingOrder.all.count)])
        case ..<64: operation = .accordionExpand(node)
        case ..<70: operation = page(in: tree, under: random.chance(1, in: 6) ? Tree.root : node)
        case ..<84:
            let parent = random.chance(1, in: 6) ? Tree.root : node
            let count = tree.childCount(of: parent)
            let position = random.chance(1, in: 3) ? 0 : random.chance(1, in: 2) ? count : random.below(count + 1)
            operation = reply(in: tree, under: parent, position: position)
        case ..<94:
            if reference.rowCount > 0 && random.chance(1, in: 4) {
                operation = .remove(reference.row(at: 0).node)
            } else {
                operation = .remove(node)
            }
        default: operation = .reload(node)
        }
        return operation
    }

    /// Records the operation just performed, so the next may repeat a toggle.
    public mutating func performed(_ operation: TreeOperation) { previous = operation }

    /// A node, chosen in one of the adversarial ways or uniformly.
    private mutating func pick(in reference: ReferenceStrategy) -> NodeIndex {
        let tree = reference.tree
        switch random.below(10) {
        case 0:
            // An ancestor of a collapsed node that has descendants.
            let collapsed = tree.nodes.filter { !tree.isExpanded($0) && tree.firstChild(of: $0) != nil }
            if let node = collapsed.isEmpty ? nil : collapsed[random.below(collapsed.count)] {
                var ancestors: [NodeIndex] = []
                var current = tree.parent(of: node)
                while current != Tree.root {
                    ancestors.append(current)
                    current = tree.parent(of: current)
                }
                return ancestors.isEmpty ? node : ancestors[random.below(ancestors.count)]
            }
        case 1:
            // The node with the largest subtree.
            var sizes = [Int](repeating: 1, count: tree.slotCount)
            var best = tree.nodes[0]
            tree.forEachInSubtreePostorder(of: Tree.root) { node in
                guard node != Tree.root else { return }
                sizes[tree.parent(of: node).slot] += sizes[node.slot]
                if sizes[node.slot] > sizes[best.slot] { best = node }
            }
            return best
        case 2:
            // A hidden node (edits under hidden parents).
            let hidden = tree.nodes.filter { !tree.isVisible($0) }
            if !hidden.isEmpty { return hidden[random.below(hidden.count)] }
        default: break
        }
        return OperationGenerator.randomNode(in: tree, using: &random)
    }

    private mutating func reply(in tree: Tree, under parent: NodeIndex, position: Int) -> TreeOperation {
        .insert(newID(in: tree), under: parent, at: position)
    }

    /// A page of one to three replies; half the time the parent's last child plays the
    /// load-more row, removed (last page) half of those times.
    private mutating func page(in tree: Tree, under parent: NodeIndex) -> TreeOperation {
        let ids = (0...random.below(3)).map { _ in newID(in: tree) }
        let loadMoreRow = random.chance(1, in: 2) ? tree.lastChild(of: parent) : nil
        return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: loadMoreRow != nil && random.chance(1, in: 2))
    }

    private mutating func newID(in tree: Tree) -> NodeID {
        var id: NodeID
        repeat {
            id = .string("n\(nextID)")
            nextID += 1
        } while tree.index(of: id) != nil
        return id
    }
}
