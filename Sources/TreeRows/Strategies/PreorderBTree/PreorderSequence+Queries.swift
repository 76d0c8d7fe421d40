extension PreorderSequence {
    /// Where an element sits: a leaf and an index in it.
    struct Location: Equatable {
        var leaf: Int32
        var index: Int
    }

    /// The index of the element at `location` in the leaf arrays.
    @inline(__always)
    func element(_ location: Location) -> Int { Int(location.leaf) &<< leafShift &+ location.index }

    /// What lies before an element: its ordinal, the zeros (rows) before it and their
    /// height sum, and its own true counter.
    struct Prefix {
        var ordinal: Int
        var zeros: Int
        var weight: Int64
        var value: Int32
    }

    /// The element of node slot `slot`, which must be in the sequence.
    ///
    /// - Complexity: O(``leafCapacity``): a scan of its leaf.
    func location(ofSlot slot: Int32) -> Location {
        let leaf = leafOf[Int(slot)]
        precondition(leaf >= 0, "node slot \(slot) has no element")
        prefetchPath(ofLeaf: leaf)
        let slots = slotPosition(Int(leaf) &* leafCapacity)
        // Eight slots at a time; slots past the leaf's count are stale copies, which can only
        // follow the real one (in a leaf of 4, the counters behind its slots, read after it).
        let index = leaves.withUnsafeBufferPointer { leaves in
            let start = UnsafeRawPointer(leaves.baseAddress! + slots)
            let needle = SIMD8<Int32>(repeating: slot)
            var chunk = 0
            while true {
                let found = start.loadUnaligned(fromByteOffset: chunk * 32, as: SIMD8<Int32>.self) .== needle
                if any(found) {
                    var lane = 0
                    while !found[lane] { lane += 1 }
                    return chunk * 8 + lane
                }
                chunk += 1
            }
        }
        assert(index < Int(leaves[countPosition(Int(leaf))]), "node slot \(slot) is not in its leaf \(leaf)")
        return Location(leaf: leaf, index: index)
    }

    /// The slot, depth and flag of the element at `location`.
    @inline(__always)
    func slot(at location: Location) -> Int32 { leaves[slotPosition(element(location))] }

    @inline(__always)
    func key(at location: Location) -> Int32 { leaves[keyPosition(element(location))] }

    /// The raw counter of the element at `location`: its true counter less the adds above
    /// its leaf (``pathAdd(ofLeaf:)``).
    @inline(__always)
    func rawValue(at location: Location) -> Int32 { leaves[valuePosition(element(location))] }

    /// What lies before the element at `location`, in one climb to the super-root; its
    /// ordinal only when `countingOrdinal` (-1 otherwise), so that a query of rows reads no
    /// entry sizes, one cache line less at each level not in cache.
    ///
    /// An element or entry to the left of the path is a zero when its raw minimum plus the
    /// adds above it is 0. With *S* the sum of the adds on the whole path and *b* the adds
    /// on the path from the leaf up to the entry's level, that is `minimum - b == -S`; and
    /// since no counter is negative, `-S` is the least such value. So the climb keeps the
    /// least `minimum - b` seen with its count, and at the top the zeros are that count
    /// when the least value is `-S`, none otherwise.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    func prefix(at location: Location, countingOrdinal: Bool = true) -> Prefix {
        let values = valuePosition(Int(location.leaf) &* leafCapacity)
        var least = Int64.max
        var found = 0
        var weight: Int64 = 0
        if location.index > 0 {
            var minimum = Int32.max
            var count = 0
            leaves.withUnsafeBufferPointer { leaves in
                for index in values..<values + location.index { minimum = min(minimum, leaves[index]) }
                for index in values..<values + location.index { count &+= leaves[index] == minimum ? 1 : 0 }
            }
            least = Int64(minimum)
            found = count
            if isWeighted {
                let weights = weightPosition(Int(location.leaf) &* leafCapacity)
                for offset in 0..<location.index where leaves[values + offset] == minimum { weight += Int64(leaves[weights + offset]) }
            }
        }
        var below: Int64 = 0
        var ordinal = location.index
        var node = location.leaf
        for level in 0...height {
            let own = link(of: node, level: level)
            let parent = Int32(own / fanout)
            below += Int64(adds[own])
            for entry in Int(parent) &* fanout..<own {
                if countingOrdinal { ordinal += Int(sizes[entry]) }
                let value = Int64(minimums[entry]) - below
                if value < least {
                    least = value
                    found = Int(minimumCounts[entry])
                    if isWeighted { weight = minimumWeights[entry] }
                } else if value == least {
                    found += Int(minimumCounts[entry])
                    if isWeighted { weight += minimumWeights[entry] }
                }
            }
            node = parent
        }
        let hasZeros = least == -below
        return Prefix(ordinal: countingOrdinal ? ordinal : -1, zeros: hasZeros ? found : 0, weight: hasZeros ? weight : 0,
                      value: leaves[valuePosition(element(location))] &+ Int32(truncatingIfNeeded: below))
    }

    /// What lies before the element at `target`, from what lies before the element at
    /// `location` (`prefix`), in the same leaf and not after `target`: counted on along the
    /// leaf, without a climb. Its ordinal is -1 when `prefix`'s is.
    ///
    /// - Complexity: O(``leafCapacity``).
    func prefix(at target: Location, from location: Location, whosePrefixIs prefix: Prefix) -> Prefix {
        precondition(target.leaf == location.leaf && target.index >= location.index,
                     "\(target) does not follow \(location) in its leaf")
        // The adds above the leaf.
        let above = prefix.value &- rawValue(at: location)
        let found = zeros(inLeaf: location.leaf, location.index..<target.index, rawCounter: 0 &- above)
        return Prefix(ordinal: prefix.ordinal < 0 ? -1 : prefix.ordinal &+ target.index &- location.index, zeros: prefix.zeros &+ found.count,
                      weight: prefix.weight &+ found.weight, value: rawValue(at: target) &+ above)
    }

    /// The zeros (rows) at the indices `range` of `leaf`, whose raw counter is `zero`, and
    /// their height sum.
    ///
    /// - Complexity: O(`range.count`).
    func zeros(inLeaf leaf: Int32, _ range: Range<Int>, rawCounter zero: Int32) -> (count: Int, weight: Int64) {
        let values = valuePosition(Int(leaf) &* leafCapacity)
        let count = countElements(values: values, range, equalTo: zero)
        guard isWeighted && count > 0 else { return (count, 0) }
        let weights = weightPosition(Int(leaf) &* leafCapacity)
        var weight: Int64 = 0
        for index in range where leaves[values &+ index] == zero { weight &+= Int64(leaves[weights &+ index]) }
        return (count, weight)
    }

    /// The ordinal of the element at `location`: one climb adding the sizes to the left.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    func ordinal(of location: Location) -> Int {
        var ordinal = location.index
        var node = location.leaf
        for level in 0...height {
            let own = link(of: node, level: level)
            let parent = Int32(own / fanout)
            for entry in Int(parent) &* fanout..<own { ordinal += Int(sizes[entry]) }
            node = parent
        }
        return ordinal
    }

    /// What a descent measures entries by: their elements, their zeros (rows), or the
    /// heights of their zeros.
    private enum Measure {
        case elements, zeros, zeroHeights
    }

    /// Where a descent ends: a leaf, what is left of the amount there, the zeros and their
    /// height sum in the entries it passed on the left, and the adds above the leaf.
    private struct Descent {
        var leaf: Int32
        var remaining: Int64
        var zeros: Int
        var weight: Int64
        var above: Int32
    }

    /// Descends from the super-root to the leaf where the running sum of the entries'
    /// `measure` passes `amount`, which must be below the whole sequence's.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    private func descend(by measure: Measure, to amount: Int64) -> Descent {
        var descent = Descent(leaf: 0, remaining: amount, zeros: 0, weight: 0, above: 0)
        var level = height + 1
        while level > 0 {
            var entry = Int(descent.leaf) &* fanout
            let end = entry + Int(innerCounts[Int(descent.leaf)])
            while true {
                precondition(entry < end, "no element of the sequence reaches \(amount) by \(measure)")
                let isZero = minimums[entry] &+ descent.above == 0
                let size: Int64
                switch measure {
                case .elements: size = Int64(sizes[entry])
                case .zeros: size = isZero ? Int64(minimumCounts[entry]) : 0
                case .zeroHeights: size = isZero ? minimumWeights[entry] : 0
                }
                if descent.remaining < size { break }
                descent.remaining -= size
                if isZero {
                    descent.zeros += Int(minimumCounts[entry])
                    if isWeighted { descent.weight += minimumWeights[entry] }
                }
                entry += 1
            }
            descent.above &+= adds[entry]
            descent.leaf = children[entry]
            level -= 1
        }
        return descent
    }

    /// What lies before ordinal `ordinal` (``count`` gives the totals and a value of
    /// ``noMinimum``): one descent by element counts.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    func prefix(atOrdinal ordinal: Int) -> Prefix {
        precondition(ordinal >= 0 && ordinal <= count, "ordinal \(ordinal) out of 0...\(count)")
        guard ordinal < count else { return Prefix(ordinal: ordinal, zeros: zeroCount, weight: zeroWeight, value: Self.noMinimum) }
        let descent = descend(by: .elements, to: Int64(ordinal))
        let index = Int(descent.remaining)
        let found = zeros(inLeaf: descent.leaf, 0..<index, rawCounter: 0 &- descent.above)
        return Prefix(ordinal: ordinal, zeros: descent.zeros &+ found.count, weight: descent.weight &+ found.weight,
                      value: rawValue(at: Location(leaf: descent.leaf, index: index)) &+ descent.above)
    }

    /// The zero (row) at which the running sum of the zeros' sizes passes `amount`, a
    /// zero's size being its height (`weighted`) or 1, with the zeros and height before it.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    func zero(covering amount: Int64, weighted: Bool) -> (location: Location, zeros: Int, weight: Int64) {
        let descent = descend(by: weighted ? .zeroHeights : .zeros, to: amount)
        var remaining = descent.remaining, zeros = descent.zeros, weight = descent.weight
        let node = descent.leaf, above = descent.above
        let start = Int(node) &* leafCapacity
        let target = 0 &- above
        for index in start..<start + Int(leaves[countPosition(Int(node))]) where leaves[valuePosition(index)] == target {
            let height = isWeighted ? Int64(leaves[weightPosition(index)]) : 1
            let size = weighted ? height : 1
            if remaining < size { return (Location(leaf: node, index: index - start), zeros, weight) }
            remaining -= size
            zeros += 1
            if isWeighted { weight += height }
        }
        preconditionFailure("the summary of leaf \(node) is stale")
    }

    /// The first element after `location` whose key is at most `bound`, or `nil`: the rest
    /// of the leaf, then a climb to the first entry on the right whose minimum key is at
    /// most `bound`, then a descent along such entries.
    ///
    /// - Complexity: O(``leafCapacity`` + ``fanout`` · *h*).
    func firstElement(after location: Location, keyAtMost bound: Int32) -> Location? {
        let start = Int(location.leaf) &* leafCapacity
        for index in element(location) + 1..<start + Int(leaves[countPosition(Int(location.leaf))]) where leaves[keyPosition(index)] <= bound {
            return Location(leaf: location.leaf, index: index - start)
        }
        var node = location.leaf, level = 0
        while level <= height {
            let own = link(of: node, level: level)
            let parent = Int32(own / fanout)
            let end = Int(parent) &* fanout + Int(innerCounts[Int(parent)])
            for entry in own + 1..<end where minimumKeys[entry] <= bound {
                return firstElement(under: children[entry], level: level, keyAtMost: bound)
            }
            node = parent
            level += 1
        }
        return nil
    }

    /// The first element of the sequence whose key is at most `bound`, or `nil`.
    func firstElement(keyAtMost bound: Int32) -> Location? {
        minimumKeys[Self.top] <= bound ? firstElement(under: children[Self.top], level: height, keyAtMost: bound) : nil
    }

    /// The first element under `node` (at `level`) whose key is at most `bound`, which must
    /// exist.
    private func firstElement(under node: Int32, level: Int, keyAtMost bound: Int32) -> Location {
        var node = node, level = level
        while level > 0 {
            var entry = Int(node) &* fanout
            while minimumKeys[entry] > bound { entry += 1 }
            node = children[entry]
            level -= 1
        }
        let start = Int(node) &* leafCapacity
        var index = start
        while leaves[keyPosition(index)] > bound { index += 1 }
        return Location(leaf: node, index: index - start)
    }

    /// The element at `ordinal`, which must be below ``count``.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    func location(atOrdinal ordinal: Int) -> Location {
        precondition(ordinal >= 0 && ordinal < count, "ordinal \(ordinal) out of 0..<\(count)")
        let descent = descend(by: .elements, to: Int64(ordinal))
        return Location(leaf: descent.leaf, index: Int(descent.remaining))
    }

    /// The last element, or `nil` when the sequence is empty.
    func lastLocation() -> Location? {
        count == 0 ? nil : location(atOrdinal: count - 1)
    }

    /// Calls `body` with every element in order: its slot, true counter and key.
    ///
    /// - Complexity: O(*n*).
    func forEachElement(_ body: (_ slot: Int32, _ value: Int32, _ key: Int32, _ weight: Int32) -> Void) {
        forEachLeaf { leaf, above in
            let start = Int(leaf) &* leafCapacity
            for index in start..<start + Int(leaves[countPosition(Int(leaf))]) {
                body(leaves[slotPosition(index)], leaves[valuePosition(index)] &+ above, leaves[keyPosition(index)], isWeighted ? leaves[weightPosition(index)] : 0)
            }
        }
    }

    /// Calls `body` with every leaf in order and the adds above it, without recursion.
    ///
    /// - Complexity: O(number of nodes).
    func forEachLeaf(_ body: (_ leaf: Int32, _ above: Int32) -> Void) {
        guard count > 0 else { return }
        var leaf = location(atOrdinal: 0).leaf
        while true {
            body(leaf, pathAdd(ofLeaf: leaf))
            guard let next = leafAfter(leaf) else { return }
            leaf = next
        }
    }

    /// The next non-empty leaf after `leaf` in order, or `nil`.
    ///
    /// - Complexity: O(``fanout`` · *h*).
    func leafAfter(_ leaf: Int32) -> Int32? {
        var node = leaf, level = 0
        while level <= height {
            let own = link(of: node, level: level)
            let parent = Int32(own / fanout)
            let end = Int(parent) &* fanout + Int(innerCounts[Int(parent)])
            for entry in own + 1..<end where sizes[entry] > 0 {
                var down = children[entry], downLevel = level
                while downLevel > 0 {
                    var first = Int(down) &* fanout
                    while sizes[first] == 0 { first += 1 }
                    down = children[first]
                    downLevel -= 1
                }
                return down
            }
            node = parent
            level += 1
        }
        return nil
    }
}
