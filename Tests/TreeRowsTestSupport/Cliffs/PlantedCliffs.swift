import TreeRows

/// Correct copies of preorder-btree with one complexity bug each: their rows stay right,
/// only one step's cost grows where preorder-btree's does not. What `treerows cliffs` must
/// find, each at its defaults, and a sweep's verdict must name. None declares its costs, as a
/// user's first strategy would not: each is judged against the best built-in strategy.
public enum PlantedCliffs {
    nonisolated(unsafe) public static let all: [any RowStrategy.Type] = [
        WideNodeToggleCliff.self, DeepChainInsertCliff.self, SizeThresholdIndexCliff.self, OneInKToggleTail.self,
        GrowingMemoryToggle.self, UnplantedCopy.self,
    ]
}

/// preorder-btree forwarded as the planted ones are, with nothing planted and nothing
/// declared: the search must find no cliff in it against the built-in strategies.
public struct UnplantedCopy: ForwardingStrategy {
    public static let name = "cliff-none"
    public var base: PreorderBTreeStrategy
    public init(base: PreorderBTreeStrategy) { self.base = base }
}

/// Where planted work's results go, so that the optimizer keeps the work.
enum PlantedCliffSink {
    nonisolated(unsafe) static var value = 0
}

/// Visits every node of `tree`: O(*n*).
func walkEveryNode(_ tree: Tree) {
    var count = 0
    tree.forEachInSubtree(of: Tree.root) { _ in count &+= 1 }
    PlantedCliffSink.value &+= count
}

/// A toggle of a node with at least ``threshold`` children walks the whole tree: O(*n*) where
/// preorder-btree is O(log *n*), on wide nodes alone (no recorded thread has one off the top
/// level).
public struct WideNodeToggleCliff: ForwardingStrategy {
    public static let name = "cliff-wide-toggle"
    public static let threshold = 64
    public var base: PreorderBTreeStrategy
    public init(base: PreorderBTreeStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        if base.tree.childCount(of: node) >= Self.threshold { walkEveryNode(base.tree) }
        return base.toggle(node)
    }
}

/// An insert walks from the parent to the top once for every ancestor: O(*d*²) for a parent
/// at depth *d*, where preorder-btree is O(log *n*).
public struct DeepChainInsertCliff: ForwardingStrategy {
    public static let name = "cliff-deep-insert"
    public var base: PreorderBTreeStrategy
    public init(base: PreorderBTreeStrategy) { self.base = base }

    public mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?)
        throws(Tree.InsertionError) -> RowDiff
    {
        let tree = base.tree
        if tree.contains(parent) {
            var start = parent
            while start != Tree.root {
                var node = start, steps = 0
                while node != Tree.root { node = tree.parent(of: node); steps &+= 1 }
                PlantedCliffSink.value &+= steps
                start = tree.parent(of: start)
            }
        }
        return try base.insert(id, under: parent, at: position, time: time, score: score)
    }
}

/// `index(of:)` walks the whole tree once the tree has more than ``threshold`` nodes: O(*n*)
/// past a size no small test reaches.
public struct SizeThresholdIndexCliff: ForwardingStrategy {
    public static let name = "cliff-size-index"
    public static let threshold = 200_000
    public var base: PreorderBTreeStrategy
    public init(base: PreorderBTreeStrategy) { self.base = base }

    public func index(of node: NodeIndex) -> Int? {
        if base.tree.nodeCount > Self.threshold { walkEveryNode(base.tree) }
        return base.index(of: node)
    }
}

/// One toggle in ``period`` walks the whole tree: the median barely moves, the tail is O(*n*).
public struct OneInKToggleTail: ForwardingStrategy {
    public static let name = "cliff-tail-toggle"
    public static let period = 64
    public var base: PreorderBTreeStrategy
    private var toggles = 0
    public init(base: PreorderBTreeStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        toggles += 1
        if toggles % Self.period == 0 { walkEveryNode(base.tree) }
        return base.toggle(node)
    }
}

/// Every toggle keeps 4 KiB that nothing frees: memory that grows with the operations, not
/// with the tree.
public struct GrowingMemoryToggle: ForwardingStrategy {
    public static let name = "cliff-growing-memory"
    public var base: PreorderBTreeStrategy
    private let kept = KeptBlocks()
    public init(base: PreorderBTreeStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        kept.blocks.append([UInt8](repeating: UInt8(truncatingIfNeeded: node.rawValue), count: 4_096))
        return base.toggle(node)
    }
}

/// The blocks a ``GrowingMemoryToggle`` keeps, shared by its copies.
final class KeptBlocks {
    var blocks: [[UInt8]] = []
}
