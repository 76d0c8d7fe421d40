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

extension PreorderElements {
    /// The iterator's elements, in the same order, handed to `body` by one tight walk over
    /// the tree's columns through their buffers (no bounds or uniqueness checks): the
    /// build's walk. The invariant check compares the sequence it built with the iterator's
    /// walk, so each of the two walks checks the other.
    ///
    /// - Complexity: O(*n*).
    static func forEach(in tree: Tree, _ body: (_ slot: Int32, _ counter: Int32, _ key: Int32, _ height: Int32) -> Void) {
        let weighted = tree.hasHeights
        tree.firstChildren.withUnsafeBufferPointer { firstChildren in
            tree.nextSiblings.withUnsafeBufferPointer { nextSiblings in
                tree.parents.withUnsafeBufferPointer { parents in
                    tree.heights.withUnsafeBufferPointer { heights in
                        tree.expandedFlags.withUnsafeFlags { expanded in
                            var current = firstChildren[0]
                            var hidden: Int32 = 0
                            // The walk's own depth (twice the depth, as the key has it).
                            var doubleDepth: Int32 = 0
                            while current != Tree.noNode {
                                let slot = Int(current)
                                let isExpanded = expanded[slot]
                                body(current, hidden, doubleDepth &+ (isExpanded ? 0 : 1), weighted ? heights[slot] : 0)
                                let child = firstChildren[slot]
                                if child != Tree.noNode {
                                    if !isExpanded { hidden &+= 1 }
                                    doubleDepth &+= 2
                                    current = child
                                    continue
                                }
                                var node = slot
                                while nextSiblings[node] == Tree.noNode {
                                    let parent = Int(parents[node])
                                    if parent == Tree.root.slot { break }
                                    if !expanded[parent] { hidden &-= 1 }
                                    doubleDepth &-= 2
                                    node = parent
                                }
                                current = nextSiblings[node]
                            }
                        }
                    }
                }
            }
        }
    }
}
