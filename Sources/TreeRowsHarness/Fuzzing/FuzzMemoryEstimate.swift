/// A pre-flight estimate of the memory a fuzz run needs, so a run that cannot fit is
/// refused before it starts, and a worker is not stopped at its memory limit with the
/// blame on a strategy.
///
/// Every worker holds its largest case: the tree and the reference's state, and each
/// strategy's state, all at once (they run in lock step). The figures are peak resident
/// bytes per node, measured with `/usr/bin/time -f %M treerows fuzz --in-process --jobs 1
/// --time 20 --large-share 0 --max-nodes N` for N = 300,000 and 1,000,000 with the seven
/// built-in strategies (234 MB and 642 MB), rounded up by about 20%.
package enum FuzzMemoryEstimate {
    /// The process itself, before any tree.
    package static let fixedBytes = 64 << 20
    /// Per node: the tree, the reference's state and the checks' row arrays.
    package static let baseBytesPerNode = 96
    /// Per node and strategy: a strategy's state.
    package static let strategyBytesPerNode = 80

    /// The largest tree a worker draws: `maximumNodes` in the small tier, and the large
    /// tier's largest when it gets any time.
    ///
    /// - Complexity: O(1).
    package static func largestNodes(_ configuration: Fuzzer.Configuration) -> Int {
        max(configuration.maximumNodes, configuration.largeShare > 0 ? ScaleCaseSampler.largestNodes : 0)
    }

    /// The estimated peak resident bytes of one worker.
    ///
    /// - Complexity: O(1).
    package static func bytesPerWorker(_ configuration: Fuzzer.Configuration, strategies: Int) -> Int {
        let perNode = baseBytesPerNode + strategyBytesPerNode * max(0, min(strategies, 1 << 20))
        let (total, overflow) = largestNodes(configuration).multipliedReportingOverflow(by: perNode)
        return overflow || total > .max - fixedBytes ? .max : fixedBytes + total
    }
}
