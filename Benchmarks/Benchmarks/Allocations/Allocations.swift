import Benchmark
import BenchmarkSupport
import TreeRows

/// Allocations of the count strategies, the preorder strategies and the splice strategy per toggle, toggle in
/// sections (followed in a `SectionIndex`), query (`index(of:)`, `row(at:)`) and insert: the deterministic metric CI gates on (`thresholds check --metric
/// mallocCountTotal`).
/// Only `mallocCountTotal` is measured, as other metrics would inflate it.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [.mallocCountTotal], maxDuration: .seconds(30), maxIterations: 1_000,
        thresholds: [.mallocCountTotal: .init(absolute: [.p50: 0, .p90: 0, .p99: 0])])
    let (name, tree) = Fixtures.corpora[0]
    let nodes = Fixtures.randomNodes(tree)
    for type in [RangeCountsStrategy.self, FenwickCountsStrategy.self, PreorderSegmentsStrategy.self, PreorderBTreeStrategy.self, SubtreeSpliceStrategy.self]
        as [any RowStrategy.Type] {
        let toggleBox = StrategyBox(type, tree)
        var nextToggle = 0
        Benchmark("toggle-random:\(type.name):\(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(toggleBox.strategy.toggle(nodes[nextToggle % nodes.count]))
                nextToggle += 1
            }
        }
        Benchmark("index-of-random:\(type.name):\(name)", configuration: configuration) { benchmark in
            let strategy = Fixtures.make(type, tree)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations { blackHole(strategy.index(of: nodes[iteration % nodes.count])) }
        }
        Benchmark("row-at-random:\(type.name):\(name)", configuration: configuration) { benchmark in
            let strategy = Fixtures.make(type, tree)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations { blackHole(strategy.row(at: iteration * 7919 % strategy.rowCount)) }
        }
        // A toggle followed in the strategy's section index, its diff in sections written
        // into storage kept from the toggles before (as an app would keep it).
        let sectionBox = StrategyBox(type, tree)
        var sections = SectionIndex(of: sectionBox.strategy)
        var sectioned = SectionedDiff()
        for node in nodes.prefix(8) {
            sections.follow(sectionBox.strategy.toggle(node), in: sectionBox.strategy, into: &sectioned)
            sections.follow(sectionBox.strategy.toggle(node), in: sectionBox.strategy, into: &sectioned)
        }
        var nextSectioned = 0
        Benchmark("toggle-sectioned:\(type.name):\(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                sections.follow(sectionBox.strategy.toggle(nodes[nextSectioned % nodes.count]), in: sectionBox.strategy, into: &sectioned)
                blackHole(sectioned.deletedRows.count &+ sectioned.insertedRows.count)
                nextSectioned += 1
            }
        }
        let insertBox = StrategyBox(type, tree)
        var nextInsert = 0
        Benchmark("insert-reply:\(type.name):\(name)", configuration: configuration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? insertBox.strategy.insert(.integer(-1 - Int64(nextInsert)), under: nodes[nextInsert % nodes.count], at: 0))
                nextInsert += 1
            }
        }
    }
}
