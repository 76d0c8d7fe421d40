/// A pre-flight estimate of the memory a benchmark run of synthetic trees needs, so a
/// size that cannot fit is refused before minutes of generating and building.
///
/// A cell holds one strategy at a time, so the peak does not grow with the number of
/// strategies. The figures are peak resident bytes per node beyond the process's own,
/// measured with `/usr/bin/time -f %M treerows bench --sizes reddit:1e6 --strategies S
/// --operations O --repetitions 10 --budget 50` for each built-in strategy and for all of
/// them, with the build and the toggles and with every operation: the largest (fenwick-counts'),
/// rounded up by about 5%. A strategy of the user's own is assumed to keep what a built-in
/// one keeps.
package enum BenchmarkMemoryEstimate {
    /// The operations that leave the tree's shape as it is (its toggles, queries and build):
    /// a cell of these shares the tree's columns with the strategy and the expected state.
    package static let lightOperations: Set<BenchmarkWorkload> = [
        .build, .toggleRandom, .toggleHeavy, .toggleDeep, .toggleLast, .toggleSectioned,
        .rowAtRandom, .indexOfRandom, .offsetOfRandom, .rowAtOffsetRandom,
    ]

    /// The process itself, before any tree.
    package static let fixedBytes = 64 << 20

    /// Peak resident bytes per node: the tree, one strategy, the expected state and the
    /// checks' row arrays.
    ///
    /// - Complexity: O(*k*) in the number of operations.
    package static func bytesPerNode(operations: [BenchmarkWorkload]) -> Int {
        operations.allSatisfy(lightOperations.contains) ? 132 : 220
    }

    /// The estimated peak resident bytes of measuring a tree of `nodes` nodes, whatever the
    /// number of strategies.
    ///
    /// - Complexity: O(*k*) in the number of operations.
    package static func bytes(nodes: Int, operations: [BenchmarkWorkload]) -> Int {
        bytes(corpusNodes: [nodes], operations: operations)
    }

    /// The tree alone, per node: its columns as read from a corpus (29.5 bytes per node
    /// measured at 10M nodes), rounded up.
    package static let treeBytesPerNode = 32

    /// The estimated peak resident bytes of measuring corpora of these sizes, all held
    /// while the largest is measured: the largest with its cells' state, the others as trees.
    ///
    /// - Complexity: O(*c* + *k*) for *c* corpora and *k* operations.
    package static func bytes(corpusNodes: [Int], operations: [BenchmarkWorkload]) -> Int {
        guard let largest = corpusNodes.max() else { return fixedBytes }
        let rest = corpusNodes.reduce(0) { $0.addingReportingOverflow($1).overflow ? .max : $0 + $1 } - largest
        let (cells, overflow) = largest.multipliedReportingOverflow(by: bytesPerNode(operations: operations))
        let (trees, treeOverflow) = rest.multipliedReportingOverflow(by: treeBytesPerNode)
        guard !overflow, !treeOverflow, cells < .max / 4, trees < .max / 4 else { return .max }
        return fixedBytes + cells + trees
    }
}
