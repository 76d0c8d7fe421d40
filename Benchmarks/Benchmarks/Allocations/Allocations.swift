import Benchmark
import BenchmarkSupport
import TreeRows
import TreeRowsHarness

/// Allocations per sample of the toggles, the sectioned toggle, the two queries and the
/// insert of `treerows bench`, on the count, preorder and splice strategies: the
/// deterministic metric CI gates on (`thresholds check --metric mallocCountTotal`). Only
/// `mallocCountTotal` is measured, as other metrics would inflate it.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.mallocCountTotal], maxDuration: .seconds(30), maxIterations: 1_000,
        thresholds: [.mallocCountTotal: .init(absolute: [.p50: 0, .p90: 0, .p99: 0])])
    let (name, tree) = Fixtures.corpora[0]
    for strategy in [RangeCountsStrategy.self, FenwickCountsStrategy.self, PreorderSegmentsStrategy.self, PreorderBTreeStrategy.self,
                     SubtreeSpliceStrategy.self] as [any RowStrategy.Type] {
        for operation in [BenchmarkWorkload.toggleRandom, .indexOfRandom, .rowAtRandom, .toggleSectioned, .insertReply] {
            Fixtures.register(operation, on: strategy, corpus: name, tree: tree, configuration: configuration, samples: 1_000)
        }
    }
}
