extension PreorderSequence {
    // MARK: Counters and keys

    /// What a range add found: the zeros (rows) before its first element, the zeros among
    /// its elements before and after the add, and the adds above its first element's leaf
    /// (what turns that leaf's raw counters into true ones).
    struct RangeAddition: Equatable {
        var zerosBefore: Int
        var before: Int
        var after: Int
        var above: Int32
    }

    /// Adds `delta` to the counters of the elements at `ordinals` (see
    /// ``add(_:from:upTo:)``).
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    @discardableResult
    mutating func add(_ delta: Int32, ordinals: Range<Int>) -> RangeAddition {
        precondition(ordinals.lowerBound >= 0 && ordinals.upperBound <= count, "ordinals \(ordinals) out of 0..<\(count)")
        guard !ordinals.isEmpty else {
            return RangeAddition(zerosBefore: prefix(atOrdinal: ordinals.lowerBound).zeros, before: 0, after: 0, above: 0)
        }
        return add(delta, from: location(atOrdinal: ordinals.lowerBound),
                   upTo: ordinals.upperBound < count ? location(atOrdinal: ordinals.upperBound) : nil)
    }

    /// Adds `delta` to the counters of the elements from `start` up to `end` (`nil`: the
    /// sequence's end), which must not come before `start`: one climb from the two leaves to
    /// the super-root. At each level the entries between the two paths get the add, until
    /// the paths meet; each entry on a path takes its child's new minimum counter, their
    /// count and height (sizes and keys stay), and above the meeting point the climb stops
    /// mending at the first entry that stays the same. On the way it counts the zeros to
    /// the left of `start`'s path, so that a toggle needs no climb of its own for them.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func add(_ delta: Int32, from start: Location, upTo end: Location?) -> RangeAddition {
        // The end's climb, when it has its own, overlaps the start's.
        if let end, end.leaf != start.leaf { prefetchPath(ofLeaf: end.leaf) }
        let above = pathAdd(ofLeaf: start.leaf)
        var result = RangeAddition(zerosBefore: 0, before: 0, after: 0, above: above)
        let startValues = valuePosition(Int(start.leaf) &* leafCapacity)
        result.zerosBefore = countElements(values: startValues, 0..<start.index, equalTo: 0 &- above)
        // The node on each path at the level of the climb: the end's only until the paths
        // meet, and none for the sequence's end; and the adds above the end's leaf.
        var left = start.leaf, right: Int32 = -1, rightAbove: Int32 = 0
        var merged = false
        let toEnd = end == nil
        if let end, end.leaf == start.leaf {
            addToElements(delta, values: startValues, start.index..<end.index, target: 0 &- above, &result)
            merged = true
        } else {
            let startCount = Int(leaves[countPosition(Int(start.leaf))])
            addToElements(delta, values: startValues, start.index..<startCount, target: 0 &- above, &result)
            if let end {
                right = end.leaf
                rightAbove = pathAdd(ofLeaf: end.leaf)
                addToElements(delta, values: valuePosition(Int(end.leaf) &* leafCapacity), 0..<end.index,
                              target: 0 &- rightAbove, &result)
            }
        }
        // The adds on each path from its leaf up to its entry at the level.
        var leftBelow: Int32 = 0, rightBelow: Int32 = 0
        var mending = true
        // Above the node where the paths met, each node has one changed entry, the path's:
        // its change, from which the entry above is mended by comparison.
        var change: (old: Counters, new: Counters)?
        for level in 0...height {
            let own = link(of: left, level: level)
            let parent = Int32(own / fanout)
            let first = Int(parent) &* fanout, last = first &+ Int(innerCounts[Int(parent)])
            if mending {
                let old = counters(of: own)
                if let change {
                    mendCounters(own, childLevel: level, from: change.old, to: change.new)
                } else {
                    refreshCounters(own, childLevel: level)
                }
                let new = counters(of: own)
                mending = old != new || !merged
                if merged { change = (old, new) }
            }
            leftBelow &+= adds[own]
            // An entry of `parent` is a zero when its minimum plus the adds above `parent` is 0.
            let target = leftBelow &- above
            result.zerosBefore &+= countEntries(first..<own, minimumEqualTo: target)
            left = parent
            if merged { continue }
            if toEnd {
                addToEntries(delta, own &+ 1..<last, target: target, &result)
                continue
            }
            let rightOwn = link(of: right, level: level)
            refreshCounters(rightOwn, childLevel: level)
            rightBelow &+= adds[rightOwn]
            let rightParent = Int32(rightOwn / fanout)
            if rightParent == parent {
                addToEntries(delta, own &+ 1..<rightOwn, target: target, &result)
                merged = true
            } else {
                addToEntries(delta, own &+ 1..<last, target: target, &result)
                addToEntries(delta, Int(rightParent) &* fanout..<rightOwn, target: rightBelow &- rightAbove, &result)
                right = rightParent
            }
        }
        return result
    }

    /// Adds `delta` to the raw counters at `range` of the leaf whose counters start at
    /// position `values`, counting those equal to `target` (the zeros) before and after.
    ///
    /// - Complexity: O(`range.count`).
    @inline(__always)
    private mutating func addToElements(
        _ delta: Int32, values: Int, _ range: Range<Int>, target: Int32, _ result: inout RangeAddition
    ) {
        let counted = leaves.withUnsafeMutableBufferPointer { leaves in
            Self.add(delta, from: leaves.baseAddress! + (values &+ range.lowerBound), count: range.count, counting: target)
        }
        result.before &+= Int(counted.before)
        result.after &+= Int(counted.after)
    }

    /// Adds `delta` to the whole children of the inner entries `range` (to their add and
    /// their minimum), counting the elements at their minimum when it is `target` (zeros)
    /// before and after.
    ///
    /// - Complexity: O(`range.count`).
    @inline(__always)
    private mutating func addToEntries(_ delta: Int32, _ range: Range<Int>, target: Int32, _ result: inout RangeAddition) {
        guard !range.isEmpty else { return }
        result.before &+= countEntries(range, minimumEqualTo: target)
        adds.withUnsafeMutableBufferPointer { adds in
            for entry in range { adds[entry] &+= delta }
        }
        // Planted (range-add-skips-minimum): the child's minimum keeps the old add.
        if Layout.plantedBug != .rangeAddSkipsMinimum {
            minimums.withUnsafeMutableBufferPointer { minimums in
                for entry in range { minimums[entry] &+= delta }
            }
        }
        result.after &+= countEntries(range, minimumEqualTo: target)
    }

    /// The elements under the inner entries `range` whose counter is their entry's minimum,
    /// when that minimum is `target`.
    ///
    /// - Complexity: O(`range.count`).
    @inline(__always)
    func countEntries(_ range: Range<Int>, minimumEqualTo target: Int32) -> Int {
        minimums.withUnsafeBufferPointer { minimums in
            minimumCounts.withUnsafeBufferPointer { counts in
                Int(Self.countReaching(target, minimums: minimums.baseAddress! + range.lowerBound,
                                       counts: counts.baseAddress! + range.lowerBound, count: range.count))
            }
        }
    }

    /// How many raw counters at `range` of the leaf whose counters start at position
    /// `values` equal `target`.
    ///
    /// - Complexity: O(`range.count`).
    @inline(__always)
    func countElements(values: Int, _ range: Range<Int>, equalTo target: Int32) -> Int {
        leaves.withUnsafeBufferPointer { leaves in
            Int(Self.count(target, from: leaves.baseAddress! + (values &+ range.lowerBound), count: range.count))
        }
    }

    /// Gives every element at `ordinals` the true counter and key `transform` returns for
    /// its old key.
    ///
    /// - Complexity: O(*m* + ``fanout`` · *h*) for *m* elements.
    mutating func assign(ordinals: Range<Int>, _ transform: (_ key: Int32) -> (value: Int32, key: Int32)) {
        precondition(ordinals.lowerBound >= 0 && ordinals.upperBound <= count, "ordinals \(ordinals) out of 0..<\(count)")
        guard !ordinals.isEmpty else { return }
        assign(under: 0, level: height + 1, above: 0, ordinals.lowerBound, ordinals.upperBound, transform)
    }

    private mutating func assign(
        under node: Int32, level: Int, above: Int32, _ lower: Int, _ upper: Int,
        _ transform: (Int32) -> (value: Int32, key: Int32)
    ) {
        var start = 0
        let first = Int(node) &* fanout
        for entry in first..<first + Int(innerCounts[Int(node)]) {
            let end = start + Int(sizes[entry])
            defer { start = end }
            if end <= lower { continue }
            if start >= upper { break }
            let child = children[entry]
            let from = max(lower, start) - start, to = min(upper, end) - start
            let below = above &+ adds[entry]
            if level == 1 {
                let base = Int(child) &* leafCapacity
                for index in base + from..<base + to {
                    let new = transform(leaves[keyPosition(index)])
                    leaves[valuePosition(index)] = new.value &- below
                    leaves[keyPosition(index)] = new.key
                }
            } else {
                assign(under: child, level: level - 1, above: below, from, to, transform)
            }
            refreshEntry(entry, childLevel: level - 1)
        }
    }

    /// Sets the key of one element and mends the minimum keys above it, climbing only as
    /// far as they change.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*), often O(1).
    mutating func setKey(_ key: Int32, at location: Location) {
        let old = leaves[keyPosition(element(location))]
        guard old != key else { return }
        leaves[keyPosition(element(location))] = key
        mendKeys(ofLeaf: location.leaf, from: old, to: key)
    }

    /// Mends the minimum keys above `leaf`, where elements of key `old` (one or more) now
    /// have key `new`: an entry whose minimum key was `old` reads its child's keys again
    /// when `new` is greater, and takes `new` when it is less; the climb stops at the first
    /// entry that stays the same. Nothing but keys is read: the counters and sizes are left
    /// as they are.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*), often O(1).
    mutating func mendKeys(ofLeaf leaf: Int32, from old: Int32, to new: Int32) {
        var node = leaf, level = 0
        while level <= height {
            let entry = link(of: node, level: level)
            let minimum = minimumKeys[entry]
            if new < minimum {
                minimumKeys[entry] = new
            } else if old == minimum && new > old {
                let child = Int(children[entry])
                let key = level == 0
                    ? leastKey(ofLeaf: child)
                    : leastKey(ofEntries: child &* fanout..<child &* fanout &+ Int(innerCounts[child]))
                guard key != minimum else { return }
                minimumKeys[entry] = key
            } else {
                return
            }
            node = Int32(entry / fanout)
            level += 1
        }
    }

    // MARK: Inserting

    /// Puts node slot `slot` into the sequence just before the element at `next` (at the
    /// end for `nil`), with true counter `value`, key `key` and height `weight`. A full
    /// leaf is split first, and a full inner node above it, up to a new root.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    mutating func insert(slot: Int32, value: Int32, key: Int32, weight: Int32, before next: Location?) {
        insert(slots: slot..<slot &+ 1, value: value, key: key, weight: weight, before: next)
    }

    /// Puts node slots `slots`, in order, into the sequence just before the element at
    /// `next` (at the end for `nil`), each with true counter `value`, key `key` and height
    /// `weight`: a page of new replies. They go into the leaf a run at a time, each run
    /// shifting the leaf's later elements once and mending the leaf's path once; a leaf
    /// without room for the rest is split first, and a full inner node above it, up to a
    /// new root.
    ///
    /// - Complexity: O((``leafCapacity`` + ``fanout`` · *h*) · (1 + *k* / ``leafCapacity``))
    ///   for *k* slots.
    mutating func insert(slots: Range<Int32>, value: Int32, key: Int32, weight: Int32, before next: Location?) {
        var location: Location
        if let next {
            location = next
        } else if let last = lastLocation() {
            location = Location(leaf: last.leaf, index: last.index + 1)
        } else {
            location = Location(leaf: children[Self.top], index: 0)
        }
        let half = leafCapacity / 2
        var slot = slots.lowerBound
        while slot < slots.upperBound {
            let left = Int(slots.upperBound &- slot)
            let count = Int(leaves[countPosition(Int(location.leaf))])
            // Split a full leaf, or one too full for the rest when half a leaf takes it.
            if count == leafCapacity || (count &+ left > leafCapacity && left <= leafCapacity &- half) {
                let right = splitLeaf(location.leaf)
                if location.index > half { location = Location(leaf: right, index: location.index - half) }
            }
            let leaf = Int(location.leaf)
            let end = Int(leaves[countPosition(leaf)])
            let run = min(left, leafCapacity &- end)
            let relative = value &- pathAdd(ofLeaf: location.leaf)
            let base = leaf &* leafCapacity
            let at = base &+ location.index
            var index = base &+ end
            while index > at {
                index -= 1
                copyElement(index, to: index &+ run)
            }
            for offset in 0..<run {
                let new = slot &+ Int32(offset)
                precondition(leafOf[Int(new)] == -1, "node slot \(new) is in the sequence already")
                leaves[slotPosition(at &+ offset)] = new
                leaves[valuePosition(at &+ offset)] = relative
                leaves[keyPosition(at &+ offset)] = key
                if isWeighted { leaves[weightPosition(at &+ offset)] = weight }
                leafOf[Int(new)] = location.leaf
            }
            leaves[countPosition(leaf)] += Int32(run)
            mendPath(ofLeaf: location.leaf, gaining: Int32(run), relative: relative, key: key, weight: weight)
            slot &+= Int32(run)
            location.index &+= run
        }
    }

    /// Each entry on the path of `leaf` gains `count` elements of raw counter `relative`,
    /// key `key` and height `weight`: its size, minimum and key change by comparison,
    /// without a scan.
    ///
    /// - Complexity: O(*h*).
    private mutating func mendPath(ofLeaf leaf: Int32, gaining count: Int32, relative: Int32, key: Int32, weight: Int32) {
        var relative = relative
        var node = leaf, level = 0
        while level <= height {
            let entry = link(of: node, level: level)
            relative &+= adds[entry]
            sizes[entry] += count
            minimumKeys[entry] = min(minimumKeys[entry], key)
            if sizes[entry] == count || relative < minimums[entry] {
                minimums[entry] = relative
                minimumCounts[entry] = count
                if isWeighted { minimumWeights[entry] = Int64(weight) &* Int64(count) }
            } else if relative == minimums[entry] {
                minimumCounts[entry] += count
                if isWeighted { minimumWeights[entry] += Int64(weight) &* Int64(count) }
            }
            node = Int32(entry / fanout)
            level += 1
        }
    }

    /// Moves the elements of a leaf past its first half (a full leaf's upper half) into a
    /// new leaf right after it. The leaf must hold more than half a leaf.
    ///
    /// - Returns: The new leaf.
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    private mutating func splitLeaf(_ leaf: Int32) -> Int32 {
        let half = leafCapacity / 2
        let moved = Int(leaves[countPosition(Int(leaf))]) - half
        precondition(moved > 0, "a leaf of half a leaf or less is not split")
        // Linked by insertEntry.
        let right = newLeaf(link: -1)
        let from = Int(leaf) &* leafCapacity, to = Int(right) &* leafCapacity
        for offset in 0..<moved {
            let slot = leaves[slotPosition(from + half + offset)]
            copyElement(from + half + offset, to: to + offset)
            // Planted (leaf-split-keeps-last-link): the last moved element keeps its old leaf.
            if Layout.plantedBug != .leafSplitKeepsLastLink || offset < moved - 1 { leafOf[Int(slot)] = right }
        }
        leaves[countPosition(Int(right))] = Int32(moved)
        leaves[countPosition(Int(leaf))] = Int32(half)
        insertEntry(right, level: 0, after: leaf)
        events.count(Event.leafSplit)
        return right
    }

    /// Adds node `node` (at `level`) to the parent of `left`, right after it, with the same
    /// add; a full parent is split first, and the root grows a level when it splits.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    private mutating func insertEntry(_ node: Int32, level: Int, after left: Int32) {
        var parent = self.parent(of: left, level: level)
        if parent == 0 {
            // `left` is the root: a new root above it takes the super-root's entry.
            let root = newInner(link: Int32(Self.top))
            // Planted (root-growth-links-only-leaves): an inner old root keeps the super-root's entry as its link.
            let relinking = Layout.plantedBug != .rootGrowthLinksOnlyLeaves || level == 0
            copyEntry(from: Self.top, to: Int(root) &* fanout, childLevel: level, relinking: relinking)
            innerCounts[Int(root)] = 1
            children[Self.top] = root
            adds[Self.top] = 0
            height += 1
            refreshEntry(Self.top, childLevel: height)
            events.count(Event.rootGrew, level: height)
            parent = root
        }
        if innerCounts[Int(parent)] == Int32(fanout) {
            let right = splitInner(parent, level: level + 1)
            if self.parent(of: left, level: level) == right { parent = right }
        }
        let own = link(of: left, level: level)
        let end = Int(parent) &* fanout + Int(innerCounts[Int(parent)])
        var index = end
        while index > own + 1 {
            copyEntry(from: index - 1, to: index, childLevel: level)
            index -= 1
        }
        children[own + 1] = node
        adds[own + 1] = adds[own]
        innerCounts[Int(parent)] += 1
        setLink(of: node, level: level, to: own + 1)
        refreshEntry(own, childLevel: level)
        refreshEntry(own + 1, childLevel: level)
    }

    /// Moves the upper half of a full inner node's entries into a new inner node right
    /// after it.
    private mutating func splitInner(_ node: Int32, level: Int) -> Int32 {
        let half = fanout / 2
        // Linked by insertEntry.
        let right = newInner(link: -1)
        let from = Int(node) &* fanout, to = Int(right) &* fanout
        // Planted (inner-split-keeps-parents): the moved children keep their links into the old node;
        // (high-inner-split-keeps-parents): the same, at level 3 and above.
        let relinking = Layout.plantedBug != .innerSplitKeepsParents && !(Layout.plantedBug == .highInnerSplitKeepsParents && level >= 3)
        for offset in 0..<fanout - half {
            copyEntry(from: from + half + offset, to: to + offset, childLevel: level - 1, relinking: relinking)
        }
        innerCounts[Int(right)] = Int32(fanout - half)
        innerCounts[Int(node)] = Int32(half)
        insertEntry(right, level: level, after: node)
        events.count(Event.innerSplit, level: level)
        return right
    }

    /// Copies the entry `source` to `target`, and points its child (at `childLevel`) at its
    /// new place unless `relinking` is false.
    ///
    /// - Complexity: O(1).
    private mutating func copyEntry(from source: Int, to target: Int, childLevel: Int, relinking: Bool = true) {
        if relinking { setLink(of: children[source], level: childLevel, to: target) }
        children[target] = children[source]
        sizes[target] = sizes[source]
        adds[target] = adds[source]
        minimums[target] = minimums[source]
        minimumCounts[target] = minimumCounts[source]
        minimumKeys[target] = minimumKeys[source]
        if isWeighted { minimumWeights[target] = minimumWeights[source] }
    }

    // MARK: Removing

    /// Removes the elements at `ordinals` (their slots get no leaf). Whole children are
    /// freed; nodes may stay underfull, and a root with one child gives way to it.
    ///
    /// - Complexity: O(*m* + ``leafCapacity`` + ``fanout`` · *h*) for *m* elements.
    mutating func remove(ordinals: Range<Int>) {
        precondition(ordinals.lowerBound >= 0 && ordinals.upperBound <= count, "ordinals \(ordinals) out of 0..<\(count)")
        guard !ordinals.isEmpty else { return }
        if ordinals.count == count {
            forEachElement { slot, _, _, _ in leafOf[Int(slot)] = -1 }
            let events = self.events
            self = PreorderSequence(slotCount: leafOf.count, isWeighted: isWeighted)
            self.events = events
            return
        }
        remove(under: 0, level: height + 1, ordinals.lowerBound, ordinals.upperBound)
        while height > 0 && innerCounts[Int(children[Self.top])] == 1 {
            let root = children[Self.top]
            let entry = Int(root) &* fanout
            // Planted (root-collapse-drops-add): the remaining child's add is lost;
            // (high-root-collapse-drops-add): the same, when the child is at level 3 or above.
            if Layout.plantedBug != .rootCollapseDropsAdd && !(Layout.plantedBug == .highRootCollapseDropsAdd && height - 1 >= 3) {
                adds[Self.top] &+= adds[entry]
            }
            children[Self.top] = children[entry]
            setLink(of: children[entry], level: height - 1, to: Self.top)
            freeInner.append(root)
            height -= 1
            refreshEntry(Self.top, childLevel: height)
            events.count(Event.rootShrank, level: height)
        }
    }

    /// Removes the elements at `indices` of `leaf`, which keeps at least one (their slots get
    /// no leaf): no entry goes, so the path above mends from the leaf's change, without a
    /// descent from the root.
    ///
    /// - Complexity: O(``leafCapacity`` + *h*), plus O(``fanout``) for each level whose
    ///   minimum counter or key leaves the entry that held it.
    mutating func remove(_ indices: Range<Int>, inLeaf leaf: Int32) {
        let count = Int(leaves[countPosition(Int(leaf))])
        precondition(indices.lowerBound >= 0 && indices.count < count && indices.upperBound <= count,
                     "indices \(indices) do not leave an element of leaf \(leaf)")
        guard !indices.isEmpty else { return }
        removeElements(indices, of: leaf)
        refreshPath(ofLeaf: leaf, keys: true)
    }

    private mutating func remove(under node: Int32, level: Int, _ lower: Int, _ upper: Int) {
        var start = 0
        let first = Int(node) &* fanout
        var kept = first
        for entry in first..<first + Int(innerCounts[Int(node)]) {
            let end = start + Int(sizes[entry])
            defer { start = end }
            let child = children[entry]
            if end <= lower || start >= upper {
                if kept != entry { copyEntry(from: entry, to: kept, childLevel: level - 1) }
                kept += 1
                continue
            }
            if lower <= start && end <= upper {
                free(child, level: level - 1)
                continue
            }
            let from = max(lower, start) - start, to = min(upper, end) - start
            if level == 1 {
                removeElements(from..<to, of: child)
            } else {
                remove(under: child, level: level - 1, from, to)
            }
            refreshEntry(entry, childLevel: level - 1)
            if kept != entry { copyEntry(from: entry, to: kept, childLevel: level - 1) }
            kept += 1
        }
        innerCounts[Int(node)] = Int32(kept - first)
    }

    /// Copies the element at `source` (its slot, raw counter, key and height) over the one
    /// at `target`, leaving the slot's leaf link to the caller.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    private mutating func copyElement(_ source: Int, to target: Int) {
        leaves[slotPosition(target)] = leaves[slotPosition(source)]
        leaves[valuePosition(target)] = leaves[valuePosition(source)]
        leaves[keyPosition(target)] = leaves[keyPosition(source)]
        if isWeighted { leaves[weightPosition(target)] = leaves[weightPosition(source)] }
    }

    /// Removes the elements at `indices` of `leaf`, closing the gap.
    private mutating func removeElements(_ indices: Range<Int>, of leaf: Int32) {
        let base = Int(leaf) &* leafCapacity
        let count = Int(leaves[countPosition(Int(leaf))])
        for index in base + indices.lowerBound..<base + indices.upperBound { leafOf[Int(leaves[slotPosition(index)])] = -1 }
        var target = base + indices.lowerBound
        for source in base + indices.upperBound..<base + count {
            copyElement(source, to: target)
            target += 1
        }
        leaves[countPosition(Int(leaf))] = Int32(count - indices.count)
    }

    /// Frees `node` (at `level`) and everything under it; its elements' slots get no leaf.
    /// Recursion is as deep as the B-tree.
    private mutating func free(_ node: Int32, level: Int) {
        events.count(Event.nodeFreed, level: level)
        if level == 0 {
            let base = Int(node) &* leafCapacity
            for index in base..<base + Int(leaves[countPosition(Int(node))]) { leafOf[Int(leaves[slotPosition(index)])] = -1 }
            leaves[countPosition(Int(node))] = 0
            freeLeaves.append(node)
            return
        }
        let first = Int(node) &* fanout
        for entry in first..<first + Int(innerCounts[Int(node)]) { free(children[entry], level: level - 1) }
        innerCounts[Int(node)] = 0
        freeInner.append(node)
    }

    /// Whether the leaves are so empty that packing them pays: less than an eighth full.
    var isSparse: Bool { leafCount > 2 && count < leafCount * max(2, leafCapacity / 8) }
}
