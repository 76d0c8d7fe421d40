import TreeRows

/// Where in a tree the operation of a cost candidate acts: a rule that picks the same kind
/// of node on a tree of any size, so that a candidate can be grown along its shape family.
package enum CostLocus: String, CaseIterable, Codable, Sendable {
    /// The first of the deepest nodes.
    case deepest
    /// The node with the most children.
    case widest
    /// The top-level node with the most nodes under it.
    case heaviest
    /// The first child of the node with the most children (the top level counts).
    case firstSibling = "first-sibling"
    /// Its middle child.
    case middleSibling = "middle-sibling"
    /// Its last child.
    case lastSibling = "last-sibling"
    /// The first node in preorder.
    case first
    /// The node halfway through the preorder.
    case middle
    /// The last node in preorder.
    case last
    /// Nodes drawn uniformly from the seed: the typical node, whose cost the others are
    /// judged by.
    case random

    /// How many nodes ``random`` draws.
    package static let randomCount = 16

    /// The node(s) the locus picks in `tree` (not empty): one node, or ``randomCount`` drawn
    /// from `seed` for ``random``.
    ///
    /// - Complexity: O(*n*).
    package func nodes(in tree: Tree, seed: UInt64) -> [NodeIndex] {
        let shape = TreeSummary(tree)
        switch self {
        case .deepest: return [shape.deepest]
        case .widest: return [shape.widest]
        case .heaviest: return [shape.heaviest]
        case .firstSibling, .middleSibling, .lastSibling:
            let children = tree.children(of: shape.widestParent)
            let position = self == .firstSibling ? 0 : self == .middleSibling ? children.count / 2 : children.count - 1
            return [children[position]]
        case .first: return [shape.preorder[0]]
        case .middle: return [shape.preorder[shape.preorder.count / 2]]
        case .last: return [shape.preorder[shape.preorder.count - 1]]
        case .random:
            var random = SplitMix64(seed: seed ^ 0x5EED_C057)
            return (0..<Self.randomCount).map { _ in tree.randomLiveNode(using: &random) }
        }
    }
}

/// The facts about a tree's shape the loci and the cost variables need, from one walk.
struct TreeSummary {
    /// Every live node in preorder.
    let preorder: [NodeIndex]
    let deepest: NodeIndex
    /// The node (not the root) with the most children.
    let widest: NodeIndex
    /// The node, the root included, with the most children.
    let widestParent: NodeIndex
    let heaviest: NodeIndex

    /// - Complexity: O(*n*).
    init(_ tree: Tree) {
        var preorder: [NodeIndex] = []
        preorder.reserveCapacity(tree.nodeCount)
        tree.forEachInSubtree(of: Tree.root) { if $0 != Tree.root { preorder.append($0) } }
        var deepest = preorder[0], widest = preorder[0], widestCount = -1
        var childCounts = [Int32](repeating: 0, count: tree.slotCount)
        var sizes = [Int32](repeating: 1, count: tree.slotCount)
        for node in preorder {
            if tree.depth(of: node) > tree.depth(of: deepest) { deepest = node }
            childCounts[tree.parent(of: node).slot] += 1
        }
        for node in preorder.reversed() where tree.parent(of: node) != Tree.root {
            sizes[tree.parent(of: node).slot] += sizes[node.slot]
        }
        var heaviest = preorder[0]
        for node in preorder {
            if Int(childCounts[node.slot]) > widestCount { (widest, widestCount) = (node, Int(childCounts[node.slot])) }
            if tree.parent(of: node) == Tree.root && sizes[node.slot] > sizes[heaviest.slot] { heaviest = node }
        }
        self.preorder = preorder
        self.deepest = deepest
        self.widest = widest
        self.widestParent = Int(childCounts[Tree.root.slot]) >= widestCount ? Tree.root : widest
        self.heaviest = heaviest
    }
}

extension CostPoint {
    /// The variables of `step` at `node` of `tree`, whose rows are `rows` (every visible node
    /// in order) with `rowIndex` the row of each slot (-1: hidden).
    ///
    /// - Complexity: O(*d* + *f* + *s*) for the node's depth, its path's siblings and the nodes under it.
    static func measure(_ step: CostedStep, at node: NodeIndex, in tree: Tree, rows: Int, rowIndex: [Int32], elements: Int) -> CostPoint {
        var point = CostPoint()
        point[.nodes] = Double(tree.nodeCount)
        point[.rows] = Double(rows)
        point[.depth] = Double(tree.depth(of: node)) + 1
        var siblings = 0, ancestor = node
        while ancestor != Tree.root {
            let parent = tree.parent(of: ancestor)
            siblings = max(siblings, tree.childCount(of: parent))
            ancestor = parent
        }
        point[.siblings] = Double(siblings)
        point[.children] = Double(tree.childCount(of: node))
        let row = Int(rowIndex[node.slot])
        // The rows under a visible node as if it were expanded: those a toggle shows or hides.
        var below = 0
        if row >= 0 { tree.forEachVisibleDescendant(of: node) { _ in below += 1 } }
        point[.subtree] = Double(below + 1)
        var descendants = 0
        tree.forEachInSubtree(of: node) { _ in descendants += 1 }
        point[.descendants] = Double(descendants)
        point[.after] = row >= 0 ? Double(rows - row - 1 - below) : 0
        point[.elements] = Double(step == .accordionExpand ? tree.childCount(of: tree.parent(of: node)) : elements)
        return point
    }
}
