import Testing
@testable import TreeRows
import TreeRowsTestSupport

/// `PreorderSequence` (the B-tree of preorder-btree) against a plain array of elements:
/// inserts anywhere (leaf and inner splits, a growing root), range removals (freed
/// subtrees, a shrinking root, packing), range adds and rewrites, and every query after
/// each change.
@Suite struct PreorderSequenceTests {
    private struct Element: Equatable {
        var slot: Int32
        var value: Int32
        var key: Int32
        var weight: Int32
    }

    /// The elements of `sequence`, in order.
    private static func elements<Layout>(of sequence: PreorderSequence<Layout>) -> [Element] {
        var result: [Element] = []
        sequence.forEachElement { result.append(Element(slot: $0, value: $1, key: $2, weight: $3)) }
        return result
    }

    /// Two thirds of the steps grow the sequence (mostly inserts), the last third shrinks
    /// it (mostly removals), so that splits, a growing root, freed subtrees and packing all
    /// happen; then runs from the front drain it, down through a shrinking root.
    /// With preorder-btree's own node sizes (leaves of 2^6, inner nodes of 16) and the small
    /// ones of its fuzzing variant (2^2 and 4), which reach level 5 within 3,000 steps. Small
    /// leaves are not packed here: runs of up to 40 removals free whole leaves of 4 instead
    /// of thinning them (the fuzzer's single removals pack them).
    @Test("Random edits agree with a plain array", arguments: [
        (seed: 1, steps: 3_000, height: 2, small: false), (seed: 2, steps: 3_000, height: 2, small: false),
        (seed: 3, steps: 40_000, height: 3, small: false), (seed: 4, steps: 3_000, height: 5, small: true),
    ])
    func agreesWithAnArray(seed: UInt64, steps: Int, height: Int, small: Bool) throws {
        if small {
            try agreesWithAnArray(PreorderSequence<SmallPreorderLayout>(slotCount: 1, isWeighted: true), seed: seed, steps: steps, height: height)
        } else {
            try agreesWithAnArray(PreorderSequence<StandardPreorderLayout>(slotCount: 1, isWeighted: true), seed: seed, steps: steps, height: height)
        }
    }

    private func agreesWithAnArray<Layout>(_ empty: PreorderSequence<Layout>, seed: UInt64, steps: Int, height: Int) throws {
        var random = SplitMix64(seed: seed)
        var model: [Element] = []
        var sequence = empty
        var nextSlot: Int32 = 1
        var tallest = 0
        var packs = 0
        for step in 0..<steps {
            let count = model.count
            let growing = step < steps * 2 / 3
            let choice = random.below(100)
            if count == 0 || choice < (growing ? 75 : 20) {
                let ordinal = random.below(count + 1)
                let element = Element(slot: nextSlot, value: Int32(random.below(3)), key: Int32(random.below(20)), weight: Int32(1 + random.below(90)))
                nextSlot += 1
                sequence.leafOf.append(-1)
                let next = ordinal < count ? sequence.location(ofSlot: model[ordinal].slot) : nil
                sequence.insert(slot: element.slot, value: element.value, key: element.key, weight: element.weight, before: next)
                model.insert(element, at: ordinal)
            } else if choice < (growing ? 83 : 80) {
                // Short runs; while shrinking longer ones, sometimes very long ones, now and then all.
                let lower = random.below(count)
                let length = !growing && random.below(100) == 0 ? random.below(count - lower) + 1 : min(count - lower, 1 + random.below(growing ? 4 : 40))
                let all = !growing && random.below(300) == 0
                let range = all ? 0..<count : lower..<lower + length
                sequence.remove(ordinals: range)
                model.removeSubrange(range)
                if sequence.isSparse {
                    sequence = sequence.packed()
                    packs += 1
                }
            } else if choice < 93 {
                let lower = random.below(count + 1)
                let upper = lower + random.below(count - lower + 1)
                let delta: Int32 = model[lower..<upper].allSatisfy({ $0.value > 0 }) && random.below(2) == 0 ? -1 : 1
                let added = sequence.add(delta, ordinals: lower..<upper)
                let zeros = { (range: Range<Int>) in model[range].count { $0.value == 0 } }
                let before = zeros(lower..<upper)
                for index in lower..<upper { model[index].value += delta }
                #expect((added.zerosBefore, added.before, added.after) == (zeros(0..<lower), before, zeros(lower..<upper)),
                        "zeros of the add of \(delta) at \(lower)..<\(upper) at step \(step) (seed \(seed))")
                if lower < upper {
                    #expect(sequence.rawValue(at: sequence.location(atOrdinal: lower)) &+ added.above == model[lower].value,
                            "adds above the first leaf of \(lower)..<\(upper) at step \(step)")
                }
            } else {
                let lower = random.below(count + 1)
                let upper = lower + random.below(min(count - lower, 300) + 1)
                sequence.assign(ordinals: lower..<upper) { key in (key % 3, key ^ 1) }
                for index in lower..<upper { (model[index].value, model[index].key) = (model[index].key % 3, model[index].key ^ 1) }
            }
            tallest = max(tallest, sequence.height)
            guard steps <= 3_000 || step % 997 == 0 || step == steps - 1 else { continue }
            try sequence.checkStructure()
            #expect(Self.elements(of: sequence) == model, "elements at step \(step) (seed \(seed))")
            try checkQueries(sequence, model, &random, step: step)
        }
        #expect(tallest >= height, "the B-tree never grew past height \(tallest)")
        #expect(packs > 0 || steps > 3_000 || sequence.leafCapacity < 64, "the leaves were never packed")
        // 2,000 more at the end, then drain from the front without packing: the root must give way to its one child.
        var shrank = false
        for slot in nextSlot..<nextSlot + 2_000 {
            sequence.leafOf.append(-1)
            sequence.insert(slot: slot, value: 0, key: 0, weight: 1, before: nil)
            model.append(Element(slot: slot, value: 0, key: 0, weight: 1))
        }
        while !model.isEmpty {
            let height = sequence.height
            let run = 0..<min(model.count, 50)
            sequence.remove(ordinals: run)
            model.removeSubrange(run)
            if sequence.height < height && !model.isEmpty { shrank = true }
            try sequence.checkStructure()
            #expect(Self.elements(of: sequence) == model)
        }
        #expect(shrank, "the root never gave way to its child")
    }

    private func checkQueries<Layout>(_ sequence: PreorderSequence<Layout>, _ model: [Element], _ random: inout SplitMix64, step: Int) throws {
        let zeros = model.filter { $0.value == 0 }
        #expect(sequence.count == model.count && sequence.zeroCount == zeros.count, "counts at step \(step)")
        #expect(sequence.zeroWeight == zeros.reduce(0) { $0 + Int64($1.weight) })
        guard !model.isEmpty else { return }
        for _ in 0..<8 {
            let ordinal = random.below(model.count)
            let before = model[..<ordinal].filter { $0.value == 0 }
            let expected = (before.count, before.reduce(Int64(0)) { $0 + Int64($1.weight) }, model[ordinal].value)
            let byOrdinal = sequence.prefix(atOrdinal: ordinal)
            let location = sequence.location(ofSlot: model[ordinal].slot)
            let bySlot = sequence.prefix(at: location)
            #expect(sequence.location(atOrdinal: ordinal) == location, "location of ordinal \(ordinal) at step \(step)")
            for found in [byOrdinal, bySlot] {
                #expect((found.zeros, found.weight, found.value) == expected && found.ordinal == ordinal, "prefix of \(ordinal) at step \(step)")
            }
            let bound = Int32(random.below(22))
            let next = model[(ordinal + 1)...].firstIndex { $0.key <= bound }
            #expect(sequence.firstElement(after: location, keyAtMost: bound).map { sequence.slot(at: $0) } == next.map { model[$0].slot },
                    "first key at most \(bound) after \(ordinal) at step \(step)")
        }
        let bound = Int32(random.below(22))
        #expect(sequence.firstElement(keyAtMost: bound).map { sequence.slot(at: $0) } == model.first { $0.key <= bound }?.slot)
        guard !zeros.isEmpty else { return }
        for _ in 0..<8 {
            let rank = random.below(zeros.count)
            let weight = zeros[..<rank].reduce(Int64(0)) { $0 + Int64($1.weight) }
            let byRank = sequence.zero(covering: Int64(rank), weighted: false)
            #expect(sequence.slot(at: byRank.location) == zeros[rank].slot && byRank.zeros == rank && byRank.weight == weight)
            let inside = weight + Int64(random.below(Int(zeros[rank].weight)))
            let byWeight = sequence.zero(covering: inside, weighted: true)
            #expect(sequence.slot(at: byWeight.location) == zeros[rank].slot && byWeight.zeros == rank, "zero at weight \(inside), step \(step)")
        }
    }
}
