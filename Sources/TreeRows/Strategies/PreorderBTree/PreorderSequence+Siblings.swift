/// What an accordion has collapsed so far: the tree's expanded flags, out of the tree for the
/// walk, with each collapsed sibling's cleared, and the rows the collapses deleted, in old
/// indices. Passed `inout` down the walk rather than captured by a closure, so that its
/// accesses are checked statically.
struct SiblingCollapses {
    var flags: Tree.FlagColumn
    /// The deleted rows, in old indices, ascending.
    private(set) var deletions = RangeList()
    /// Rows deleted so far: what turns an index after the collapses into an old one.
    private var deleted = 0

    init(flags: Tree.FlagColumn) {
        self.flags = flags
    }

    /// Clears a collapsed sibling's flag and deletes the rows it hid (in the indices after
    /// the collapses before it), `nil` for none.
    ///
    /// - Complexity: O(1) amortized.
    mutating func collapsed(_ slot: Int32, hiding rows: Range<Int>?) {
        flags[Int(slot)] = false
        guard let rows else { return }
        deletions.appendMerging(rows.lowerBound &+ deleted..<rows.upperBound &+ deleted)
        deleted &+= rows.count
    }
}

extension PreorderSequence {
    /// Where ``collapseSiblings(inLeafFrom:siblingKey:sparing:zerosBefore:into:)`` stopped.
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
    ///   - record: Told of each collapsed sibling's slot and the rows it hid (zeros of its
    ///     subtree, in the indices after the collapses before it), `nil` for none.
    /// - Returns: Where the walk stopped.
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func collapseSiblings(
        inLeafFrom location: Location, siblingKey: Int32, sparing spared: Int32, zerosBefore known: Int?,
        into record: inout SiblingCollapses
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
            record.collapsed(leaves[slots &+ index], hiding: rows)
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

    /// Recomputes the summary of `leaf`'s entry from its elements, their minimum key too
    /// when `keys`, then mends each entry above from the change of the one entry below it
    /// (``mendEntry(_:childLevel:from:to:keys:)``), up to the first that stays the same.
    ///
    /// - Complexity: O(``leafCapacity`` + *h*), plus O(``fanout``) for each level whose
    ///   minimum counter or key leaves the entry that held it.
    mutating func refreshPath(ofLeaf leaf: Int32, keys: Bool) {
        var entry = link(of: leaf, level: 0)
        var old = summary(of: entry)
        refreshEntry(entry, childLevel: 0, keys: keys)
        var new = summary(of: entry)
        var level = 1
        while level <= height && old != new {
            let above = link(of: Int32(entry / fanout), level: level)
            let before = summary(of: above)
            mendEntry(above, childLevel: level, from: old, to: new, keys: keys)
            (entry, old, new) = (above, before, summary(of: above))
            level += 1
        }
    }

    /// The summary of one entry, as its columns hold it.
    struct EntrySummary: Equatable {
        var size: Int32
        var minimum: Int32
        var count: Int32
        var weight: Int64
        var key: Int32
    }

    /// The summary of `entry`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func summary(of entry: Int) -> EntrySummary {
        EntrySummary(size: sizes[entry], minimum: minimums[entry], count: minimumCounts[entry],
                     weight: isWeighted ? minimumWeights[entry] : 0, key: minimumKeys[entry])
    }

    /// Mends the summary of `entry`, whose child (an inner node at `childLevel`) had one
    /// entry's summary change from `old` to `new`, by comparison: its size by the
    /// difference, its minimum and their count and height by whether the changed entry held
    /// the minimum before and after, its minimum key (when `keys`) likewise. Where the
    /// minimum counter leaves the changed entry, the child's counters are scanned; where the
    /// minimum key does, its keys alone.
    ///
    /// - Complexity: O(1), or O(``fanout``) for a scan.
    private mutating func mendEntry(_ entry: Int, childLevel: Int, from old: EntrySummary, to new: EntrySummary, keys: Bool) {
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
        let key = minimumKeys[entry]
        let keyLeaves = keys && old.key == key && new.key > key
        guard count > 0 && old.size > 0 && new.size > 0 else { return refreshEntry(entry, childLevel: childLevel, keys: keyLeaves) }
        sizes[entry] &+= new.size &- old.size
        minimums[entry] = minimum &+ add
        minimumCounts[entry] = count
        if isWeighted { minimumWeights[entry] = weight }
        if keys && new.key < key {
            minimumKeys[entry] = new.key
        } else if keyLeaves {
            let child = Int(children[entry])
            let range = child &* fanout..<child &* fanout &+ Int(innerCounts[child])
            var least = Self.noMinimum
            minimumKeys.withUnsafeBufferPointer { keys in
                for index in range { least = min(least, keys[index]) }
            }
            minimumKeys[entry] = least
        }
    }
}
