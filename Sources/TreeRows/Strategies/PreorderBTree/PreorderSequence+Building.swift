extension PreorderSequence {
    /// A sequence of the elements `elements` hands to its sink in order (slot, true counter,
    /// key, height), packed bottom-up: leaves ``leafFill`` full, inner nodes ``innerFill``.
    ///
    /// - Complexity: O(*n*).
    init(
        slotCount: Int, isWeighted: Bool, count: Int,
        elements: ((_ slot: Int32, _ value: Int32, _ key: Int32, _ weight: Int32) -> Void) -> Void
    ) {
        self.init(slotCount: slotCount, isWeighted: isWeighted)
        var builder = self
        // Exactly the room the packing takes, so that no array keeps growth slack.
        let leafTotal = max(1, (count + leafFill - 1) / leafFill)
        var innerTotal = 1, width = leafTotal
        while width > 1 {
            width = (width + innerFill - 1) / innerFill
            innerTotal += width
        }
        builder.leaves.reserveCapacity(leafTotal * leafStride)
        for keyPath in [\PreorderSequence<Layout>.children, \.sizes, \.adds, \.minimums, \.minimumCounts, \.minimumKeys] {
            builder[keyPath: keyPath].reserveCapacity(innerTotal &* fanout)
        }
        if isWeighted { builder.minimumWeights.reserveCapacity(innerTotal &* fanout) }
        // The empty root leaf of the plain init becomes the first leaf.
        var level: ContiguousArray<Int32> = [builder.children[Self.top]]
        var leaf = Int(level[0])
        var filled = 0
        elements { slot, value, key, weight in
            if filled == leafFill {
                builder.leaves[countPosition(leaf)] = Int32(filled)
                leaf = Int(builder.newLeaf(link: -1))
                level.append(Int32(leaf))
                filled = 0
            }
            let index = leaf &* leafCapacity + filled
            builder.leaves[slotPosition(index)] = slot
            builder.leaves[valuePosition(index)] = value
            builder.leaves[keyPosition(index)] = key
            if isWeighted { builder.leaves[weightPosition(index)] = weight }
            builder.leafOf[Int(slot)] = Int32(leaf)
            filled += 1
        }
        builder.leaves[countPosition(leaf)] = Int32(filled)
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
