extension PreorderSequence {
    /// Where ``collapseSiblings(inLeafFrom:siblingKey:sparing:zerosBefore:_:)`` stopped.
    enum SiblingWalkStop {
        /// At an element no deeper than the siblings' parent: the parent's elements end.
        case rangeEnd
        /// At the leaf's last element, the parent's elements going on or not.
        case leafEnd(Location)
        /// At an expanded sibling, not collapsed, whose subtree does not end within the leaf.
        case spanning(Location)
    }

    /// Collapses the expanded siblings in one leaf, from `location` on, in one pass over
    /// its keys: each element of key `siblingKey` but the one of slot `spared` takes key
    /// `siblingKey + 1`, and the counters of its subtree, which must end within the leaf, go
    /// up by 1. The leaf's summary and the ones above it are mended once, at the end, rather
    /// than once per sibling; the zeros before a sibling are found (one climb, then counted
    /// on along the leaf) only when its subtree holds rows.
    ///
    /// - Parameters:
    ///   - location: A sibling (or the element after one's subtree) in the parent's range.
    ///   - known: The zeros (rows) before `location`, when the caller knows them.
    ///   - collapsed: Called with each collapsed sibling's slot and the rows it hid (zeros of its
    ///     subtree, in the indices after the collapses before it), `nil` for none.
    /// - Returns: Where the walk stopped.
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func collapseSiblings(
        inLeafFrom location: Location, siblingKey: Int32, sparing spared: Int32, zerosBefore known: Int?,
        _ collapsed: (_ slot: Int32, _ rows: Range<Int>?) -> Void
    ) -> SiblingWalkStop {
        let leaf = Int(location.leaf)
        let count = Int(leaves[countPosition(leaf)])
        let first = leaf &* leafCapacity
        let values = valuePosition(first), keys = keyPosition(first), slots = slotPosition(first)
        let collapsedKey = siblingKey | 1
        // The raw counter of a row here (it cancels the adds above the leaf), once needed.
        var zero: Int32?
        // The zeros before the element at `counted.index`, once known.
        var counted = (index: location.index, zeros: known)
        var changed = false
        // The minimum keys change only in a leaf whose least key was the siblings' (nothing
        // shallower): its entry still holds the old one.
        defer { if changed { refreshPath(ofLeaf: location.leaf, keys: minimumKeys[link(of: location.leaf, level: 0)] == siblingKey) } }
        var index = location.index
        while true {
            // Collapsed siblings and everything under a sibling that stays are passed over.
            index = firstIndex(from: index, below: count, keys: keys, atMost: siblingKey)
            guard index < count else { return .leafEnd(Location(leaf: location.leaf, index: count &- 1)) }
            if leaves[keys &+ index] < siblingKey { return .rangeEnd }
            if leaves[slots &+ index] == spared {
                index &+= 1
                continue
            }
            let end = firstIndex(from: index &+ 1, below: count, keys: keys, atMost: collapsedKey)
            guard end < count else { return .spanning(Location(leaf: location.leaf, index: index)) }
            leaves[keys &+ index] = collapsedKey
            changed = true
            // Under an expanded sibling, the rows are the elements whose counter is the
            // sibling's, when the sibling is a row: counted before the add, without the adds above.
            let own = leaves[values &+ index]
            var same = 0
            leaves.withUnsafeMutableBufferPointer { leaves in
                for member in values &+ index &+ 1..<values &+ end {
                    same &+= leaves[member] == own ? 1 : 0
                    leaves[member] &+= 1
                }
            }
            var rows: Range<Int>?
            if same > 0 {
                if zero == nil {
                    if counted.zeros == nil {
                        let found = prefix(at: Location(leaf: location.leaf, index: index), countingOrdinal: false)
                        zero = own &- found.value
                        counted = (index, found.zeros)
                    } else {
                        zero = 0 &- pathAdd(ofLeaf: location.leaf)
                    }
                }
                if own == zero, var before = counted.zeros {
                    for element in values &+ counted.index..<values &+ index where leaves[element] == own { before &+= 1 }
                    rows = before &+ 1..<before &+ 1 &+ same
                    counted = (end, before &+ 1)
                }
            }
            collapsed(leaves[slots &+ index], rows)
            index = end
        }
    }

    /// The first index from `start` below `end` whose key (the leaf's keys start at
    /// position `keys`) is at most `bound`; `end` for none.
    ///
    /// - Complexity: O(`end - start`).
    @inline(__always)
    private func firstIndex(from start: Int, below end: Int, keys: Int, atMost bound: Int32) -> Int {
        leaves.withUnsafeBufferPointer { leaves in
            var index = start
            while index < end && leaves[keys &+ index] > bound { index &+= 1 }
            return index
        }
    }

    /// Recomputes the summaries on the path from `leaf` to the super-root, their minimum
    /// keys too when `keys`, up to the first entry whose minimum key stays the same.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func refreshPath(ofLeaf leaf: Int32, keys: Bool) {
        var node = leaf, keys = keys
        for level in 0...height {
            let entry = link(of: node, level: level)
            let key = minimumKeys[entry]
            refreshEntry(entry, childLevel: level, keys: keys)
            if minimumKeys[entry] == key { keys = false }
            node = Int32(entry / fanout)
        }
    }
}
