import Benchmark
import BenchmarkSupport
import TreeRows

/// Toggling uniformly chosen nodes, every strategy on every corpus.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(1), maxIterations: 2_000)
    for (name, tree) in Fixtures.corpora {
        let nodes = Fixtures.randomNodes(tree)
        for type in Fixtures.strategies {
            Benchmark("toggle-random:\(type.name):\(name)", configuration: configuration) { benchmark in
                var strategy = Fixtures.make(type, tree)
                benchmark.startMeasurement()
                for iteration in benchmark.scaledIterations {
                    blackHole(strategy.toggle(nodes[iteration % nodes.count]))
                }
            }
        }
    }
}
