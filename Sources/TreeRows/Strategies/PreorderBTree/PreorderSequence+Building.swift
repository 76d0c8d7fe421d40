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
        // Every leaf at once, zeroed: the plain init's root leaf is leaf 0, the rest follow it.
        builder.leaves.reserveCapacity(leafRoom * leafStride)
        builder.leaves.append(contentsOf: repeatElement(0, count: (leafTotal - 1) * leafStride))
        for keyPath in [\PreorderSequence<Layout>.children, \.sizes, \.adds, \.minimums, \.minimumCounts, \.minimumKeys] {
            builder[keyPath: keyPath].reserveCapacity(innerTotal &* fanout)
        }
        if isWeighted { builder.minimumWeights.reserveCapacity(innerTotal &* fanout) }
        // Filled through buffers, with the leaf layout's arithmetic in constants: no uniqueness
        // check or bounds check per number.
        let (stride, capacity) = (leafStride, leafCapacity)
        let header = Self.header
        var leaf = 0
        var filled = 0
        var fill = perLeaf &+ (fuller > 0 ? 1 : 0)
        builder.leaves.withUnsafeMutableBufferPointer { leaves in
            builder.leafOf.withUnsafeMutableBufferPointer { leafOf in
                elements { slot, value, key, weight in
                    if filled == fill {
                        precondition(leaf < leafTotal - 1, "more than the \(count) elements announced")
                        leaves[leaf &* stride] = Int32(filled)
                        leaf &+= 1
                        filled = 0
                        fill = perLeaf &+ (leaf < fuller ? 1 : 0)
                    }
                    precondition(UInt(bitPattern: Int(slot)) < UInt(leafOf.count), "node slot \(slot) out of 0..<\(leafOf.count)")
                    let start = leaf &* stride &+ header &+ filled
                    leaves[start] = slot
                    leaves[start &+ capacity] = value
                    leaves[start &+ 2 &* capacity] = key
                    if isWeighted { leaves[start &+ 3 &* capacity] = weight }
                    leafOf[Int(slot)] = Int32(leaf)
                    filled &+= 1
                }
            }
        }
        precondition(leaf == leafTotal - 1 && filled == fill, "\(count) elements announced, fewer given")
        builder.leaves[countPosition(leaf)] = Int32(filled)
        var level = ContiguousArray((0..<leafTotal).map { Int32($0) })
        var height = 0
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
