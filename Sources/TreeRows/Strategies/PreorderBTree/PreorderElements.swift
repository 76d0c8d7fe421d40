/// The elements of a ``PreorderSequence`` for a tree, in preorder, one at a time: each live
/// node with its counter (the collapsed ancestors passed on the way down), its key
/// (`2 · depth + (collapsed ? 1 : 0)`) and its height (0 without heights). A walk of the
/// links without a stack, so depth is unlimited.
///
/// - Complexity: O(*n*) for the whole walk, O(1) amortized per element.
package struct PreorderElements: IteratorProtocol {
    package struct Element {
        package var slot: Int32
        package var counter: Int32
        package var key: Int32
        package var height: Int32
    }

    private let tree: Tree
    private var current: Int32
    private var hidden: Int32 = 0

    package init(_ tree: Tree) {
        self.tree = tree
        current = tree.firstChildren[0]
    }

    package mutating func next() -> Element? {
        guard current != Tree.noNode else { return nil }
        let slot = Int(current)
        let expanded = tree.expandedFlags[slot]
        let element = Element(
            slot: current, counter: hidden, key: 2 &* tree.depths[slot] &+ (expanded ? 0 : 1),
            height: tree.hasHeights ? tree.heights[slot] : 0)
        let child = tree.firstChildren[slot]
        if child != Tree.noNode {
            if !expanded { hidden += 1 }
            current = child
            return element
        }
        var node = slot
        while tree.nextSiblings[node] == Tree.noNode {
            let parent = Int(tree.parents[node])
            if parent == Tree.root.slot { break }
            if !tree.expandedFlags[parent] { hidden -= 1 }
            node = parent
        }
        current = tree.nextSiblings[node]
        return element
    }
}
