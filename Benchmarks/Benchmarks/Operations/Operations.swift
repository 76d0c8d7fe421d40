import Benchmark
import BenchmarkSupport
import TreeRows
import TreeRowsHarness

/// Every operation of `treerows bench`, every built-in strategy, every corpus: wall-clock
/// time per sample (one input; 64 for the queries, whose single answer the clock would
/// dominate).
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(1), maxIterations: 1_000)
    for (name, tree) in Fixtures.corpora {
        for operation in BenchmarkWorkload.allCases {
            for strategy in Fixtures.strategies {
                Fixtures.register(operation, on: strategy, corpus: name, tree: tree, configuration: configuration, samples: 100)
            }
        }
    }
}
