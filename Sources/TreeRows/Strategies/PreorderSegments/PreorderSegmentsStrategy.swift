/// Rows without a walk up the tree: every node has a fixed position in the preorder of the
/// whole forest (hidden nodes included), so its subtree is a range of positions, and every
/// position has a counter of the collapsed ancestors above it (``HiddenCounters``). A node
/// is a row exactly when its counter is 0, and its row is the number of zeros before its
/// position.
///
/// Collapsing a node adds 1 to the counters of its subtree range (expanding subtracts 1),
/// and the rows that disappear (or appear) are the zeros in that range: a toggle is one
/// range add and two prefix counts in a segment tree over the positions, whatever the
/// depth of the node or the width of its sibling list. ``row(at:)`` finds the *k*-th zero,
/// ``index(of:)`` counts the zeros before a position; with row heights the same tree sums
/// the heights of the zeros. A removed subtree gets 1 more on its range, so its positions
/// never count as rows again.
///
/// New nodes have no position to go to, so an insert, a page of replies and a sort lay the
/// positions out again: this strategy trades O(*n*) inserts for depth-independent toggles
/// and queries, the opposite of ``FenwickCountsStrategy``.
///
/// Complexity, for *n* positions (nodes, removed ones included until the next layout):
/// toggle, ``index(of:)``, ``row(at:)``, ``offset(ofRow:)``, ``row(atOffset:)`` and remove
/// O(log *n*); expand- and collapse-recursively O(*m* + log *n*) for *m* nodes (a rewrite of
/// the subtree's counters); expand-all and collapse-all O(*n*); insert, page and sort O(*n*)
/// (a new layout; sort O(*n* log *n*) with its diff). Memory: 16 bytes per node (position,
/// subtree end, node at position, counter) plus about 1 byte for the segment tree.
public struct PreorderSegmentsStrategy: RowStrategy {
    public static let name = "preorder-segments"

    /// Toggles and lookups O(log *n*); a removal O(log *n* + *s*) for its *s* nodes; an insert or a page lays
    /// every position out again, O(*n* + *k*); an accordion collapses each of the *f*
    /// siblings, O(*f* log *n* + *m*).
    ///
    /// - Complexity: O(1).
    public static func declaredCost(of step: CostedStep) -> CostBound? {
        switch step {
        case .toggle, .indexOf, .rowAt: .logarithmic
        case .remove: .logarithmic + .linear(in: .descendants)
        case .insert: .linear(in: .nodes) + .linear(in: .children)
        case .loadPage: .linear(in: .nodes) + .linear(in: .elements) + .linear(in: .children)
        case .accordionExpand: .linear(in: .siblings) * .logarithmic + .linear(in: .subtree)
        }
    }

    public internal(set) var tree: Tree
    /// Where a slot's subtree lies among the positions.
    struct Span {
        /// The slot's own position (-1 for the root and for slots removed before the last
        /// layout).
        var position: Int32 = -1
        /// One past the last position of the slot's subtree.
        var end: Int32 = -1
    }

    /// The span of each slot: one 8-byte element, so a toggle's lookup touches one cache line.
    var spans: ContiguousArray<Span>
    /// The slot at each position.
    var slots: ContiguousArray<Int32>
    var counters: HiddenCounters
    /// Scratch counters for rewrites, kept to avoid an allocation per rewrite.
    var scratch: ContiguousArray<Int32> = []
    /// Layouts after the build, rewrites, and the segment tree's growth (see ``structuralEvents``).
    var events = StructuralEventCounter([
        .init("layout"), .init("layout dropping removed positions"), .init("counters rewritten"),
        .init("segment tree grew", hasLevels: true), .init("segment tree shrank", hasLevels: true),
    ])
    /// Indices into `events`' kinds.
    enum Event {
        static let layout = 0
        static let layoutDroppingRemoved = 1
        static let countersRewritten = 2
        static let segmentTreeGrew = 3
        static let segmentTreeShrank = 4
    }
    /// Positions of nodes removed since the last layout.
    var deadPositions = 0

    public init(tree: Tree) {
        self.tree = tree
        spans = []
        slots = []
        counters = HiddenCounters(values: [], weights: [], isWeighted: false)
        layOut()
        checkInvariantsIfEnabled()
    }

    /// The positions laid out, removed ones included (for tests).
    var positionCount: Int { slots.count }

    // MARK: Layout

    /// Numbers every live node in preorder and sets every counter from the expanded flags,
    /// in one walk of the links: a node's counter is the collapsed ancestors passed on the
    /// way down, and a subtree ends where the walk climbs out of it.
    ///
    /// - Complexity: O(*n*).
    mutating func layOut() {
        let tree = self.tree
        let count = tree.nodeCount
        var spans = ContiguousArray<Span>(repeating: Span(), count: tree.slotCount)
        var slots = ContiguousArray<Int32>(repeating: 0, count: count)
        var values = ContiguousArray<Int32>(repeating: 0, count: count)
        var weights = ContiguousArray<Int32>(repeating: 0, count: tree.hasHeights ? count : 0)
        var position = 0
        spans.withUnsafeMutableBufferPointer { spans in
            slots.withUnsafeMutableBufferPointer { slots in
                values.withUnsafeMutableBufferPointer { values in
                    tree.firstChildren.withUnsafeBufferPointer { firstChildren in
                        tree.nextSiblings.withUnsafeBufferPointer { nextSiblings in
                            tree.parents.withUnsafeBufferPointer { parents in
                                tree.expandedFlags.withUnsafeFlags { expanded in
                                    var current = firstChildren[0]
                                    // The collapsed ancestors of `current`.
                                    var hidden: Int32 = 0
                                    while current != Tree.noNode {
                                        let slot = Int(current)
                                        spans[slot].position = Int32(position)
                                        slots[position] = current
                                        values[position] = hidden
                                        position += 1
                                        let child = firstChildren[slot]
                                        if child != Tree.noNode {
                                            if !expanded[slot] { hidden += 1 }
                                            current = child
                                            continue
                                        }
                                        spans[slot].end = Int32(position)
                                        var node = slot
                                        var next = nextSiblings[node]
                                        while next == Tree.noNode {
                                            let parent = Int(parents[node])
                                            if parent == Tree.root.slot { break }
                                            spans[parent].end = Int32(position)
                                            if !expanded[parent] { hidden -= 1 }
                                            node = parent
                                            next = nextSiblings[node]
                                        }
                                        current = next
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        precondition(position == count, "the walk numbered \(position) of \(count) nodes")
        if tree.hasHeights {
            for index in 0..<count { weights[index] = tree.height(of: NodeIndex(slots[index])) }
        }
        self.spans = spans
        self.slots = slots
        counters = HiddenCounters(values: values, weights: weights, isWeighted: tree.hasHeights)
    }

    /// Lays the positions out again after a change (not at the build), counting the layout
    /// and the segment tree's change of height as ``structuralEvents``.
    ///
    /// - Complexity: O(*n*).
    mutating func layOutAgain() {
        let levels = counters.levels
        events.count(deadPositions > 0 ? Event.layoutDroppingRemoved : Event.layout)
        deadPositions = 0
        layOut()
        if counters.levels != levels {
            events.count(counters.levels > levels ? Event.segmentTreeGrew : Event.segmentTreeShrank, level: counters.levels)
        }
    }

    /// The positions of `node`'s subtree, its own first.
    func span(of node: NodeIndex) -> Range<Int> {
        Int(spans[node.slot].position)..<Int(spans[node.slot].end)
    }

    /// The positions of `node`'s descendants.
    func descendantRange(of node: NodeIndex) -> Range<Int> { span(of: node).dropFirst() }

    /// The row of the node at the first position of `span` (a subtree) and the rows the
    /// span holds, that node's included; `nil` when that node is hidden.
    ///
    /// - Complexity: O(log *n*).
    func rows(ofSpan span: Range<Int>) -> (first: Int, count: Int)? {
        let start = counters.prefix(span.lowerBound)
        guard start.value == 0 else { return nil }
        return (start.zeros, counters.prefix(span.upperBound).zeros - start.zeros)
    }

    // MARK: Events

    /// Layouts after the build (those that drop removed positions apart), rewrites of a
    /// subtree's counters, and the segment tree's growth and shrinking by height.
    ///
    /// - Complexity: O(*h*) for the segment tree's height *h*.
    public var structuralEvents: [StructuralEvent: Int] { events.events }
}
