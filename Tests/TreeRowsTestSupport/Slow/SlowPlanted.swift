import TreeRows

/// Correct strategies with planted extra work in one operation, for the harness's slow
/// path: their rows stay right, only their cost grows. Each keeps what its work computes, so
/// that the optimizer keeps the work.
enum SlowPlantedSink {
    nonisolated(unsafe) static var value = 0
}

/// subtree-splice whose accordion walks the whole tree once for every sibling it would
/// collapse: O(*n* · *k*) for *k* siblings, as an accordion built from one-by-one collapses of
/// a flat strategy costs.
public struct SlowAccordion: ForwardingStrategy {
    public static let name = "slow-accordion"
    public var base: SubtreeSpliceStrategy

    public init(base: SubtreeSpliceStrategy) { self.base = base }

    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        let tree = base.tree
        if tree.contains(node) {
            for _ in tree.children(of: tree.parent(of: node)) {
                var visible = 0
                tree.forEachVisibleDescendant(of: Tree.root) { _ in visible += 1 }
                SlowPlantedSink.value &+= visible
            }
        }
        return base.accordionExpand(node)
    }
}

/// subtree-splice whose sort first compares every node with every other: O(*n*²) a sort.
public struct SlowQuadraticSort: ForwardingStrategy {
    public static let name = "slow-quadratic-sort"
    public var base: SubtreeSpliceStrategy

    public init(base: SubtreeSpliceStrategy) { self.base = base }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        let tree = base.tree
        let depths = tree.nodes.map { tree.depth(of: $0) }
        var inversions = 0
        for (position, depth) in depths.enumerated() {
            for other in depths[position...] where other < depth { inversions &+= 1 }
        }
        SlowPlantedSink.value &+= inversions
        return base.sortSiblings(by: order, reportingMoves: reportingMoves)
    }
}

/// preorder-btree whose toggle is fast but repeated: every toggle also toggles its node
/// twice more 500 times (which leaves it as it was), about 1,000 times its own cost.
public struct SlowThousandfoldToggle: ForwardingStrategy {
    public static let name = "slow-thousandfold-toggle"
    public var base: PreorderBTreeStrategy

    public init(base: PreorderBTreeStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        let diff = base.toggle(node)
        for _ in 0..<500 {
            SlowPlantedSink.value &+= base.toggle(node).insertedCount
            SlowPlantedSink.value &+= base.toggle(node).deletedCount
        }
        return diff
    }
}

/// The slow strategies: correct, each slow in its own way. ``MinimalStrategy`` is the first
/// of them: a row array rebuilt after every change, O(*n*) a toggle, and O(*n* · *k*) an
/// accordion or a page through `RowStrategy`'s defaults.
public enum SlowStrategies {
    nonisolated(unsafe) public static let all: [any RowStrategy.Type] = [
        MinimalStrategy.self, SlowAccordion.self, SlowQuadraticSort.self, SlowThousandfoldToggle.self,
    ]
}
