/// A pre-flight estimate of the memory a benchmark run of synthetic trees needs, so a
/// size that cannot fit is refused before minutes of generating and building.
///
/// The figures are peak resident bytes per node, measured with
/// `/usr/bin/time -f %M treerows bench --sizes reddit:1e6 --strategies S --operations O
/// --repetitions 10 --budget 50` for one strategy and for all six built-in ones, with the
/// toggles only and with every operation, rounded up by about 5%. They scale linearly
/// between 1e5 and 1e7 nodes. A strategy of the user's own is assumed to keep what a
/// built-in one keeps.
public enum BenchmarkMemoryEstimate {
    /// The operations that leave the tree's shape as it is (its toggles, queries and build):
    /// a cell of these keeps one tree per strategy and few diffs.
    public static let lightOperations: Set<BenchmarkOperation> = [
        .build, .toggleRandom, .toggleHeavy, .toggleDeep, .toggleLast, .toggleSectioned,
        .rowAtRandom, .indexOfRandom, .offsetOfRandom, .rowAtOffsetRandom,
    ]

    /// The process itself, before any tree.
    public static let fixedBytes = 64 << 20

    /// Peak resident bytes per node: the first strategy (with the tree, the reference's
    /// expected state and the run's buffers), and each strategy beyond it.
    ///
    /// - Complexity: O(*k*) in the number of operations.
    public static func bytesPerNode(operations: [BenchmarkOperation]) -> (first: Int, each: Int) {
        operations.allSatisfy(lightOperations.contains) ? (160, 32) : (330, 110)
    }

    /// The estimated peak resident bytes of measuring a tree of `nodes` nodes.
    ///
    /// - Complexity: O(*k*) in the number of operations.
    public static func bytes(nodes: Int, strategies: Int, operations: [BenchmarkOperation]) -> Int {
        let perNode = bytesPerNode(operations: operations)
        let (total, overflow) = nodes.multipliedReportingOverflow(by: perNode.first + perNode.each * max(0, strategies - 1))
        return overflow ? .max : fixedBytes + total
    }
}
