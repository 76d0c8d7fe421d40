/// The node sizes of a ``PreorderSequence`` and the name of the ``PreorderBTree`` that uses
/// them, as constants of a type so that each layout's code is specialized with them.
///
/// Leaves hold `1 << leafShift` elements and inner nodes `fanout` children; both are built
/// 7/8 full (at least one short of full). A tree of *n* nodes has about
/// log(*n* / leaf fill) / log(inner fill) levels above its leaves.
protocol PreorderLayout {
    /// The strategy's name with these sizes.
    static var strategyName: String { get }
    /// The power of two of the elements per leaf, 2 or more (a leaf's slots are scanned 8 at
    /// a time; in a leaf of 4 the scan reads on into the counters behind them, after the slot).
    static var leafShift: Int { get }
    /// Children per inner node, 4 or more.
    static var fanout: Int { get }
}

/// preorder-btree's sizes: leaves of 64 elements, inner nodes of 16 children, so that a
/// level holds about 14 times the one below.
enum StandardPreorderLayout: PreorderLayout {
    static var strategyName: String { "preorder-btree" }
    static var leafShift: Int { 6 }
    static var fanout: Int { 16 }
}

/// The smallest sizes the code takes, for its tests: leaves of 4 elements and inner nodes of
/// 4 children (3 of each when built). A tree of 2,000 nodes has its root at level 6
/// (preorder-btree's at level 2), so every split, growth, shrinking and freeing of the
/// B-tree comes at every level on trees of a few thousand nodes, and a finding shrinks to a
/// few hundred. `preorder-btree-small-nodes`, preorder-btree's fuzzing variant.
enum SmallPreorderLayout: PreorderLayout {
    static var strategyName: String { "preorder-btree-small-nodes" }
    static var leafShift: Int { 2 }
    static var fanout: Int { 4 }
}
