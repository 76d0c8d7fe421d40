import Benchmark
import BenchmarkSupport
import TreeRows

/// Toggling uniformly chosen nodes, every strategy on every corpus.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(1), maxIterations: 2_000)
    for (name, tree) in Fixtures.corpora {
        let nodes = Fixtures.randomNodes(tree)
        for type in Fixtures.strategies {
            let box = StrategyBox(type, tree)
            var next = 0
            Benchmark("toggle-random:\(type.name):\(name)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(box.strategy.toggle(nodes[next % nodes.count]))
                    next += 1
                }
            }
        }
    }
}
