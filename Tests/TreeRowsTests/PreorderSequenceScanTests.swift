import Testing
@testable import TreeRows

/// The eight-at-a-time scans behind a B-tree entry's summary, against one-at-a-time loops,
/// on every length a leaf or an inner node has (whole chunks of 8, a remainder, none).
@Suite struct PreorderSequenceScanTests {
    private typealias Sequence = PreorderSequence<StandardPreorderLayout>

    @Test("A leaf's minimum and its count, eight at a time", arguments: 0...64)
    func minimumAndCount(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<20 {
            // Few distinct values, so that the minimum repeats; one run reaches past the end.
            let numbers = (0..<count + 8).map { _ in Int32(random.below(4)) - 1 }
            let expectedMinimum = numbers.prefix(count).min() ?? Sequence.noMinimum
            let expectedCount = Int32(numbers.prefix(count).filter { $0 == expectedMinimum }.count)
            let (minimum, found) = numbers.withUnsafeBufferPointer { Sequence.minimumAndCount(from: $0.baseAddress!, count: count) }
            #expect(minimum == expectedMinimum && found == expectedCount, "\(numbers.prefix(count))")
        }
    }

    @Test("The elements reaching an inner node's minimum, eight at a time", arguments: 0...16)
    func countReaching(count: Int) {
        var random = SplitMix64(seed: 100 + UInt64(count))
        for _ in 0..<20 {
            let minimums = (0..<count + 8).map { _ in Int32(random.below(3)) }
            let counts = (0..<count + 8).map { _ in Int32(random.below(1_000)) }
            let minimum = minimums.prefix(count).min() ?? 0
            let expected = zip(minimums.prefix(count), counts).reduce(Int32(0)) { $0 + ($1.0 == minimum ? $1.1 : 0) }
            let found = minimums.withUnsafeBufferPointer { minimums in
                counts.withUnsafeBufferPointer { counts in
                    Sequence.countReaching(minimum, minimums: minimums.baseAddress!, counts: counts.baseAddress!, count: count)
                }
            }
            #expect(found == expected, "\(minimums.prefix(count)) \(counts.prefix(count))")
        }
    }

    @Test("A range add within a leaf counts the zeros before and after, eight at a time", arguments: 0...64)
    func addCounting(count: Int) {
        var random = SplitMix64(seed: 200 + UInt64(count))
        for _ in 0..<20 {
            var numbers = (0..<count + 8).map { _ in Int32(random.below(3)) - 1 }
            let delta: Int32 = random.below(2) == 0 ? 1 : -1
            let target = Int32(random.below(3)) - 1
            var expected = numbers
            var (before, after): (Int32, Int32) = (0, 0)
            for index in 0..<count {
                before += expected[index] == target ? 1 : 0
                expected[index] += delta
                after += expected[index] == target ? 1 : 0
            }
            let found = numbers.withUnsafeMutableBufferPointer { Sequence.add(delta, from: $0.baseAddress!, count: count, counting: target) }
            #expect(found.before == before && found.after == after && numbers == expected, "\(count) numbers, target \(target)")
            let zeros = numbers.withUnsafeBufferPointer { Sequence.count(target, from: $0.baseAddress!, count: count) }
            #expect(zeros == Int32(numbers.prefix(count).filter { $0 == target }.count))
        }
    }
}
