import Benchmark
import BenchmarkSupport
import TreeRows

/// Building the rows, inserting replies, and expanding or collapsing everything, every
/// strategy on every corpus.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(1), maxIterations: 1_000)
    for (name, tree) in Fixtures.corpora {
        let parents = Fixtures.randomNodes(tree)
        for type in Fixtures.strategies {
            Benchmark("build:\(type.name):\(name)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations { blackHole(Fixtures.make(type, tree).rowCount) }
            }
            let insertBox = StrategyBox(type, tree)
            var next = 0
            Benchmark("insert-reply:\(type.name):\(name)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try? insertBox.strategy.insert(.integer(-1 - Int64(next)), under: parents[next % parents.count], at: 0))
                    next += 1
                }
            }
            let allBox = StrategyBox(type, tree)
            Benchmark("collapse-all-expand-all:\(type.name):\(name)", configuration: configuration) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(allBox.strategy.collapseAll())
                    blackHole(allBox.strategy.expandAll())
                }
            }
        }
    }
}
