import Testing
@testable import TreeRows

@Suite struct NarrowColumnTests {
    /// Random writes against an array: close values, far ones, `absent`, the ends of
    /// `Int32`, through the subscript, appends and the build's writer.
    @Test("Every value read back, close or far, in one byte or pooled", arguments: [1, 2, 3])
    func matchesAnArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func draw(near center: Int32) -> Int32 {
            switch random.below(10) {
            case 0: return -1
            case 1: return [Int32.min, .max, .min + 1, .max - 1, Int32.min / 2, Int32.min / 2 + 1][random.below(6)]
            case 2: return Int32(truncatingIfNeeded: random.next())
            default: return center &+ Int32(random.below(300)) &- 150
            }
        }
        let count = 64 * 9 + 17
        var column = NarrowColumn(repeating: -1, count: count, absent: -1)
        var expected = [Int32](repeating: -1, count: count)
        column.withUnsafeWriter { writer in
            for position in (0..<count).shuffled(using: &random) where random.below(2) == 0 {
                let value = draw(near: Int32(position / 30))
                writer.set(value, at: position)
                expected[position] = value
            }
        }
        #expect(Array(column) == expected)
        for step in 0..<4_000 {
            let position = random.below(count)
            let value = draw(near: Int32(position / 30) &+ Int32(step / 100))
            column[position] = value
            expected[position] = value
            if step % 97 == 0 {
                let appended = draw(near: Int32(expected.count / 30))
                column.append(appended)
                expected.append(appended)
            }
        }
        #expect(Array(column) == expected)
        #expect(column.pooledBlocks > 0, "far values pool their blocks")
    }

    @Test("Close values take a byte each: no block is pooled, and an empty block centres on its first value")
    func closeValuesStayNarrow() {
        var column = NarrowColumn(repeating: -1, count: 0, absent: .min)
        for position in 0..<1_000 { column.append(Int32(1_000_000 + position / 3)) }
        for position in stride(from: 999, through: 0, by: -7) { column[position] -= 100 }
        #expect(column.pooledBlocks == 0)
        #expect(column.offsets.count == 1_000 && column.bases.count == 16)
        #expect(column[0] == 1_000_000 - 100 || column[0] == 1_000_000)
        var writer = NarrowColumn(repeating: -1, count: 128, absent: -1)
        writer.withUnsafeWriter { $0.set(5_000, at: 70) }
        #expect(writer.bases[1] == 5_000 - 127 && writer[70] == 5_000 && writer[71] == -1 && writer.pooledBlocks == 0)
    }

    /// Pooling a block appends to the pool, which must grow geometrically: an exact
    /// reservation per pooled block copied the whole pool each time, O(pooled blocks) a
    /// write, which made every split and random insert of preorder-btree slower as it went.
    @Test("The pool grows geometrically: a few reallocations for thousands of pooled blocks")
    func poolGrowsGeometrically() {
        let blocks = 4_000
        var column = NarrowColumn(repeating: -1, count: blocks * 64, absent: -1)
        var capacities: Set<Int> = []
        for block in 0..<blocks {
            column[block * 64] = 0
            column[block * 64 + 1] = 1_000
            capacities.insert(column.pool.capacity)
        }
        #expect(column.pooledBlocks == blocks)
        #expect(capacities.count <= 24, "\(capacities.count) pool capacities for \(blocks) pooled blocks")
        #expect(column[(blocks - 1) * 64 + 1] == 1_000 && column[5] == -1)
    }

    /// A rebase leaves room on both sides: a block whose values drift past its greatest
    /// (a leaf split after split) is rebased now and then, and pooled once its spread passes
    /// `rebaseSpread`, instead of rebased at nearly every write as its room runs out.
    @Test("A rebase leaves room: a drifting block rebases rarely, a wide one is pooled")
    func rebasesLeaveRoom() {
        var column = NarrowColumn(repeating: 1_000, count: 64, absent: -1)
        var rebases = 0
        for step in 1...63 {
            let base = column.bases[0]
            column[step] = 1_000 + Int32(step) * 4
            if column.bases[0] != base && column.pooledBlocks == 0 { rebases += 1 }
            #expect(column[step] == 1_000 + Int32(step) * 4 && column[0] == 1_000)
        }
        #expect(rebases <= 2, "\(rebases) rebases for 63 writes drifting 4 apart")
        #expect(column.pooledBlocks == 1, "a spread over 190 is pooled, not rebased again")
        var narrow = NarrowColumn(repeating: -1, count: 64, absent: -1)
        narrow[0] = 1_000
        narrow[1] = 1_150  // past the first base's room: rebased, a spread of 150
        #expect(narrow.pooledBlocks == 0 && narrow[0] == 1_000 && narrow[1] == 1_150)
        narrow[2] = 1_250  // past the room again, a spread of 250: pooled
        #expect(narrow.pooledBlocks == 1 && narrow[2] == 1_250 && narrow[1] == 1_150 && narrow[0] == 1_000)
    }

    /// The figure of docs/Performance.md's 40 bytes a node: a tree whose slots follow its
    /// rows (as the generated and recorded threads do) keeps its depths, its scores and
    /// preorder-btree's leaf of each slot narrow, with no block pooled.
    @Test("A thread whose slots follow its rows keeps every narrow column narrow")
    func aThreadInRowOrderStaysNarrow() {
        var random = SplitMix64(seed: 11)
        var tree = Tree()
        // Depth first, as a thread is read: each node's replies right after it.
        var open: [(node: NodeIndex, replies: Int)] = [(Tree.root, .max)]
        while tree.nodeCount < 30_000, let last = open.last {
            guard last.replies > 0 else { open.removeLast(); continue }
            open[open.count - 1].replies -= 1
            let node = tree.appendNext(under: last.node, time: 1_700_000_000 + Int64(tree.nodeCount) * 7,
                                       score: Int64(random.below(1 << random.below(10))) - 3)
            open.append((node, random.below(4) == 0 ? random.below(6) : 0))
        }
        #expect(tree.depths.pooledBlocks == 0)
        #expect(tree.scores.isShort && tree.times.isShort)
        let sequence = PreorderBTree<StandardPreorderLayout>.layOut(tree)
        #expect(sequence.leafOf.pooledBlocks == 0)
        #expect(sequence.leafOf.count == tree.slotCount && tree.nodeCount == 30_000)
    }
}
