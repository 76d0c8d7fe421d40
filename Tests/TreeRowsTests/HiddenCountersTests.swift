import Testing
@testable import TreeRows
import TreeRowsTestSupport

/// `HiddenCounters` against a plain array of counters: range adds that start and end inside
/// blocks, across many blocks and on whole blocks; rewrites; every query after each change.
@Suite struct HiddenCountersTests {
    /// The zeros before `position` in `values`, and their weight.
    private static func prefix(_ values: [Int32], _ weights: [Int32], _ position: Int) -> (Int, Int64) {
        var zeros = 0
        var weight: Int64 = 0
        for index in 0..<position where values[index] == 0 {
            zeros += 1
            weight += Int64(weights[index])
        }
        return (zeros, weight)
    }

    @Test("Random adds and rewrites agree with a plain array", arguments: [1, 31, 32, 33, 100, 1_000])
    func agreesWithAnArray(count: Int) throws {
        var random = SplitMix64(seed: UInt64(count))
        var values = (0..<count).map { _ in Int32(random.below(3)) }
        let weights = (0..<count).map { _ in Int32(1 + random.below(90)) }
        var counters = HiddenCounters(values: ContiguousArray(values), weights: ContiguousArray(weights), isWeighted: true)
        for step in 0..<300 {
            let lower = random.below(count + 1)
            let upper = lower + random.below(count - lower + 1)
            if step % 10 == 9 {
                let fresh = (lower..<upper).map { _ in Int32(random.below(3)) }
                counters.setValues(in: lower..<upper) { fresh[$0 - lower] }
                values.replaceSubrange(lower..<upper, with: fresh)
            } else {
                // Subtract only where every counter stays at least 0, as the strategy does.
                let delta: Int32 = values[lower..<upper].allSatisfy({ $0 > 0 }) && random.below(2) == 0 ? -1 : 1
                counters.add(delta, in: lower..<upper)
                for index in lower..<upper { values[index] += delta }
            }
            try counters.checkNodes()
            #expect(counters.trueValues == values, "step \(step)")
            let zeros = values.filter { $0 == 0 }.count
            #expect(counters.zeroCount == zeros)
            for position in [0, lower, upper, count] {
                let found = counters.prefix(position)
                let expected = Self.prefix(values, weights, position)
                #expect(found.zeros == expected.0 && found.weight == expected.1, "prefix(\(position)) at step \(step)")
                if position < count { #expect(found.value == values[position]) }
            }
            var weight: Int64 = 0
            var rank = 0
            for position in 0..<count where values[position] == 0 {
                if rank % 7 == step % 7 {
                    #expect(counters.positionOfZero(rank: rank) == position)
                    #expect(counters.positionOfZero(atWeight: weight) == position)
                    #expect(counters.positionOfZero(atWeight: weight + Int64(weights[position]) - 1) == position)
                }
                rank += 1
                weight += Int64(weights[position])
            }
            #expect(counters.zeroWeight == weight)
        }
    }
}

extension HiddenCountersTests {
    @Test("preorder-segments lays its positions out again once removed ones outnumber the live nodes")
    func removalsCompactThePositions() {
        let tree = TreeShapes.balanced(roots: 100, fanout: 0, depth: 0)
        var strategy = PreorderSegmentsStrategy(tree: tree)
        var expected = tree
        let roots = Array(tree.children(of: Tree.root))
        #expect(roots.count == 100 && strategy.positionCount == 100)
        for (index, node) in roots.prefix(51).enumerated() {
            _ = strategy.remove(node)
            expected.removeSubtree(node)
            #expect(strategy.rows(in: 0..<strategy.rowCount) == ReferenceStrategy.walk(expected))
            // 50 removed against 50 live keep their positions; the 51st removal lays out 49.
            #expect(strategy.positionCount == (index < 50 ? 100 : 49))
        }
    }
}
