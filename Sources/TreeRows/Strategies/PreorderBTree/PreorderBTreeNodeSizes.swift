/// The node sizes of a ``PreorderBTree`` and the name it goes by with them.
///
/// Leaves hold `1 << leafShift` elements and inner nodes ``fanout`` children; both are
/// built 7/8 full (at least one short of full). Small nodes run the same code at many
/// more levels: a tree of *n* nodes has about log(*n* / leaf fill) / log(inner fill)
/// levels above its leaves.
public protocol PreorderBTreeNodeSizes {
    /// The strategy's name with these sizes (``RowStrategy/name``).
    static var strategyName: String { get }
    /// The power of two of the elements per leaf: 2 to 16.
    static var leafShift: Int { get }
    /// Children per inner node: 4 to 65,536.
    static var fanout: Int { get }
}

/// preorder-btree's own sizes: leaves of 64 elements (56 when built), inner nodes of 16
/// children (14 when built), so that a level holds about 14 times the one below.
public enum PreorderBTreeStandardNodes: PreorderBTreeNodeSizes {
    public static var strategyName: String { "preorder-btree" }
    public static var leafShift: Int { 6 }
    public static var fanout: Int { 16 }
}

/// The smallest sizes the code takes, for its tests: leaves of 4 elements and inner nodes
/// of 4 children (3 of each when built). A tree of 2,000 nodes has its root at level 6
/// (preorder-btree's at level 2), so that every split, growth, shrinking and freeing of
/// the B-tree comes at every level on trees of a few thousand nodes.
public enum PreorderBTreeSmallNodes: PreorderBTreeNodeSizes {
    public static var strategyName: String { "preorder-btree-small-nodes" }
    public static var leafShift: Int { 2 }
    public static var fanout: Int { 4 }
}

/// The built-in preorder-btree: ``PreorderBTree`` with ``PreorderBTreeStandardNodes``.
public typealias PreorderBTreeStrategy = PreorderBTree<PreorderBTreeStandardNodes>
