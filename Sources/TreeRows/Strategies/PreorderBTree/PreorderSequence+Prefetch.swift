internal import CPrefetch

extension PreorderSequence {
    /// Starts loading what an operation on an element of `leaf` reads next: the leaf's lines,
    /// then at every level up to the super-root the path's entry in each inner column and
    /// the start of its node's row (where the entries before the path, which a count of rows
    /// or elements before reads, begin). Only the chain of links is read now, one per level;
    /// the rest are hints, so that the misses of the climb that follows overlap instead of
    /// coming one level after another. Changes nothing.
    ///
    /// - Complexity: O(``leafCapacity`` / 16 + *h*).
    @inline(__always)
    func prefetchPath(ofLeaf leaf: Int32) {
        leaves.withUnsafeBufferPointer { leaves in
            let start = leaves.baseAddress! + Int(leaf) &* leafStride
            var offset = 0
            while offset < leafStride {
                treerows_prefetch(start + offset)
                offset &+= 16
            }
        }
        var own = link(of: leaf, level: 0)
        while own >= 0 {
            let row = own &- own % fanout
            Self.prefetch(sizes, row, own)
            Self.prefetch(adds, row, own)
            Self.prefetch(minimums, row, own)
            Self.prefetch(minimumCounts, row, own)
            Self.prefetch(minimumKeys, row, own)
            if isWeighted { Self.prefetch(minimumWeights, row, own) }
            own = Int(innerLinks[own / fanout])
        }
    }

    /// Starts loading the leaf number of node slot `slot`, the first read of
    /// ``location(ofSlot:)``, for a node that an operation locates only after other reads.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func prefetchLeaf(ofSlot slot: Int32) {
        Self.prefetch(leafOf.offsets, at: Int(slot))
        Self.prefetch(leafOf.bases, at: Int(slot) &>> NarrowColumn.blockShift)
    }

    /// Starts loading the lines of `column` at `row` and `entry`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    private static func prefetch<Number>(_ column: ContiguousArray<Number>, _ row: Int, _ entry: Int) {
        prefetch(column, at: row)
        prefetch(column, at: entry)
    }

    /// Starts loading the line of `array` at `index`, in its bounds or not (a hint never
    /// faults).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func prefetch<Element>(_ array: ContiguousArray<Element>, at index: Int) {
        array.withUnsafeBufferPointer { treerows_prefetch($0.baseAddress! + index) }
    }
}
