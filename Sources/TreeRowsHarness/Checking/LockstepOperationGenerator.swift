import TreeRows

/// Draws random operations over a tree from a seed for `LockstepChecker` (the `check`
/// command); the fuzzer has its own, `FuzzOperationGenerator`. The same seed and the same tree
/// history give the same operations on every machine.
///
/// Weights favour toggles; inserts add replies (and sometimes top-level comments) with ids
/// `gen-<n>`; removals are rarer and stop when the tree gets small.
package struct LockstepOperationGenerator: Sendable {
    private var random: SplitMix64
    private var nextID = 0

    /// Creates a generator.
    package init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The next operation for `tree` in its current state.
    ///
    /// - Complexity: O(*f*) for the child count of an insert's parent; O(1) otherwise
    ///   (plus an O(*s*) scan in the rare case that random slots keep hitting removed nodes).
    package mutating func next(for tree: Tree) -> TreeOperation {
        guard tree.nodeCount > 0 else { return newReply(in: tree, under: Tree.root) }
        let node = randomNode(in: tree)
        let roll = random.below(100)
        switch roll {
        case ..<36: return .toggle(node)
        case ..<44: return .expand(node)
        case ..<52: return .collapse(node)
        case ..<56: return .expandRecursively(node)
        case ..<60: return .collapseRecursively(node)
        case ..<61: return .expandAll
        case ..<62: return .collapseAll
        case ..<78: return newReply(in: tree, under: random.chance(1, in: 8) ? Tree.root : node)
        case ..<90:
            // Small trees shrink more slowly, but may still lose their last node.
            return tree.nodeCount > 8 || random.chance(1, in: 4) ? .remove(node) : newReply(in: tree, under: node)
        default: return .reload(node)
        }
    }

    /// A uniformly chosen live node; the tree must not be empty.
    package mutating func randomNode(in tree: Tree) -> NodeIndex { tree.randomLiveNode(using: &random) }

    private mutating func newReply(in tree: Tree, under parent: NodeIndex) -> TreeOperation {
        var id: NodeID
        repeat {
            id = .string("gen-\(nextID)")
            nextID += 1
        } while tree.index(of: id) != nil
        return .insert(id, under: parent, at: random.below(tree.childCount(of: parent) + 1))
    }
}
