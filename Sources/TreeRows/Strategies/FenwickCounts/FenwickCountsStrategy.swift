/// Range-counts with the sibling scans taken out: every node keeps the number of rows its
/// subtree shows (as in ``RangeCountsStrategy``), and every parent keeps a Fenwick tree over
/// its children's counts (``SiblingLists``), so the rows before a child among its siblings,
/// and the child at a given row among them, are O(log *f*) instead of O(*f*).
///
/// A change to one node's count is added to its cell in its parent's Fenwick tree and to
/// the counts of its ancestors, up to the first collapsed one (whose cell in its own
/// parent's tree is not touched, since its count stays 1). A node's row is the sum, over
/// its ancestor path, of the prefix before each step plus one per ancestor row;
/// ``row(at:)`` descends, finding the child at each level with a Fenwick search. With row
/// heights, a second Fenwick tree per parent holds the children's height sums.
///
/// Complexity, for a node at depth *d* whose ancestors have at most *f* children:
/// toggle, ``index(of:)``, ``row(at:)``, ``offset(ofRow:)`` and ``row(atOffset:)``
/// O(*d* log *f*); appending a reply O(*d* log *f*) amortized, inserting one among its
/// siblings O(*f* + *d* log *f*); remove O(*d* log *f*) plus the subtree; expand- and
/// collapse-recursively O(*m* + *d* log *f*) for *m* nodes; expand-all, collapse-all and
/// sort O(*n*) (sort O(*n* log *n*) with its diff).
public struct FenwickCountsStrategy: RowStrategy {
    public static let name = "fenwick-counts"

    /// Counts are updated up the *d* ancestors, each level in a Fenwick tree over *f*
    /// siblings, O(*d* log *f*); an insert shifts its region of the sibling arrays and walks
    /// to the last child, O(*f* + *c*); a page inserts its *k* replies one by one, O(*k*·*d*
    /// log *f*); a removal also unlinks its *s* nodes, an accordion visits the *m* rows and the siblings.
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        let path = CostBound.linear(in: .depth) * .logarithm(of: .siblings)
        switch step {
        case .toggle, .indexOf, .rowAt: return path
        case .insert: return path + .linear(in: .siblings) + .linear(in: .children)
        case .loadPage: return (path + .linear(in: .siblings)) * .linear(in: .elements) + .linear(in: .children)
        case .remove: return path + .linear(in: .siblings) + .linear(in: .descendants)
        case .accordionExpand: return path * .linear(in: .siblings) + .linear(in: .subtree)
        }
    }

    public internal(set) var tree: Tree
    /// The visible-subtree row count of each slot (the root's includes the root itself).
    var counts: ContiguousArray<Int32>
    /// The height sum of each slot's visible subtree (the root's own height is 0); empty
    /// without heights.
    var heightSums: ContiguousArray<Int64>
    var lists: SiblingLists
    /// The Fenwick cells: at ``countCells`` the children's row counts, at ``heightCells``
    /// their height sums (with heights only).
    var cells: [ContiguousArray<Int64>]
    /// Where in ``cells`` the children's row counts are.
    static let countCells = 0
    /// Where in ``cells`` the children's height sums are, when the tree has heights.
    static let heightCells = 1
    /// Whether the tree had row heights when the strategy was built: only then are height
    /// sums kept (``heightSums`` and the second list of ``cells``).
    let hasHeights: Bool

    public init(tree: Tree) {
        self.tree = tree
        counts = ContiguousArray(repeating: 1, count: tree.slotCount)
        hasHeights = tree.hasHeights
        heightSums = hasHeights ? ContiguousArray(repeating: 0, count: tree.slotCount) : []
        lists = SiblingLists(slotCount: tree.slotCount)
        cells = hasHeights ? [[], []] : [[]]
        refresh(Tree.root)
        checkInvariantsIfEnabled()
    }

    /// The height of `node`'s own row, 0 for the root.
    func ownHeight(_ slot: Int) -> Int64 { slot == 0 ? 0 : Int64(tree.height(of: NodeIndex(Int32(slot)))) }

    /// The sum of the values of all children of `parent` in cell array `array`.
    func total(of parent: Int, _ array: Int) -> Int64 {
        lists.start[parent] < 0 ? 0 : lists.prefix(lists.used[parent], of: parent, cells[array])
    }

    // MARK: Bookkeeping

    /// Recomputes counts, height sums and the Fenwick trees of `node`'s subtree bottom-up.
    ///
    /// - Complexity: O(*m*) for a subtree of *m* nodes.
    mutating func refresh(_ node: NodeIndex) {
        let tree = self.tree
        var children: [Int32] = []
        tree.forEachInSubtreePostorder(of: node) { member in
            let slot = member.slot
            children.removeAll(keepingCapacity: true)
            var child = tree.firstChildren[slot]
            while child != Tree.noNode {
                children.append(child)
                child = tree.nextSiblings[Int(child)]
            }
            if !children.isEmpty { layOut(slot, children) }
            let expanded = tree.isExpanded(member)
            counts[slot] = expanded ? 1 + Int32(total(of: slot, Self.countCells)) : 1
            if hasHeights { heightSums[slot] = ownHeight(slot) + (expanded ? total(of: slot, Self.heightCells) : 0) }
        }
    }

    /// Lays out `parent`'s region for `children` and builds its cells from their values.
    mutating func layOut(_ parent: Int, _ children: [Int32]) {
        let counts = self.counts
        let heightSums = self.heightSums
        lists.layOut(parent, children: children, cells: &cells) { array, member in
            array == Self.countCells ? Int64(counts[Int(member)]) : heightSums[Int(member)]
        }
    }

    /// Rebuilds the cells of `parent`'s region from its members' current values.
    mutating func rebuildCells(_ parent: Int) {
        let counts = self.counts
        let heightSums = self.heightSums
        for array in cells.indices {
            lists.rebuild(parent, &cells[array], array: array) { array, member in
                array == Self.countCells ? Int64(counts[Int(member)]) : heightSums[Int(member)]
            }
        }
    }

    /// Adds a change of `node`'s count (and height sum) to its cell in its parent's trees
    /// (unless `skippingOwnCell`) and to its ancestors, up to the first collapsed one.
    ///
    /// - Returns: Whether the walk reached the root, i.e. whether `node` is visible.
    /// - Complexity: O(*d* log *f*).
    mutating func propagate(_ delta: Int32, height heightDelta: Int64, above node: NodeIndex, skippingOwnCell: Bool = false) -> Bool {
        var child = node.slot
        var skip = skippingOwnCell
        while true {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            if !skip {
                lists.add(Int64(delta), at: lists.position[child], of: parent, &cells[Self.countCells])
                if hasHeights { lists.add(heightDelta, at: lists.position[child], of: parent, &cells[Self.heightCells]) }
            }
            skip = false
            if parent != 0 && !tree.isExpanded(NodeIndex(Int32(parent))) { return false }
            counts[parent] += delta
            if hasHeights { heightSums[parent] += heightDelta }
            if parent == 0 { return true }
            child = parent
        }
    }

    func heightSum(_ slot: Int) -> Int64 { hasHeights ? heightSums[slot] : 0 }
}
