import Benchmark
import BenchmarkSupport
import TreeRows

/// `row(at:)` and `index(of:)` at uniformly chosen rows and nodes, every strategy on every corpus.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .kilo, maxDuration: .seconds(1))
    for (name, tree) in Fixtures.corpora {
        let nodes = Fixtures.randomNodes(tree)
        for type in Fixtures.strategies {
            let strategy = Fixtures.make(type, tree)
            let rows = Fixtures.randomRows(strategy.rowCount)
            Benchmark("row-at-random:\(type.name):\(name)", configuration: configuration) { benchmark in
                for iteration in benchmark.scaledIterations { blackHole(strategy.row(at: rows[iteration % rows.count])) }
            }
            Benchmark("index-of-random:\(type.name):\(name)", configuration: configuration) { benchmark in
                for iteration in benchmark.scaledIterations { blackHole(strategy.index(of: nodes[iteration % nodes.count])) }
            }
        }
    }
}
