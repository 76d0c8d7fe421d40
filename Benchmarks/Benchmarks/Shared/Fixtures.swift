import Benchmark
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// The corpora the suites measure, and the one way every suite defines a benchmark: an
/// operation of `treerows bench` (``BenchmarkWorkload``) on a strategy and a corpus, with
/// the inputs `bench` draws and checks (``BenchmarkFixture``).
public enum Fixtures {
    /// The TreeRows package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The measured corpora: the widest recorded thread and a synthetic 100,000-node reddit tree.
    public static let corpora: [(name: String, tree: Tree)] = [
        ("sxvem7", try! CorpusCatalog(root: packageRoot).load("reddit-worldnews-sxvem7").tree),
        ("reddit-100k", TreeGenerator.generate(SyntheticSpec(shape: .reddit, nodes: 100_000, seed: 1))),
    ]

    /// The built-in strategies.
    nonisolated(unsafe) public static let strategies = BuiltinStrategies.all

    /// Registers `operation` on `strategy` over `tree` as the benchmark
    /// `OPERATION:STRATEGY:CORPUS`. Its setup draws `samples` samples' inputs as `treerows
    /// bench` does and checks them against the reference (a wrong strategy fails the setup,
    /// saying where); each iteration then times one sample's batch, its preparation and any
    /// restart (when the inputs are used up) left outside the measurement.
    public static func register(_ operation: BenchmarkWorkload, on strategy: any RowStrategy.Type, corpus: String, tree: Tree,
                                configuration: Benchmark.Configuration, samples: Int) {
        Benchmark("\(operation.rawValue):\(strategy.name):\(corpus)", configuration: configuration) { benchmark, box in
            if box.fixture.needsRestart { box.fixture.restart() }
            box.fixture.prepare()
            benchmark.startMeasurement()
            blackHole(box.fixture.performSample())
            benchmark.stopMeasurement()
        } setup: {
            FixtureBox(try BenchmarkFixture(operation, strategy: strategy, tree: tree, samples: samples))
        }
    }
}

/// A fixture kept across a benchmark's iterations.
public final class FixtureBox {
    /// The fixture, its state carried from one iteration to the next.
    public var fixture: BenchmarkFixture
    init(_ fixture: BenchmarkFixture) { self.fixture = fixture }
}
