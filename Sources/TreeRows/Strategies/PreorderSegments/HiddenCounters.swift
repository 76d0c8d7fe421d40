/// One counter per preorder position, saying how many things hide it (collapsed ancestors,
/// a removal); a position is a row exactly when its counter is 0. Supports adding to a
/// range of counters, counting the zeros (and summing their weights, i.e. row heights)
/// before a position, and finding the *k*-th zero, all in O(log *n*).
///
/// Positions are grouped in blocks of ``blockSize``; a segment tree over the blocks keeps,
/// for every node, an `add` that applies to its whole range and is never pushed down, the
/// minimum of its range (its own `add` included, its ancestors' not), how many positions
/// reach that minimum and their weight sum. Since counters never go below 0, a node's range
/// holds zeros exactly when its minimum plus its ancestors' adds is 0, and then the zeros
/// are the positions at the minimum. A block stores its counters raw (relative to the
/// adds above it), so an add that covers part of a block touches at most ``blockSize``
/// counters and then the block's ancestors.
///
/// Memory: 4 bytes per position (8 with weights) plus 16 bytes (24 with weights) per tree
/// node, about 1/``blockSize`` of a node per position.
struct HiddenCounters {
    /// One segment-tree node.
    private struct Node {
        /// Added to every counter of the node's range, not pushed down.
        var add: Int32 = 0
        /// The minimum counter of the range, this node's `add` included.
        var minimum: Int32 = HiddenCounters.padding
        /// How many counters of the range are at the minimum.
        var count: Int32 = 0
        var unused: Int32 = 0
    }

    /// Positions per block: a power of two.
    static let blockSize = 32
    private static let shift = 5
    private static let mask = blockSize - 1
    /// The counter of a padding position past the end (never 0, never reached by adds).
    private static let padding = Int32(1 << 30)

    /// The number of positions.
    private(set) var count: Int
    /// Raw counters by position, padded to whole blocks.
    private var values: ContiguousArray<Int32>
    /// Weights by position, padded with 0; empty when unweighted.
    private var weights: ContiguousArray<Int32>
    /// The first leaf: the number of leaves, a power of two at least the number of blocks.
    private var leafBase: Int
    /// The segment tree, node `i`'s children at `2i` and `2i + 1` (the root at 1). A node's
    /// fields share one 16-byte element, so a step down the tree touches one cache line.
    private var nodes: ContiguousArray<Node>
    /// The weight sums at the minimum; empty when unweighted.
    private var minimumWeights: ContiguousArray<Int64>

    /// Counters `values` (true values, at least 0), with one weight per position when
    /// `isWeighted` (even for no positions at all), without weights otherwise.
    ///
    /// - Complexity: O(*n*).
    init(values: ContiguousArray<Int32>, weights: ContiguousArray<Int32>, isWeighted: Bool) {
        precondition(isWeighted ? weights.count == values.count : weights.isEmpty, "one weight per position, or none")
        self.isWeighted = isWeighted
        count = values.count
        let blocks = max(1, (count + Self.mask) >> Self.shift)
        var base = 1
        while base < blocks { base <<= 1 }
        leafBase = base
        self.values = values
        self.values.append(contentsOf: repeatElement(Self.padding, count: blocks * Self.blockSize - count))
        self.weights = weights
        if isWeighted { self.weights.append(contentsOf: repeatElement(0, count: blocks * Self.blockSize - count)) }
        nodes = ContiguousArray(repeating: Node(), count: 2 * base)
        minimumWeights = isWeighted ? ContiguousArray(repeating: 0, count: 2 * base) : []
        for block in 0..<blocks { refreshBlock(block) }
        for node in stride(from: base - 1, through: 1, by: -1) { refreshNode(node) }
    }

    /// Whether positions have weights (row heights).
    let isWeighted: Bool

    /// The segment tree's levels above its leaves.
    var levels: Int { leafBase.trailingZeroBitCount }

    /// The number of zeros: the rows.
    var zeroCount: Int { nodes[1].minimum == 0 ? Int(nodes[1].count) : 0 }

    /// The weight sum of the zeros.
    var zeroWeight: Int64 { nodes[1].minimum == 0 && isWeighted ? minimumWeights[1] : 0 }

    // MARK: Node upkeep

    /// Recomputes the leaf of `block` from its counters.
    ///
    /// - Complexity: O(``blockSize``).
    private mutating func refreshBlock(_ block: Int) {
        let start = block << Self.shift
        var minimum = Int32.max
        var found: Int32 = 0
        var weight: Int64 = 0
        values.withUnsafeBufferPointer { values in
            for position in start..<start + Self.blockSize { minimum = min(minimum, values[position]) }
            for position in start..<start + Self.blockSize where values[position] == minimum { found += 1 }
            if isWeighted {
                weights.withUnsafeBufferPointer { weights in
                    for position in start..<start + Self.blockSize where values[position] == minimum {
                        weight += Int64(weights[position])
                    }
                }
            }
        }
        let leaf = leafBase + block
        nodes[leaf].minimum = nodes[leaf].add &+ minimum
        nodes[leaf].count = found
        if isWeighted { minimumWeights[leaf] = weight }
    }

    /// Recomputes an inner node from its children.
    ///
    /// - Complexity: O(1).
    private mutating func refreshNode(_ node: Int) {
        let left = node << 1, right = left | 1
        let minimum = min(nodes[left].minimum, nodes[right].minimum)
        var found: Int32 = 0
        var weight: Int64 = 0
        if nodes[left].minimum == minimum {
            found += nodes[left].count
            if isWeighted { weight += minimumWeights[left] }
        }
        if nodes[right].minimum == minimum {
            found += nodes[right].count
            if isWeighted { weight += minimumWeights[right] }
        }
        nodes[node].minimum = nodes[node].add &+ minimum
        nodes[node].count = found
        if isWeighted { minimumWeights[node] = weight }
    }

    /// Recomputes every inner ancestor of the leaves `first...last`, level by level.
    ///
    /// - Complexity: O(*k* + log *n*) for *k* leaves.
    private mutating func refreshAncestors(ofLeaves first: Int, _ last: Int) {
        var low = first >> 1, high = last >> 1
        while low >= 1 {
            for node in low...high { refreshNode(node) }
            low >>= 1
            high >>= 1
        }
    }

    /// The sum of the adds from the root down to the leaf of `block`, inclusive: what turns
    /// the block's raw counters into true ones.
    ///
    /// - Complexity: O(log *n*).
    private func pathAdd(ofBlock block: Int) -> Int32 {
        var node = leafBase + block
        var sum: Int32 = 0
        while node >= 1 {
            sum &+= nodes[node].add
            node >>= 1
        }
        return sum
    }

    // MARK: Updates

    /// Adds `delta` to the counters in `range`.
    ///
    /// - Complexity: O(log *n* + ``blockSize``).
    mutating func add(_ delta: Int32, in range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "positions \(range) out of 0..<\(count)")
        let first = range.lowerBound >> Self.shift, last = (range.upperBound - 1) >> Self.shift
        var fullStart = first, fullEnd = last + 1
        if range.lowerBound & Self.mask != 0 || (first == last && range.upperBound & Self.mask != 0) {
            addToCounters(delta, in: range.lowerBound..<min(range.upperBound, (first + 1) << Self.shift))
            refreshBlock(first)
            fullStart = first + 1
        }
        if last >= fullStart && range.upperBound & Self.mask != 0 {
            addToCounters(delta, in: last << Self.shift..<range.upperBound)
            refreshBlock(last)
            fullEnd = last
        }
        // The whole blocks, bottom-up; every ancestor of a node changed here is an ancestor
        // of the first or last block, which are refreshed after.
        var low = leafBase + fullStart, high = leafBase + fullEnd
        while low < high {
            if low & 1 == 1 {
                nodes[low].add &+= delta
                nodes[low].minimum &+= delta
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                nodes[high].add &+= delta
                nodes[high].minimum &+= delta
            }
            low >>= 1
            high >>= 1
        }
        var left = (leafBase + first) >> 1, right = (leafBase + last) >> 1
        while left >= 1 {
            refreshNode(left)
            if right != left { refreshNode(right) }
            left >>= 1
            right >>= 1
        }
    }

    private mutating func addToCounters(_ delta: Int32, in range: Range<Int>) {
        values.withUnsafeMutableBufferPointer { values in
            for position in range { values[position] &+= delta }
        }
    }

    /// Sets the true counters in `range` to what `newValue` gives for each position (`nil`
    /// keeps it), in ascending order of position.
    ///
    /// - Complexity: O(*k* + (*k* / ``blockSize``) log *n*) for *k* positions.
    mutating func setValues(in range: Range<Int>, _ newValue: (Int) -> Int32?) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "positions \(range) out of 0..<\(count)")
        let first = range.lowerBound >> Self.shift, last = (range.upperBound - 1) >> Self.shift
        for block in first...last {
            let above = pathAdd(ofBlock: block)
            let start = max(range.lowerBound, block << Self.shift)
            let end = min(range.upperBound, (block + 1) << Self.shift)
            for position in start..<end {
                if let value = newValue(position) { values[position] = value &- above }
            }
            refreshBlock(block)
        }
        refreshAncestors(ofLeaves: leafBase + first, leafBase + last)
    }

    // MARK: Queries

    /// The zeros before `position` and their weight sum, and the true counter at
    /// `position` (a padding value at ``count``).
    ///
    /// - Complexity: O(log *n* + ``blockSize``).
    func prefix(_ position: Int) -> (zeros: Int, weight: Int64, value: Int32) {
        precondition(position >= 0 && position <= count, "position \(position) out of 0...\(count)")
        guard position < count else { return (zeroCount, zeroWeight, Self.padding) }
        let block = position >> Self.shift
        var node = 1
        var above: Int32 = 0
        var zeros = 0
        var weight: Int64 = 0
        var bit = leafBase >> 1
        while node < leafBase {
            above &+= nodes[node].add
            let left = node << 1
            if block & bit != 0 {
                if above &+ nodes[left].minimum == 0 {
                    zeros += Int(nodes[left].count)
                    if isWeighted { weight += minimumWeights[left] }
                }
                node = left | 1
            } else {
                node = left
            }
            bit >>= 1
        }
        above &+= nodes[node].add
        let target = 0 &- above
        let start = block << Self.shift
        values.withUnsafeBufferPointer { values in
            for other in start..<position where values[other] == target { zeros += 1 }
            if isWeighted {
                weights.withUnsafeBufferPointer { weights in
                    for other in start..<position where values[other] == target { weight += Int64(weights[other]) }
                }
            }
        }
        return (zeros, weight, values[position] &+ above)
    }

    /// The zeros in `range`.
    ///
    /// - Complexity: O(log *n* + ``blockSize``).
    func zeros(in range: Range<Int>) -> Int {
        range.isEmpty ? 0 : prefix(range.upperBound).zeros - prefix(range.lowerBound).zeros
    }

    /// The position of the zero with `rank` zeros before it (`rank` < ``zeroCount``).
    ///
    /// - Complexity: O(log *n* + ``blockSize``).
    func positionOfZero(rank: Int) -> Int {
        precondition(rank >= 0 && rank < zeroCount, "zero \(rank) out of 0..<\(zeroCount)")
        return positionOfZero(covering: Int64(rank), weighted: false)
    }

    /// The zero whose weight span covers `weight` (the zeros before it weigh at most
    /// `weight`, and with it more), for 0 ≤ `weight` < ``zeroWeight``.
    ///
    /// - Complexity: O(log *n* + ``blockSize``).
    func positionOfZero(atWeight weight: Int64) -> Int {
        precondition(isWeighted && weight >= 0 && weight < zeroWeight, "weight \(weight) out of 0..<\(zeroWeight)")
        return positionOfZero(covering: weight, weighted: true)
    }

    /// The zero at which the running sum of the zeros' sizes passes `amount`, a zero's
    /// size being its weight (`weighted`) or 1: one descent from the root to a block, then
    /// a scan of the block.
    private func positionOfZero(covering amount: Int64, weighted: Bool) -> Int {
        var node = 1
        var above: Int32 = 0
        var remaining = amount
        while node < leafBase {
            above &+= nodes[node].add
            let left = node << 1
            let size = above &+ nodes[left].minimum != 0 ? 0 : weighted ? minimumWeights[left] : Int64(nodes[left].count)
            if remaining < size {
                node = left
            } else {
                remaining -= size
                node = left | 1
            }
        }
        above &+= nodes[node].add
        let target = 0 &- above
        let start = (node - leafBase) << Self.shift
        for position in start..<start + Self.blockSize where values[position] == target {
            let size = weighted ? Int64(weights[position]) : 1
            if remaining < size { return position }
            remaining -= size
        }
        preconditionFailure("the counts of block \(node - leafBase) are stale")
    }

    /// The true counter at every position, in order.
    ///
    /// - Complexity: O(*n*).
    var trueValues: [Int32] {
        (0..<count).map { values[$0] &+ pathAdd(ofBlock: $0 >> Self.shift) }
    }

    /// Recomputes every node and compares.
    ///
    /// - Throws: ``InvariantViolation`` naming the first stale node.
    /// - Complexity: O(*n*).
    func checkNodes() throws(InvariantViolation) {
        var fresh = self
        let blocks = max(1, (count + Self.mask) >> Self.shift)
        for block in 0..<blocks { fresh.refreshBlock(block) }
        for node in stride(from: leafBase - 1, through: 1, by: -1) { fresh.refreshNode(node) }
        for node in 1..<2 * leafBase
        where fresh.nodes[node].minimum != nodes[node].minimum || fresh.nodes[node].count != nodes[node].count
            || (isWeighted && fresh.minimumWeights[node] != minimumWeights[node]) {
            throw InvariantViolation("hidden counters: node \(node) holds minimum \(nodes[node].minimum) ×\(nodes[node].count), "
                + "its children give \(fresh.nodes[node].minimum) ×\(fresh.nodes[node].count)")
        }
    }
}
