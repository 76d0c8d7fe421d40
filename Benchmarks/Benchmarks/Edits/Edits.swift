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
            Benchmark("insert-reply:\(type.name):\(name)", configuration: configuration) { benchmark in
                var strategy = Fixtures.make(type, tree)
                benchmark.startMeasurement()
                for iteration in benchmark.scaledIterations {
                    blackHole(try? strategy.insert(.string("reply-\(iteration)"), under: parents[iteration % parents.count], at: 0))
                }
            }
            Benchmark("collapse-all-expand-all:\(type.name):\(name)", configuration: configuration) { benchmark in
                var strategy = Fixtures.make(type, tree)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(strategy.collapseAll())
                    blackHole(strategy.expandAll())
                }
            }
        }
    }
}
