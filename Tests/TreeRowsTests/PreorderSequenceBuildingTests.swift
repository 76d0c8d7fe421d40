import Testing
@testable import TreeRows

/// How a build lays out `PreorderSequence`'s leaves: spread over the room of their
/// allocator size class, 7/8 to 15/16 full, with a reserve for splits.
@Suite struct PreorderSequenceBuildingTests {
    @Test("Size classes are a quarter of a power of two apart", arguments: [
        (bytes: 0, size: 0), (bytes: 8, size: 8), (bytes: 9, size: 10), (bytes: 1_000, size: 1_024), (bytes: 1_024, size: 1_024),
        (bytes: 1_025, size: 1_280), (bytes: 1_281, size: 1_536), (bytes: 1_537, size: 1_792), (bytes: 1_793, size: 2_048),
        (bytes: 134_217_728, size: 134_217_728), (bytes: 134_217_729, size: 167_772_160),
    ])
    func sizeClasses(bytes: Int, size: Int) {
        #expect(PreorderSequence<StandardPreorderLayout>.sizeClass(holding: bytes) == size)
    }

    @Test("A build's leaves fill the room of their size class", arguments: [
        0, 1, 59, 60, 61, 1_000, 59_999, 100_000, 1_000_000, 1_991_903, 10_000_000, 100_000_000,
    ])
    func leavesFillTheirSizeClass(count: Int) {
        let sequence = PreorderSequence<StandardPreorderLayout>(slotCount: 1, isWeighted: false)
        let (leaves, room) = sequence.buildingPlan(count: count)
        let leafBytes = sequence.leafStride * MemoryLayout<Int32>.stride
        let densest = max(1, (count + 59) / 60)
        let atSevenEighths = max(1, (count + 55) / 56)
        let reserve = max(1, densest / 64)
        #expect(leaves >= densest, "no leaf fuller than 15/16")
        #expect(leaves <= atSevenEighths, "no leaf emptier than 7/8 where the count allows")
        #expect(room >= leaves + reserve, "the reserve for splits")
        let roomClass = PreorderSequence<StandardPreorderLayout>.sizeClass(holding: room * leafBytes + 64)
        #expect(roomClass == PreorderSequence<StandardPreorderLayout>.sizeClass(holding: (densest + reserve) * leafBytes + 64),
                "the room is the class of the densest layout")
        #expect((room + 1) * leafBytes + 64 > roomClass, "the class holds no more leaves")
        #expect(leaves == atSevenEighths || leaves == room - reserve, "as many leaves as the room holds beside the reserve")
    }

    /// The figure of docs/Performance.md: 10M elements in 128 MiB of leaves, where leaves
    /// 7/8 full would take 140 MB and so the 160 MiB class.
    @Test func tenMillionElementsTake128MiBOfLeaves() {
        let sequence = PreorderSequence<StandardPreorderLayout>(slotCount: 1, isWeighted: false)
        let (leaves, room) = sequence.buildingPlan(count: 10_000_000)
        let leafBytes = sequence.leafStride * MemoryLayout<Int32>.stride
        #expect(PreorderSequence<StandardPreorderLayout>.sizeClass(holding: room * leafBytes + 64) == 128 << 20)
        #expect(PreorderSequence<StandardPreorderLayout>.sizeClass(holding: (10_000_000 + 55) / 56 * leafBytes + 64) == 160 << 20)
        #expect(leaves < room && 10_000_000 / leaves >= 59)
    }

    @Test("A build spreads the elements evenly over its leaves", arguments: [1, 60, 61, 4_097, 100_003])
    func elementsAreSpreadEvenly(count: Int) {
        let sequence = PreorderSequence<StandardPreorderLayout>(slotCount: count + 1, isWeighted: false, count: count) { sink in
            for slot in 1...count { sink(Int32(slot), 0, 2, 0) }
        }
        var counts: [Int] = []
        sequence.forEachLeaf { leaf, _ in counts.append(Int(sequence.leaves[sequence.countPosition(Int(leaf))])) }
        #expect(counts.count == sequence.buildingPlan(count: count).leaves)
        #expect(counts.reduce(0, +) == count)
        #expect(counts.max()! - counts.min()! <= 1)
        #expect(sequence.leaves.capacity >= sequence.buildingPlan(count: count).room * sequence.leafStride)
    }
}
