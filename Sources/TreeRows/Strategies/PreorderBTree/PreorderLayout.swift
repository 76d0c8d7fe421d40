/// The node sizes of a ``PreorderSequence`` and the name of the ``PreorderBTree`` that uses
/// them, as constants of a type so that each layout's code is specialized with them.
///
/// Leaves hold `1 << leafShift` elements and inner nodes `fanout` children; leaves are built
/// 7/8 to 15/16 full, inner nodes 7/8 (each at least one short of full). A tree of *n* nodes has about
/// log(*n* / leaf fill) / log(inner fill) levels above its leaves.
///
/// ``plantedBug`` is the harness's mutation hook: a layout of the package's tests plants one
/// bug in the B-tree's own code (``PlantedBTreeBug``), so that its mutants are this code and
/// cannot drift from it. Every layout here keeps the default, `.none`, a constant in its
/// specialized code, so the planted branches are compiled out of it.
package protocol PreorderLayout {
    /// The strategy's name with these sizes.
    static var strategyName: String { get }
    /// The power of two of the elements per leaf, 2 or more (a leaf's slots are scanned 8 at
    /// a time; in a leaf of 4 the scan reads on into the counters behind them, after the slot).
    static var leafShift: Int { get }
    /// Children per inner node, 4 or more.
    static var fanout: Int { get }
    /// The bug planted in the code with this layout. `.none` by default.
    static var plantedBug: PlantedBTreeBug { get }
    /// The fuzzing variants of the strategy with this layout. None by default.
    static var fuzzingVariants: [any RowStrategy.Type] { get }
}

extension PreorderLayout {
    package static var plantedBug: PlantedBTreeBug { .none }
    package static var fuzzingVariants: [any RowStrategy.Type] { [] }
}

/// A bug that a test layout plants in ``PreorderSequence``'s code at an inner boundary of the
/// B-tree (``PreorderLayout/plantedBug``); each shows only when a case drives the B-tree
/// across that boundary, most only at a height a large tree has.
package enum PlantedBTreeBug: Sendable {
    /// None: the strategy's own code.
    case none
    /// A leaf split leaves the last moved element's leaf link pointing at the old leaf.
    case leafSplitKeepsLastLink
    /// An inner split leaves the moved children's parent links pointing at the old node.
    case innerSplitKeepsParents
    /// Packing the sequence drops the pending adds of inner nodes.
    case packingDropsAdds
    /// Growing the root relinks only a leaf, not an inner node, to it.
    case rootGrowthLinksOnlyLeaves
    /// Shrinking the root drops the pending add of the child that becomes the root.
    case rootCollapseDropsAdd
    /// A range add over whole children leaves their minimums unchanged.
    case rangeAddSkipsMinimum
    /// ``innerSplitKeepsParents`` at level 3 and above only.
    case highInnerSplitKeepsParents
    /// ``rootCollapseDropsAdd`` when the remaining child is at level 3 or above only.
    case highRootCollapseDropsAdd
}

/// preorder-btree's sizes: leaves of 64 elements, inner nodes of 16 children, so that a
/// level holds about 14 times the one below.
package enum StandardPreorderLayout: PreorderLayout {
    package static var strategyName: String { "preorder-btree" }
    package static var leafShift: Int { 6 }
    package static var fanout: Int { 16 }
}

/// The smallest sizes the code takes, for its tests: leaves of 4 elements and inner nodes of
/// 4 children (3 of each when built). A tree of 2,000 nodes has its root at level 6
/// (preorder-btree's at level 2), so every split, growth, shrinking and freeing of the
/// B-tree comes at every level on trees of a few thousand nodes, and a finding shrinks to a
/// few hundred. `preorder-btree-small-nodes`, preorder-btree's fuzzing variant.
package enum SmallPreorderLayout: PreorderLayout {
    package static var strategyName: String { "preorder-btree-small-nodes" }
    package static var leafShift: Int { 2 }
    package static var fanout: Int { 4 }
}
