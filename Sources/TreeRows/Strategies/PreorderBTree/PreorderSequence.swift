/// The preorder of every live node of a forest (hidden ones included) as a B-tree, so that
/// a new node takes its place in O(log *n*) instead of numbering every position again.
///
/// Each element is a node's slot with two numbers:
/// - its *counter*: how many of its proper ancestors are collapsed, so that it is a row
///   exactly when the counter is 0;
/// - its *key*, `2 · depth + (collapsed ? 1 : 0)`: the end of a node's subtree is the first
///   element after it with a depth at most its own (a key at most `2 · depth + 1`), and its
///   expanded siblings are the elements of key `2 · depth` in its parent's range.
///
/// Leaves hold up to ``leafCapacity`` elements; inner nodes up to ``fanout`` children. An
/// inner node keeps, inline for each child, the child's element count, a counter `add`
/// that applies to the whole child and is never pushed down, the child's minimum counter
/// (its `add` included, the adds above it not), how many of its elements reach that
/// minimum, their height sum, and its minimum key. Counters never go below 0, so a child
/// holds rows exactly when its minimum plus the adds above it is 0, and then its rows are
/// the elements at that minimum: a toggle is one range add, row and index queries are one
/// descent or climb, all O(log *n*).
///
/// Inner node 0 is a fixed super-root with one child, the real root; its slot's summary is
/// the whole sequence's. Leaves and inner nodes live in pools of flat arrays with 32-bit
/// indices; nodes emptied by removals go to free lists, and the whole B-tree is packed
/// again once its leaves are less than an eighth full (O(1) amortized per removal).
///
/// Memory: 12 bytes per element slot of a leaf (16 with heights), leaves 7/8 to 15/16 full
/// after a build, spread over the room of their allocator size class
/// (``buildingPlan(count:)``), plus 4 bytes per node slot of the tree for the leaf holding it.
struct PreorderSequence<Layout: PreorderLayout> {
    /// Elements per leaf: `1 << leafShift`.
    @inline(__always) var leafCapacity: Int { 1 &<< Layout.leafShift }
    /// The power of two of ``leafCapacity``.
    @inline(__always) var leafShift: Int { Layout.leafShift }
    /// Children per inner node.
    @inline(__always) var fanout: Int { Layout.fanout }
    /// The most elements a leaf gets from a build or a packing, 7/8 of ``leafCapacity`` (at
    /// least one less): room for inserts before a split. Leaves may be built fuller, up to
    /// full, where the room of their size class has no space for more leaves
    /// (``buildingPlan(count:)``).
    @inline(__always) var leafFill: Int { leafCapacity &- max(1, leafCapacity &>> 3) }
    /// Children per inner node after a build, 7/8 of ``fanout`` (at least one less).
    @inline(__always) var innerFill: Int { fanout &- max(1, fanout &>> 3) }
    /// The minimum of no elements.
    static var noMinimum: Int32 { .max }

    /// Every leaf in one block of ``leafStride`` numbers, so that a query's reads of one
    /// leaf share pages and neighbouring cache lines: its element count, its link (the
    /// entry above it, see ``link(of:level:)``), two unused numbers, then ``leafCapacity``
    /// slots, raw counters (the true counter minus the adds on the path from the
    /// super-root), keys, and heights when weighted. An element is named by `leaf &* leafCapacity + index`; the `…Position`
    /// functions turn that into its place here.
    var leaves: ContiguousArray<Int32> = []
    /// The numbers per leaf in ``leaves``.
    let leafStride: Int
    var freeLeaves: ContiguousArray<Int32> = []

    /// Child of each inner node's entry, at `node &* fanout + index`.
    var children: ContiguousArray<Int32> = []
    /// Elements under each entry.
    var sizes: ContiguousArray<Int32> = []
    /// Added to every counter under the entry, never pushed down.
    var adds: ContiguousArray<Int32> = []
    /// The minimum counter under the entry, its own add included.
    var minimums: ContiguousArray<Int32> = []
    /// How many elements under the entry are at the minimum.
    var minimumCounts: ContiguousArray<Int32> = []
    /// The height sum of those elements; empty when unweighted.
    var minimumWeights: ContiguousArray<Int64> = []
    /// The minimum key under the entry.
    var minimumKeys: ContiguousArray<Int32> = []
    /// Children of each inner node.
    var innerCounts: ContiguousArray<Int32> = []
    /// The link of each inner node: the entry above it (-1 for the super-root).
    var innerLinks: ContiguousArray<Int32> = []
    var freeInner: ContiguousArray<Int32> = []

    /// The level of the root: 0 when it is a leaf. The super-root is one level above.
    var height = 0
    /// The leaf holding each node slot, -1 for none, in about a byte a slot where slots
    /// mostly follow the rows.
    var leafOf: NarrowColumn
    /// Whether elements have row heights.
    let isWeighted: Bool
    /// Splits, root growth and shrinking, freed nodes and packings so far (see
    /// ``StructuralEvent``), carried over when the sequence is packed or laid out again.
    var events = StructuralEventCounter(Self.eventKinds)

    /// The events the sequence counts, by the indices of ``Event``.
    static var eventKinds: [StructuralEventCounter.Kind] { [
        .init("leaf split"), .init("inner split", hasLevels: true), .init("root grew", hasLevels: true),
        .init("root shrank", hasLevels: true), .init("node freed", hasLevels: true), .init("leaves packed"),
    ] }

    /// Indices into ``eventKinds``.
    enum Event {
        static var leafSplit: Int { 0 }
        /// At the level of the node that split.
        static var innerSplit: Int { 1 }
        /// At the new height.
        static var rootGrew: Int { 2 }
        /// At the new height.
        static var rootShrank: Int { 3 }
        /// At the level of the freed node (0 for a leaf).
        static var nodeFreed: Int { 4 }
        static var leavesPacked: Int { 5 }
    }

    /// The super-root's one entry: the whole sequence.
    static var top: Int { 0 }

    /// Leaves in use.
    var leafCount: Int { leaves.count / leafStride - freeLeaves.count }

    // MARK: Leaf layout

    static var header: Int { 4 }

    @inline(__always) func countPosition(_ leaf: Int) -> Int { leaf &* leafStride }
    @inline(__always) func linkPosition(_ leaf: Int) -> Int { leaf &* leafStride &+ 1 }
    @inline(__always) private func position(_ element: Int, field: Int) -> Int {
        (element &>> leafShift) &* leafStride &+ Self.header &+ field &* leafCapacity &+ (element & (leafCapacity &- 1))
    }
    @inline(__always) func slotPosition(_ element: Int) -> Int { position(element, field: 0) }
    @inline(__always) func valuePosition(_ element: Int) -> Int { position(element, field: 1) }
    @inline(__always) func keyPosition(_ element: Int) -> Int { position(element, field: 2) }
    @inline(__always) func weightPosition(_ element: Int) -> Int { position(element, field: 3) }

    /// An empty sequence for a forest of `slotCount` slots.
    init(slotCount: Int, isWeighted: Bool) {
        self.isWeighted = isWeighted
        leafStride = Self.header + (1 << Layout.leafShift) * (isWeighted ? 4 : 3)
        leafOf = NarrowColumn(repeating: -1, count: slotCount, absent: -1)
        let superRoot = newInner(link: -1)
        let root = newLeaf(link: Int32(superRoot) &* Int32(fanout))
        innerCounts[Int(superRoot)] = 1
        children[Self.top] = root
        refreshEntry(Self.top, childLevel: 0)
    }

    // MARK: Pools

    /// A new empty leaf with the link `link` (-1 for none yet).
    ///
    /// - Complexity: O(1) amortized.
    mutating func newLeaf(link: Int32) -> Int32 {
        if let leaf = freeLeaves.popLast() {
            leaves[countPosition(Int(leaf))] = 0
            leaves[linkPosition(Int(leaf))] = link
            return leaf
        }
        let leaf = Int32(leaves.count / leafStride)
        leaves.append(contentsOf: repeatElement(0, count: leafStride))
        leaves[linkPosition(Int(leaf))] = link
        return leaf
    }

    /// A new inner node without children, with the link `link` (-1 for none yet).
    ///
    /// - Complexity: O(1) amortized.
    mutating func newInner(link: Int32) -> Int32 {
        if let node = freeInner.popLast() {
            innerCounts[Int(node)] = 0
            innerLinks[Int(node)] = link
            return node
        }
        let node = Int32(innerCounts.count)
        innerCounts.append(0)
        innerLinks.append(link)
        children.append(contentsOf: repeatElement(-1, count: fanout))
        sizes.append(contentsOf: repeatElement(0, count: fanout))
        adds.append(contentsOf: repeatElement(0, count: fanout))
        minimums.append(contentsOf: repeatElement(Self.noMinimum, count: fanout))
        minimumCounts.append(contentsOf: repeatElement(0, count: fanout))
        minimumKeys.append(contentsOf: repeatElement(Self.noMinimum, count: fanout))
        if isWeighted { minimumWeights.append(contentsOf: repeatElement(0, count: fanout)) }
        return node
    }

    // MARK: Navigation

    /// The *link* of a node at `level` (0: a leaf): the entry that points at it, its parent's
    /// number times ``fanout`` plus its place there, so that a climb reads the parent and the
    /// place from the node itself, without a scan of the parent's children. Every move of an
    /// entry sets its child's link (``copyEntry(from:to:childLevel:relinking:)``).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func link(of node: Int32, level: Int) -> Int {
        Int(level == 0 ? leaves[linkPosition(Int(node))] : innerLinks[Int(node)])
    }

    /// The parent of a node at `level` (0: a leaf).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func parent(of node: Int32, level: Int) -> Int32 { Int32(link(of: node, level: level) / fanout) }

    /// Sets the link of `node` at `level` to `entry`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    mutating func setLink(of node: Int32, level: Int, to entry: Int) {
        if level == 0 { leaves[linkPosition(Int(node))] = Int32(entry) } else { innerLinks[Int(node)] = Int32(entry) }
    }

    /// The element count of the whole sequence.
    var count: Int { Int(sizes[Self.top]) }

    /// The number of elements whose counter is 0: the rows.
    var zeroCount: Int { minimums[Self.top] == 0 ? Int(minimumCounts[Self.top]) : 0 }

    /// The height sum of the rows.
    var zeroWeight: Int64 { minimums[Self.top] == 0 && isWeighted ? minimumWeights[Self.top] : 0 }

    // MARK: Summaries

    /// Recomputes `entry`'s summary from its child (at `childLevel`), keeping its add; its
    /// minimum key too unless `keys` is false (a change of counters only, which then reads no
    /// key). Each quantity is its own branch-free pass, which the compiler vectorizes.
    ///
    /// - Complexity: O(``leafCapacity``) for a leaf, O(``fanout``) for an inner node.
    mutating func refreshEntry(_ entry: Int, childLevel: Int, keys refreshingKeys: Bool = true) {
        let child = Int(children[entry])
        var key = Self.noMinimum, size: Int32 = 0
        if childLevel == 0 {
            size = leaves[countPosition(child)]
            if refreshingKeys { key = leastKey(ofLeaf: child) }
        } else {
            let range = child &* fanout..<child &* fanout + Int(innerCounts[child])
            sizes.withUnsafeBufferPointer { sizes in
                for index in range { size &+= sizes[index] }
            }
            if refreshingKeys { key = leastKey(ofEntries: range) }
        }
        sizes[entry] = size
        if refreshingKeys { minimumKeys[entry] = key }
        refreshCounters(entry, childLevel: childLevel)
    }

    /// Recomputes `entry`'s minimum counter, how many elements reach it and their height sum
    /// from its child (at `childLevel`), keeping its add and its size: what a change of
    /// counters alone changes.
    ///
    /// - Complexity: O(``leafCapacity``) for a leaf, O(``fanout``) for an inner node.
    mutating func refreshCounters(_ entry: Int, childLevel: Int) {
        let child = Int(children[entry])
        var minimum = Self.noMinimum, found: Int32 = 0, weight: Int64 = 0
        if childLevel == 0 {
            let count = Int(leaves[countPosition(child)])
            let values = valuePosition(child &* leafCapacity)..<valuePosition(child &* leafCapacity) + count
            let weights = weightPosition(child &* leafCapacity)
            leaves.withUnsafeBufferPointer { leaves in
                (minimum, found) = Self.minimumAndCount(from: leaves.baseAddress! + values.lowerBound, count: count)
                if isWeighted {
                    for offset in 0..<count {
                        weight &+= leaves[values.lowerBound + offset] == minimum ? Int64(leaves[weights + offset]) : 0
                    }
                }
            }
        } else {
            let range = child &* fanout..<child &* fanout + Int(innerCounts[child])
            minimums.withUnsafeBufferPointer { minimums in
                for index in range { minimum = min(minimum, minimums[index]) }
                if isWeighted {
                    minimumWeights.withUnsafeBufferPointer { weights in
                        for index in range { weight &+= minimums[index] == minimum ? weights[index] : 0 }
                    }
                }
            }
            found = Int32(countEntries(range, minimumEqualTo: minimum))
        }
        minimums[entry] = sizes[entry] == 0 ? Self.noMinimum : adds[entry] &+ minimum
        minimumCounts[entry] = found
        if isWeighted { minimumWeights[entry] = weight }
    }

    /// An entry's minimum counter (its add included), how many elements reach it and their
    /// height sum: what a change of counters alone changes.
    struct Counters: Equatable {
        var minimum: Int32
        var count: Int32
        var weight: Int64
    }

    /// The counters of `entry`, as its columns hold them.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func counters(of entry: Int) -> Counters {
        Counters(minimum: minimums[entry], count: minimumCounts[entry], weight: isWeighted ? minimumWeights[entry] : 0)
    }

    /// Mends the counters of `entry`, whose child (an inner node at `childLevel`) had one
    /// entry's counters change from `old` to `new` and nothing else, by comparison: by
    /// whether the changed entry held the least minimum before and after. Where the least
    /// minimum leaves the changed entry, the child's counters are scanned
    /// (``refreshCounters(_:childLevel:)``).
    ///
    /// - Complexity: O(1), or O(``fanout``) for a scan.
    mutating func mendCounters(_ entry: Int, childLevel: Int, from old: Counters, to new: Counters) {
        let add = adds[entry]
        // The least minimum among the child's entries, without this entry's add.
        let least = minimums[entry] &- add
        var count = minimumCounts[entry], weight = isWeighted ? minimumWeights[entry] : 0
        if old.minimum == least {
            count &-= old.count
            weight &-= old.weight
        }
        var minimum = least
        if new.minimum < least {
            (minimum, count, weight) = (new.minimum, new.count, new.weight)
        } else if new.minimum == least {
            count &+= new.count
            weight &+= new.weight
        }
        guard count > 0 else { return refreshCounters(entry, childLevel: childLevel) }
        minimums[entry] = minimum &+ add
        minimumCounts[entry] = count
        if isWeighted { minimumWeights[entry] = weight }
    }

    /// The least key of the elements of `leaf`, ``noMinimum`` for none.
    ///
    /// - Complexity: O(``leafCapacity``).
    @inline(__always)
    func leastKey(ofLeaf leaf: Int) -> Int32 {
        let keys = keyPosition(leaf &* leafCapacity)
        let count = Int(leaves[countPosition(leaf)])
        var key = Self.noMinimum
        leaves.withUnsafeBufferPointer { leaves in
            for index in keys..<keys &+ count { key = min(key, leaves[index]) }
        }
        return key
    }

    /// The least minimum key of the inner entries `range` (one node's), ``noMinimum`` for none.
    ///
    /// - Complexity: O(`range.count`).
    @inline(__always)
    func leastKey(ofEntries range: Range<Int>) -> Int32 {
        var key = Self.noMinimum
        minimumKeys.withUnsafeBufferPointer { keys in
            for index in range { key = min(key, keys[index]) }
        }
        return key
    }

    /// The sum of the adds above the elements of `leaf`: what turns its raw counters into
    /// true ones.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    func pathAdd(ofLeaf leaf: Int32) -> Int32 {
        var sum: Int32 = 0
        var node = leaf, level = 0
        while level <= height {
            let own = link(of: node, level: level)
            sum &+= adds[own]
            node = Int32(own / fanout)
            level += 1
        }
        return sum
    }
}
