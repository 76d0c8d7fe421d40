extension PreorderSequence {
    /// The smallest size of the form 2^*k*, 1.25 · 2^*k*, 1.5 · 2^*k* or 1.75 · 2^*k* that
    /// holds `bytes`: jemalloc's size classes (a quarter of a power of two apart), which
    /// also holds every page size of larger allocations elsewhere. The same on every machine,
    /// so a build's B-tree does not depend on the allocator.
    ///
    /// - Complexity: O(1).
    static func sizeClass(holding bytes: Int) -> Int {
        guard bytes > 8 else { return max(bytes, 0) }
        let quarter = 1 &<< (Int.bitWidth &- 3 &- (bytes &- 1).leadingZeroBitCount)
        return (bytes &+ quarter &- 1) / quarter &* quarter
    }

    /// The leaves a build lays out `count` elements in, and the room it reserves for leaves.
    ///
    /// The room is the size class (``sizeClass(holding:)``) of the elements in leaves 15/16
    /// full (at least one short of full) plus a sixty-fourth more, the reserve that later
    /// splits take before the leaves' array grows. The elements are spread evenly over as many
    /// leaves as the rest of that room holds, but never more than ``leafFill`` a leaf: an
    /// allocation that large gets its whole class anyway, and its rounding (up to a quarter)
    /// would otherwise be bytes that hold no element.
    ///
    /// - Complexity: O(1).
    func buildingPlan(count: Int) -> (leaves: Int, room: Int) {
        let densestFill = leafCapacity &- max(1, leafCapacity &>> 4)
        let densest = max(1, (count &+ densestFill &- 1) / densestFill)
        let reserve = max(1, densest / 64)
        let leafBytes = leafStride &* MemoryLayout<Int32>.stride
        // The array's header lies in the same allocation: keep room for it, so that the class holds both.
        let headerBytes = 64
        let room = max(densest &+ reserve, (Self.sizeClass(holding: (densest &+ reserve) &* leafBytes &+ headerBytes) &- headerBytes) / leafBytes)
        let atFill = max(1, (count &+ leafFill &- 1) / leafFill)
        return (max(densest, min(atFill, room &- reserve)), room)
    }

    /// A sequence of the elements `elements` hands to its sink in order (slot, true counter,
    /// key, height), packed bottom-up: the leaves ``buildingPlan(count:)`` names, the elements
    /// spread evenly over them (the first ones one more where they do not divide), inner
    /// nodes ``innerFill`` full.
    ///
    /// The leaves are written once, each whole (its header, its elements, zeros after them),
    /// and each is summarized as it is closed, while it is still in cache: the entry of each
    /// leaf in the lowest inner level is known before the walk, so no pass zeroes the leaves
    /// first or reads them again for their summaries.
    ///
    /// - Complexity: O(*n*).
    init(
        slotCount: Int, isWeighted: Bool, count: Int,
        elements: ((_ slot: Int32, _ value: Int32, _ key: Int32, _ weight: Int32) -> Void) -> Void
    ) {
        self.init(slotCount: slotCount, isWeighted: isWeighted)
        var builder = self
        // The inner arrays get exactly the room the packing takes, so that none keeps growth slack.
        let (leafTotal, leafRoom) = builder.buildingPlan(count: count)
        let (perLeaf, fuller) = count.quotientAndRemainder(dividingBy: leafTotal)
        var innerTotal = 1, width = leafTotal
        while width > 1 {
            width = (width + innerFill - 1) / innerFill
            innerTotal += width
        }
        for keyPath in [\PreorderSequence<Layout>.children, \.sizes, \.adds, \.minimums, \.minimumCounts, \.minimumKeys] {
            builder[keyPath: keyPath].reserveCapacity(innerTotal &* fanout)
        }
        if isWeighted { builder.minimumWeights.reserveCapacity(innerTotal &* fanout) }
        // The lowest inner level follows the super-root (node 0) in order, so that leaf `leaf`
        // is the child of entry `lowestEntry(leaf)`; a lone leaf is the super-root's child.
        let (innerFill, fanout) = (builder.innerFill, builder.fanout)
        let lowest = leafTotal > 1 ? (leafTotal + innerFill - 1) / innerFill : 0
        for _ in 0..<lowest { _ = builder.newInner(link: -1) }
        precondition(builder.innerCounts.count == 1 + lowest, "a new sequence has only its super-root")
        func lowestEntry(_ leaf: Int) -> Int {
            leafTotal > 1 ? (1 &+ leaf / innerFill) &* fanout &+ leaf % innerFill : Self.top
        }
        // Each leaf's summary, taken as it closes, for the entry above it.
        var summaries = ContiguousArray<EntrySummary>()
        summaries.reserveCapacity(leafTotal)
        // Filled through buffers, with the leaf layout's arithmetic in constants: no uniqueness
        // check or bounds check per number.
        let (stride, capacity, header, fields) = (leafStride, leafCapacity, Self.header, isWeighted ? 4 : 3)
        // The elements of leaf `leaf`: the first `fuller` leaves take one more.
        func share(_ leaf: Int) -> Int { perLeaf &+ (leaf < fuller ? 1 : 0) }
        let leaves = ContiguousArray<Int32>(unsafeUninitializedCapacity: leafRoom * stride) { leaves, initialized in
            let base = leaves.baseAddress!
            var leaf = 0
            // The next element's slot in `leaf`, and the end of the leaf's share of elements.
            var cursor = base + header
            var end = cursor + share(0)
            // Writes the header of `leaf`, holding `filled` elements, zeroes its slots after
            // them and records its summary.
            func close(filled: Int) {
                let start = base + leaf &* stride
                start.initialize(to: Int32(truncatingIfNeeded: filled))
                (start + 1).initialize(to: Int32(truncatingIfNeeded: lowestEntry(leaf)))
                (start + 2).initialize(repeating: 0, count: header &- 2)
                for field in 0..<fields {
                    (start + (header &+ field &* capacity &+ filled)).initialize(repeating: 0, count: capacity &- filled)
                }
                let values = start + (header &+ capacity), keys = start + (header &+ 2 &* capacity)
                let (minimum, found) = Self.minimumAndCount(from: values, count: filled)
                var key = Self.noMinimum
                for index in 0..<filled { key = min(key, keys[index]) }
                var weight: Int64 = 0
                if isWeighted {
                    let weights = start + (header &+ 3 &* capacity)
                    for index in 0..<filled { weight &+= values[index] == minimum ? Int64(weights[index]) : 0 }
                }
                summaries.append(EntrySummary(
                    size: Int32(truncatingIfNeeded: filled),
                    counters: Counters(minimum: filled == 0 ? Self.noMinimum : minimum, count: found, weight: weight), key: key))
            }
            var owner = Int32(0)
            builder.leafOf.withUnsafeWriter { leafOf in
                elements { slot, value, key, weight in
                    if cursor == end {
                        precondition(leaf < leafTotal - 1, "more than the \(count) elements announced")
                        close(filled: cursor - (base + (leaf &* stride &+ header)))
                        leaf &+= 1
                        owner &+= 1
                        cursor = base + (leaf &* stride &+ header)
                        end = cursor + share(leaf)
                    }
                    cursor.initialize(to: slot)
                    (cursor + capacity).initialize(to: value)
                    (cursor + 2 &* capacity).initialize(to: key)
                    if isWeighted { (cursor + 3 &* capacity).initialize(to: weight) }
                    leafOf.set(owner, at: Int(slot))
                    cursor += 1
                }
            }
            let filled = cursor - (base + (leaf &* stride &+ header))
            precondition(leaf == leafTotal - 1 && filled == share(leaf), "\(count) elements announced, fewer given")
            close(filled: filled)
            initialized = leafTotal &* stride
        }
        builder.leaves = leaves
        var level: ContiguousArray<Int32> = [0]
        var height = 0
        if leafTotal > 1 {
            for (leaf, summary) in summaries.enumerated() {
                let entry = lowestEntry(leaf)
                builder.children[entry] = Int32(leaf)
                builder.adds[entry] = 0
                builder.sizes[entry] = summary.size
                builder.minimumKeys[entry] = summary.key
                builder.minimums[entry] = summary.counters.minimum
                builder.minimumCounts[entry] = summary.counters.count
                if isWeighted { builder.minimumWeights[entry] = summary.counters.weight }
            }
            for node in 1...lowest {
                builder.innerCounts[node] = Int32(min(innerFill, leafTotal &- (node &- 1) &* innerFill))
            }
            level = ContiguousArray((1...lowest).map { Int32($0) })
            height = 1
        }
        while level.count > 1 {
            var above: ContiguousArray<Int32> = []
            above.reserveCapacity(level.count / innerFill + 1)
            var index = 0
            while index < level.count {
                let node = builder.newInner(link: -1)
                let group = level[index..<min(index + innerFill, level.count)]
                for (offset, child) in group.enumerated() {
                    let entry = Int(node) &* fanout + offset
                    builder.children[entry] = child
                    builder.adds[entry] = 0
                    builder.setLink(of: child, level: height, to: entry)
                    builder.refreshEntry(entry, childLevel: height)
                }
                builder.innerCounts[Int(node)] = Int32(group.count)
                above.append(node)
                index += innerFill
            }
            level = above
            height += 1
        }
        builder.children[Self.top] = level[0]
        builder.setLink(of: level[0], level: height, to: Self.top)
        builder.height = height
        builder.refreshEntry(Self.top, childLevel: height)
        self = builder
    }

    /// The same elements in a freshly packed B-tree, with the events so far and one packing.
    ///
    /// - Complexity: O(*n*).
    func packed() -> PreorderSequence {
        var packed = PreorderSequence(slotCount: leafOf.count, isWeighted: isWeighted, count: count) { sink in
            guard Layout.plantedBug == .packingDropsAdds else { return forEachElement(sink) }
            // Planted (packing-drops-adds): the leaves' raw counters, without the adds kept above them.
            forEachLeaf { leaf, _ in
                let start = Int(leaf) &* leafCapacity
                for index in start..<start + Int(leaves[countPosition(Int(leaf))]) {
                    sink(leaves[slotPosition(index)], leaves[valuePosition(index)], leaves[keyPosition(index)], isWeighted ? leaves[weightPosition(index)] : 0)
                }
            }
        }
        packed.events = events
        packed.events.count(Event.leavesPacked)
        return packed
    }
}
