import TreeRows

/// Draws operations for the fuzzer: every operation of the core, weighted, with the
/// adversarial choices that expose the usual bugs: toggling an ancestor of a collapsed
/// node, the node with the largest subtree, double toggles, edits under hidden parents,
/// removing the node at row 0, inserting first and last among siblings.
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
        case ..<34: operation = .toggle(node)
        case ..<40: operation = .expand(node)
        case ..<46: operation = .collapse(node)
        case ..<51: operation = .expandRecursively(node)
        case ..<56: operation = .collapseRecursively(node)
        case ..<58: operation = .expandAll
        case ..<60: operation = .collapseAll
        case ..<78:
            let parent = random.chance(1, in: 6) ? Tree.root : node
            let count = tree.childCount(of: parent)
            let position = random.chance(1, in: 3) ? 0 : random.chance(1, in: 2) ? count : random.below(count + 1)
            operation = reply(in: tree, under: parent, position: position)
        case ..<90:
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
        var id: NodeID
        repeat {
            id = .string("n\(nextID)")
            nextID += 1
        } while tree.index(of: id) != nil
        return .insert(id, under: parent, at: position)
    }
}
