/// What an accordion has collapsed so far: the tree's expanded flags, out of the tree for the
/// walk, with each collapsed sibling's cleared, the rows the collapses deleted, in old
/// indices, and the inner node whose summaries wait to be mended. Passed `inout` down the
/// walk rather than captured by a closure, so that its accesses are checked statically.
struct SiblingCollapses {
    var flags: Tree.FlagColumn
    /// The deleted rows, in old indices, ascending, but the last, which the next may extend:
    /// a plain array (a `RangeList`'s append costs several times an array's), allocated at
    /// the second range, as a `RangeList` would be.
    private var done: [Range<Int>] = []
    /// The last deleted rows, in old indices.
    private var last: Range<Int>?
    /// Rows deleted so far: what turns an index after the collapses into an old one.
    private var deletedCount = 0
    /// The inner node of level 1 above the leaves the walk changed last, whose own entry
    /// and the ones above it are not mended yet (the leaves' entries in it are), and whether
    /// their minimum keys are to be recomputed too; `nil` when every summary is mended
    /// (``PreorderSequence/mendPending(_:)``).
    var pending: (node: Int32, keys: Bool)?
    /// The sum of the adds above a leaf the walk visited last (its raw counters plus it are
    /// the true ones), so that the next leaf's comes from a climb to their common parent;
    /// `nil` after anything changes the adds (a toggle).
    var pathAdd: (leaf: Int32, add: Int32)?

    init(flags: Tree.FlagColumn) {
        self.flags = flags
    }

    /// The deleted rows, in old indices, ascending, once the walk is over.
    ///
    /// - Complexity: O(1) amortized.
    mutating func finishedDeletions() -> RangeList {
        guard let last else { return RangeList() }
        self.last = nil
        guard !done.isEmpty else { return RangeList(last) }
        done.append(last)
        return RangeList(storing: done)
    }

    /// Clears a collapsed sibling's flag and deletes the rows it hid (in the indices after
    /// the collapses before it), `nil` for none.
    ///
    /// - Complexity: O(1) amortized.
    mutating func collapsed(_ slot: Int32, hiding rows: Range<Int>?) {
        flags[Int(slot)] = false
        guard let rows, !rows.isEmpty else { return }
        let old = rows.lowerBound &+ deletedCount..<rows.upperBound &+ deletedCount
        deletedCount &+= rows.count
        guard let last else { return self.last = old }
        precondition(old.lowerBound >= last.upperBound, "collapsed rows must come in ascending order")
        if last.upperBound == old.lowerBound {
            self.last = last.lowerBound..<old.upperBound
        } else {
            // Room for a few at once: no more allocations than a RangeList's doublings from 2.
            if done.isEmpty { done.reserveCapacity(8) }
            done.append(last)
            self.last = old
        }
    }
}

extension PreorderSequence {
    /// Where ``collapseSiblings(inLeafFrom:siblingKey:sparing:zerosBefore:into:)`` stopped.
    enum SiblingWalkStop {
        /// At an element no deeper than the siblings' parent: the parent's elements end.
        case rangeEnd
        /// At the leaf's last element, the parent's elements going on or not; with the zeros
        /// (rows) up to the leaf's end when known.
        case leafEnd(Location, zeros: Int?)
        /// At an expanded sibling, not collapsed, whose subtree runs past the next leaf.
        case spanning(Location)
        /// In the next leaf, after the subtree of a sibling collapsed across the two leaves;
        /// the next leaf's counters changed (its summaries are not mended yet) when `changed`,
        /// and `zeros` are the rows before `location`, when known.
        case carried(Location, zeros: Int?, changed: Bool)
    }

    /// Collapses the expanded siblings in one leaf, from `location` on, in one pass over
    /// its keys: each element of key `siblingKey` but the one of slot `spared` takes key
    /// `siblingKey + 1`, and the counters of its subtree go up by 1. A subtree that runs on
    /// into the next leaf and ends there (or runs to the sequence's end) is collapsed too,
    /// and the walk stops after it; one that runs further is left to the caller. The leaf's
    /// summary is mended once, at the end, rather than once per sibling, and the ones above
    /// it wait in `record` (``SiblingCollapses/pending``) until the walk leaves the leaf's
    /// parent: the caller calls ``mendPending(_:)`` before anything but this walk reads
    /// or changes the sequence, and at the end. The zeros before a sibling are found (one
    /// climb, then counted on along the leaf) only when it and its subtree hold rows: the
    /// siblings share their counter, so under a hidden parent no climb counts rows.
    ///
    /// - Parameters:
    ///   - location: A sibling (or the element after one's subtree) in the parent's range.
    ///   - known: The zeros (rows) before the element at `known.index` of this leaf (at or
    ///     before `location`), when the caller knows them.
    ///   - changed: Whether the leaf's counters changed before the call (a ``SiblingWalkStop/carried(_:zeros:changed:)``),
    ///     so that its summaries are mended even when no sibling here collapses.
    ///   - record: Told of each collapsed sibling's slot and the rows it hid (zeros of its
    ///     subtree, in the indices after the collapses before it), `nil` for none.
    /// - Returns: Where the walk stopped.
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func collapseSiblings(
        inLeafFrom location: Location, siblingKey: Int32, sparing spared: Int32, zerosBefore known: (index: Int, zeros: Int)?,
        changed: Bool = false, into record: inout SiblingCollapses
    ) -> SiblingWalkStop {
        let leaf = Int(location.leaf)
        let count = Int(leaves[countPosition(leaf)])
        let first = leaf &* leafCapacity
        let values = valuePosition(first), keys = keyPosition(first), slots = slotPosition(first)
        let collapsedKey = siblingKey | 1
        // The raw counter of a row here (it cancels the adds above the leaf), once needed.
        var zero: Int32?
        // The zeros before the element at `counted.index`, once known.
        var counted = (index: known?.index ?? location.index, zeros: known?.zeros)
        // Whether counters changed here (a collapsed sibling with descendants in this leaf, or
        // a carried subtree's end), and whether keys did (any collapsed sibling): a sibling
        // without descendants here changes its key alone, and then only the keys are mended.
        var countersChanged = changed, keysChanged = false
        // The summaries waiting above another inner node are mended before this leaf's climbs
        // read the entries left of its path.
        if let pending = record.pending, height == 0 || pending.node != parent(of: location.leaf, level: 0) {
            mendPending(&record)
        }
        defer {
            if countersChanged {
                // The minimum keys change only in a leaf whose least key was the siblings' (nothing
                // shallower): its entry still holds the old one.
                refreshLeaf(location.leaf, keys: minimumKeys[link(of: location.leaf, level: 0)] == siblingKey, pending: &record)
            } else if keysChanged {
                mendPending(&record)
                mendKeys(ofLeaf: location.leaf, from: siblingKey, to: collapsedKey)
            }
        }
        var index = location.index
        while true {
            // Collapsed siblings and everything under a sibling that stays are passed over.
            index = firstIndex(from: index, below: count, keys: keys, atMost: siblingKey)
            guard index < count else {
                // The rows up to the leaf's end, counted on along it, for the next leaf.
                guard var before = counted.zeros else { return .leafEnd(Location(leaf: location.leaf, index: count &- 1), zeros: nil) }
                let raw = zero ?? 0 &- pathAdd(ofLeaf: location.leaf, from: &record.pathAdd)
                for element in values &+ counted.index..<values &+ count where leaves[element] == raw { before &+= 1 }
                return .leafEnd(Location(leaf: location.leaf, index: count &- 1), zeros: before)
            }
            if leaves[keys &+ index] < siblingKey { return .rangeEnd }
            if leaves[slots &+ index] == spared {
                index &+= 1
                continue
            }
            let end = firstIndex(from: index &+ 1, below: count, keys: keys, atMost: collapsedKey)
            // A subtree past the leaf: where it ends in the next leaf (nil: at the sequence's end).
            var carry: (leaf: Int32, end: Int)?
            if end == count {
                if let next = nextLeaf(after: location.leaf) {
                    let nextCount = Int(leaves[countPosition(Int(next))])
                    let nextEnd = firstIndex(from: 0, below: nextCount, keys: keyPosition(Int(next) &* leafCapacity), atMost: collapsedKey)
                    guard nextEnd < nextCount else { return .spanning(Location(leaf: location.leaf, index: index)) }
                    carry = (next, nextEnd)
                }
            }
            leaves[keys &+ index] = collapsedKey
            keysChanged = true
            if end > index &+ 1 { countersChanged = true }
            // Under an expanded sibling, the rows are the elements whose counter is the
            // sibling's, when the sibling is a row: counted before the add, without the adds above.
            let own = leaves[values &+ index]
            var same = addOne(from: values &+ index &+ 1, to: values &+ end, counting: own)
            if let carry {
                // The same true counter, in the next leaf's raw terms.
                let here = pathAdd(ofLeaf: location.leaf, from: &record.pathAdd)
                let there = own &+ here &- pathAdd(ofLeaf: carry.leaf, from: &record.pathAdd)
                let start = valuePosition(Int(carry.leaf) &* leafCapacity)
                same &+= addOne(from: start, to: start &+ carry.end, counting: there)
            }
            var rows: Range<Int>?
            if same > 0 {
                if zero == nil && counted.zeros == nil && record.pathAdd == nil {
                    // No leaf's adds to start from: one climb finds this leaf's with the rows before.
                    let found = prefix(at: Location(leaf: location.leaf, index: index), countingOrdinal: false)
                    zero = own &- found.value
                    counted = (index, found.zeros)
                }
                let rowCounter = zero ?? 0 &- pathAdd(ofLeaf: location.leaf, from: &record.pathAdd)
                zero = rowCounter
                // Siblings share their counter: under a hidden parent none is a row, and the
                // rows before them are never needed (no climb to count them).
                if own == rowCounter {
                    var before: Int
                    if let zeros = counted.zeros {
                        before = zeros
                    } else {
                        before = prefix(at: Location(leaf: location.leaf, index: index), countingOrdinal: false).zeros
                        counted.index = index
                    }
                    for element in values &+ counted.index..<values &+ index where leaves[element] == own { before &+= 1 }
                    rows = before &+ 1..<before &+ 1 &+ same
                    counted = (end, before &+ 1)
                }
            }
            record.collapsed(leaves[slots &+ index], hiding: rows)
            if end == count {
                // After the subtree: the next leaf, whose rows before that point are the ones
                // before the sibling and the sibling itself, or the sequence's end.
                guard let carry else { return .rangeEnd }
                return .carried(Location(leaf: carry.leaf, index: carry.end), zeros: rows.map { $0.lowerBound }, changed: carry.end > 0)
            }
            index = end
        }
    }

    /// Adds 1 to the raw counters at positions `start..<end` of ``leaves``.
    ///
    /// - Returns: How many of them were `value` before the add.
    /// - Complexity: O(`end - start`).
    @inline(__always)
    private mutating func addOne(from start: Int, to end: Int, counting value: Int32) -> Int {
        var same = 0
        leaves.withUnsafeMutableBufferPointer { leaves in
            for member in start..<end {
                same &+= leaves[member] == value ? 1 : 0
                leaves[member] &+= 1
            }
        }
        return same
    }

    /// The sum of the adds above `leaf` (``pathAdd(ofLeaf:)``), from the one of the leaf in
    /// `known`: the two climbs meet at the leaves' common ancestor, above which the adds
    /// are the same. `known` then holds `leaf`'s.
    ///
    /// - Complexity: O(1) for the same leaf, O(*l*) for leaves whose common ancestor is *l*
    ///   levels up (1 for leaves of one parent), O(*h*) without `known`.
    private func pathAdd(ofLeaf leaf: Int32, from known: inout (leaf: Int32, add: Int32)?) -> Int32 {
        guard let from = known else {
            let add = pathAdd(ofLeaf: leaf)
            known = (leaf, add)
            return add
        }
        guard from.leaf != leaf else { return from.add }
        var (old, new, level) = (from.leaf, leaf, 0)
        var add = from.add
        while old != new {
            let oldLink = link(of: old, level: level), newLink = link(of: new, level: level)
            add = add &- adds[oldLink] &+ adds[newLink]
            (old, new) = (Int32(oldLink / fanout), Int32(newLink / fanout))
            level += 1
        }
        known = (leaf, add)
        return add
    }

    /// The leaf after `leaf` in the sequence, or `nil` for the last.
    ///
    /// - Complexity: O(*h*), O(1) when both leaves share their parent.
    func nextLeaf(after leaf: Int32) -> Int32? {
        var node = leaf, level = 0
        while level <= height {
            let own = link(of: node, level: level)
            let parent = own / fanout
            if own &+ 1 < parent &* fanout &+ Int(innerCounts[parent]) {
                var next = children[own &+ 1]
                while level > 0 {
                    next = children[Int(next) &* fanout]
                    level -= 1
                }
                return next
            }
            node = Int32(parent)
            level += 1
        }
        return nil
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
    /// when `keys`, and leaves the entries above to ``mendPending(_:)``: the leaf's parent
    /// becomes `record`'s pending node, after the one pending before is mended when it is
    /// another. A walk along the leaves of one parent so climbs once for all of them.
    ///
    /// - Complexity: O(``leafCapacity``), plus a ``mendPending(_:)`` of another node.
    private mutating func refreshLeaf(_ leaf: Int32, keys: Bool, pending record: inout SiblingCollapses) {
        let entry = link(of: leaf, level: 0)
        guard height > 0 else { return refreshEntry(entry, childLevel: 0, keys: keys) }
        let node = Int32(entry / fanout)
        if let pending = record.pending, pending.node != node { mendPending(&record) }
        refreshEntry(entry, childLevel: 0, keys: keys)
        record.pending = (node, keys || record.pending?.keys == true)
    }

    /// Mends the summaries above `record`'s pending node, if any: its own entry from its
    /// leaves' entries, then each entry above from the change of the one below it
    /// (``refreshPath(ofNode:level:keys:)``). Every summary is then as its elements say.
    ///
    /// - Complexity: O(``fanout`` + *h*), plus O(``fanout``) for each level whose minimum
    ///   counter or key leaves the entry that held it.
    mutating func mendPending(_ record: inout SiblingCollapses) {
        guard let pending = record.pending else { return }
        record.pending = nil
        refreshPath(ofNode: pending.node, level: 1, keys: pending.keys)
    }

    /// Recomputes the summary of `leaf`'s entry from its elements, their minimum key too
    /// when `keys`, then mends each entry above from the change of the one entry below it
    /// (``mendEntry(_:childLevel:from:to:keys:)``), up to the first that stays the same.
    ///
    /// - Complexity: O(``leafCapacity`` + *h*), plus O(``fanout``) for each level whose
    ///   minimum counter or key leaves the entry that held it.
    mutating func refreshPath(ofLeaf leaf: Int32, keys: Bool) {
        refreshPath(ofNode: leaf, level: 0, keys: keys)
    }

    /// Recomputes the summary of the entry of `node` (at `level`, 0 for a leaf) from its
    /// child, its minimum key too when `keys`, then mends each entry above from the change
    /// of the one entry below it, up to the first that stays the same.
    ///
    /// - Complexity: O(``leafCapacity``) for a leaf or O(``fanout``) for an inner node,
    ///   plus O(*h*), plus O(``fanout``) for each level whose minimum counter or key leaves
    ///   the entry that held it.
    private mutating func refreshPath(ofNode node: Int32, level nodeLevel: Int, keys: Bool) {
        var entry = link(of: node, level: nodeLevel)
        var old = summary(of: entry)
        refreshEntry(entry, childLevel: nodeLevel, keys: keys)
        var new = summary(of: entry)
        var level = nodeLevel + 1
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
        var counters: Counters
        var key: Int32
    }

    /// The summary of `entry`.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func summary(of entry: Int) -> EntrySummary {
        EntrySummary(size: sizes[entry], counters: counters(of: entry), key: minimumKeys[entry])
    }

    /// Mends the summary of `entry`, whose child (an inner node at `childLevel`) had one
    /// entry's summary change from `old` to `new`, by comparison: its size by the
    /// difference, its counters by ``mendCounters(_:childLevel:from:to:)``, its minimum key
    /// (when `keys`) likewise. Where the minimum key leaves the changed entry, the child's
    /// keys are scanned.
    ///
    /// - Complexity: O(1), or O(``fanout``) for a scan.
    private mutating func mendEntry(_ entry: Int, childLevel: Int, from old: EntrySummary, to new: EntrySummary, keys: Bool) {
        guard old.size > 0 && new.size > 0 else {
            return refreshEntry(entry, childLevel: childLevel, keys: keys && new.key != old.key)
        }
        sizes[entry] &+= new.size &- old.size
        mendCounters(entry, childLevel: childLevel, from: old.counters, to: new.counters)
        let key = minimumKeys[entry]
        if keys && new.key < key {
            minimumKeys[entry] = new.key
        } else if keys && old.key == key && new.key > key {
            let child = Int(children[entry])
            minimumKeys[entry] = leastKey(ofEntries: child &* fanout..<child &* fanout &+ Int(innerCounts[child]))
        }
    }
}
