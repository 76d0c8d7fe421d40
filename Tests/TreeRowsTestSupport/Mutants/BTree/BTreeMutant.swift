import TreeRows

/// preorder-btree's own code with one bug (a ``MutantBug`` of the B-tree family) planted in
/// an inner boundary through its mutation hook (``PreorderLayout/plantedBug``): a leaf or
/// inner split, a packing, the root growing or shrinking, a range add over whole children.
/// Each shows only when a case drives the B-tree across that boundary, most of them only at a
/// height a large tree has; some answer wrong, some trap. The mutant is the strategy's code,
/// not a copy, so a change to preorder-btree reaches its mutants, and the fuzzer is tested on
/// the bugs that code can have.
///
/// `Nodes` sets the node sizes, as preorder-btree's and its fuzzing variant's: with
/// preorder-btree's own, the mutant's ``RowStrategy/fuzzingVariants`` is the mutant with
/// small nodes, named with `-small-nodes`.
package typealias BTreeMutant<Bug: RowArrayBug, Nodes: MutantNodeSizes> = PreorderBTree<MutantLayout<Bug, Nodes>>

/// The layout of a ``BTreeMutant``: `Nodes`' sizes, `Bug` planted.
package enum MutantLayout<Bug: RowArrayBug, Nodes: MutantNodeSizes>: PreorderLayout {
    package static var strategyName: String { "mutant-" + Bug.bug.rawValue + Nodes.nameSuffix }
    package static var leafShift: Int { Nodes.leafShift }
    package static var fanout: Int { Nodes.fanout }

    package static var plantedBug: PlantedBTreeBug {
        switch Bug.bug {
        case .leafSplitKeepsLastLink: .leafSplitKeepsLastLink
        case .innerSplitKeepsParents: .innerSplitKeepsParents
        case .packingDropsAdds: .packingDropsAdds
        case .rootGrowthLinksOnlyLeaves: .rootGrowthLinksOnlyLeaves
        case .rootCollapseDropsAdd: .rootCollapseDropsAdd
        case .rangeAddSkipsMinimum: .rangeAddSkipsMinimum
        case .highInnerSplitKeepsParents: .highInnerSplitKeepsParents
        case .highRootCollapseDropsAdd: .highRootCollapseDropsAdd
        default: preconditionFailure("\(Bug.bug) is not a bug of the B-tree family")
        }
    }

    /// The mutant with ``SmallMutantNodes``, unless this is it.
    ///
    /// - Complexity: O(1).
    package static var fuzzingVariants: [any RowStrategy.Type] {
        Nodes.self == StandardMutantNodes.self ? [BTreeMutant<Bug, SmallMutantNodes>.self] : []
    }
}

public enum LeafSplitKeepsLastLink: RowArrayBug { public static let bug = MutantBug.leafSplitKeepsLastLink }
public enum InnerSplitKeepsParents: RowArrayBug { public static let bug = MutantBug.innerSplitKeepsParents }
public enum PackingDropsAdds: RowArrayBug { public static let bug = MutantBug.packingDropsAdds }
public enum RootGrowthLinksOnlyLeaves: RowArrayBug { public static let bug = MutantBug.rootGrowthLinksOnlyLeaves }
public enum RootCollapseDropsAdd: RowArrayBug { public static let bug = MutantBug.rootCollapseDropsAdd }
public enum RangeAddSkipsMinimum: RowArrayBug { public static let bug = MutantBug.rangeAddSkipsMinimum }
public enum HighInnerSplitKeepsParents: RowArrayBug { public static let bug = MutantBug.highInnerSplitKeepsParents }
public enum HighRootCollapseDropsAdd: RowArrayBug { public static let bug = MutantBug.highRootCollapseDropsAdd }

/// The node sizes of a ``BTreeMutant``: the power of two of a leaf's elements, an inner
/// node's children, and what its name adds.
public protocol MutantNodeSizes {
    static var leafShift: Int { get }
    static var fanout: Int { get }
    static var nameSuffix: String { get }
}

/// preorder-btree's sizes: leaves of 64, inner nodes of 16.
public enum StandardMutantNodes: MutantNodeSizes {
    public static var leafShift: Int { 6 }
    public static var fanout: Int { 16 }
    public static var nameSuffix: String { "" }
}

/// preorder-btree's sizes without the small-nodes variant: preorder-btree's code as a user
/// keeps it, without ``RowStrategy/fuzzingVariants``.
public enum LoneMutantNodes: MutantNodeSizes {
    public static var leafShift: Int { 6 }
    public static var fanout: Int { 16 }
    public static var nameSuffix: String { "-alone" }
}

/// preorder-btree-small-nodes' sizes: leaves of 4, inner nodes of 4.
public enum SmallMutantNodes: MutantNodeSizes {
    public static var leafShift: Int { 2 }
    public static var fanout: Int { 4 }
    public static var nameSuffix: String { "-small-nodes" }
}
