import Foundation
import Synchronization
import Testing
import TreeRows
import TreeRowsCorpora
@testable import TreeRowsHarness
import TreeRowsTestSupport

@Suite struct BenchmarkTests {
    static func result(_ strategy: String, _ operation: String = "toggle-random", median: Double = 100, allocations: Double? = 1,
                       correct: Bool = true, corpus: String = "c", nodes: Int = 10) -> BenchmarkResult {
        BenchmarkResult(strategy: strategy, corpus: corpus, nodes: nodes, operation: operation, samples: 10, medianNanoseconds: median,
                        p90Nanoseconds: median, p99Nanoseconds: median, operationsPerSecond: 1e9 / median,
                        allocationsPerOperation: allocations, bytesPerOperation: 64, peakResidentBytes: 1, ratioToReference: 1,
                        ratioToFastest: 1, correct: correct)
    }

    @Test func comparisonFlagsAllocationRegressionsOnly() {
        let base = BenchmarkReport(machine: [], results: [Self.result("a"), Self.result("b", allocations: 0), Self.result("c", median: 100)], exponents: [])
        let head = BenchmarkReport(machine: [], results: [Self.result("a", allocations: 1.05), Self.result("b", allocations: 1),
                                                          Self.result("c", median: 500)], exponents: [])
        let allocations = BenchmarkComparison(base: base, head: head, metric: .allocations, threshold: 0.1)
        #expect(allocations.changes.map(\.verdict) == [.unchanged, .regression, .unchanged])
        #expect(allocations.hasRegression)
        // One run a side: time is not tested; as runs' medians (a combined report), it is.
        let oneRun = BenchmarkComparison(base: base, head: head, metric: .median, threshold: 0.1)
        #expect(oneRun.changes.map(\.verdict) == [.notTested, .notTested, .notTested] && !oneRun.hasRegression)
        let runs: [(key: String, value: JSONValue)] = [("rounds", .integer(10))]
        let time = BenchmarkComparison(base: BenchmarkReport(machine: runs, results: base.results, exponents: []),
                                       head: BenchmarkReport(machine: runs, results: head.results, exponents: []), metric: .median, threshold: 0.1)
        #expect(time.changes.map(\.verdict) == [.unchanged, .unchanged, .regression])
        #expect(!BenchmarkComparison(base: base, head: base, metric: .allocations, threshold: 0).hasRegression)
        let wrong = BenchmarkReport(machine: [], results: [Self.result("a", correct: false)], exponents: [])
        let becameWrong = BenchmarkComparison(base: base, head: wrong, metric: .allocations, threshold: 0.1)
        #expect(becameWrong.changes.first?.verdict == .wrong && becameWrong.changes.first?.note == "became wrong")
        #expect(becameWrong.hasRegression && becameWrong.missingFromHead == ["b · c · toggle-random", "c · c · toggle-random"])
    }

    @Test func exponentFit() throws {
        let linear = [(1000, 1000.0), (10_000, 10_000.0), (100_000, 100_000.0)]
        #expect(abs(try #require(ScalingFit.exponent(linear.map { ($0.0, $0.1) })) - 1) < 1e-9)
        let flat = [(1000, 50.0), (1_000_000, 50.0)]
        #expect(abs(try #require(ScalingFit.exponent(flat.map { ($0.0, $0.1) }))) < 1e-9)
        #expect(ScalingFit.exponent([(1000, 5)]) == nil)
    }

    @Test func reportJSONRoundTrips() throws {
        var built = Self.result("c", "build")
        built.strategyBytesPerNode = 4.25
        built.treeBytesPerNode = 43
        built.timeSplit = BenchmarkTimeSplit(setup: 0.125, sampling: 2.5, counting: 0, checking: 1.75)
        let report = BenchmarkReport(machine: [("cores", .integer(2))], results: [Self.result("a"), Self.result("b", allocations: nil), built],
                                     exponents: [.init(strategy: "a", operation: "build", shape: "reddit", exponent: 1.02)])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try report.json.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try BenchmarkReport.read(contentsOf: path)
        #expect(read.results == report.results)
        #expect(read.exponents == report.exponents)
    }

    @Test("A wrong strategy is reported as wrong, never as fast")
    func wrongStrategyIsMarked() {
        let runner = BenchmarkRunner(
            configuration: .init(workloads: [.toggleHeavy, .rowAtRandom], repetitions: 20, warmup: 1, budget: .seconds(5)),
            strategies: [ReferenceStrategy.self, RangeCountsStrategy.self, RowArrayMutant<ExpandInsertsOnlyChildren>.self],
            allocations: nil)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(300, seed: 4, collapsedPercent: 0))
        let toggles = results.filter { $0.operation == "toggle-heavy" }
        #expect(toggles.count == 3 && toggles.allSatisfy { $0.samples == 20 })
        #expect(toggles.first { $0.strategy == RangeCountsStrategy.name }?.correct == true)
        #expect(toggles.first { $0.strategy == ReferenceStrategy.name }?.correct == true)
        #expect(toggles.first { $0.strategy.hasPrefix("mutant-") }?.correct == false)
        #expect(toggles.first { $0.strategy == ReferenceStrategy.name }?.ratioToReference == 1)
    }
}

extension BenchmarkTests {
    @Test("A strategy that skips hidden state is reported as wrong")
    func hiddenStateIsChecked() {
        // Collapse-all that collapses only the top level: the rows look right, the tree does not.
        let runner = BenchmarkRunner(configuration: .init(workloads: [.collapseAll], repetitions: 5, warmup: 1, budget: .seconds(5)),
                                     strategies: [ReferenceStrategy.self, TopLevelCollapseAll.self], allocations: nil)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(200, seed: 8, collapsedPercent: 0))
        #expect(results.first { $0.strategy == ReferenceStrategy.name }?.correct == true)
        #expect(results.first { $0.strategy == TopLevelCollapseAll.name }?.correct == false)
    }

    @Test("The heaviest and deepest nodes are chosen as a stable sort by descending key would choose them")
    func largestMatchesAStableSort() {
        var random = SplitMix64(seed: 5)
        for round in 0..<50 {
            let nodes = (0..<random.below(300)).map { _ in NodeIndex(Int32(1 + random.below(1000))) }
            let keys = (0..<1001).map { _ in random.below(round % 2 == 0 ? 8 : 1000) }  // many ties, then few
            for count in [0, 1, 5, 64, 400] {
                let expected = Array(nodes.sorted { keys[$0.slot] > keys[$1.slot] }.prefix(count))
                #expect(BenchmarkCellInputs.largest(count, of: nodes) { keys[$0.slot] } == expected, "round \(round), count \(count)")
            }
        }
    }

    @Test("Inputs of a cell do not depend on the other operations selected")
    func seedsDependOnTheOperationOnly() {
        let seed = BenchmarkRunner.seed(1, .toggleRandom)
        #expect(seed == BenchmarkRunner.seed(1, .toggleRandom) && seed != BenchmarkRunner.seed(1, .toggleHeavy))
        #expect(seed != BenchmarkRunner.seed(2, .toggleRandom))
    }
}

/// Range-counts with a collapse-all that collapses only top-level nodes (rows right, state wrong).
struct TopLevelCollapseAll: ForwardingStrategy {
    static let name = "top-level-collapse-all"
    var base: RangeCountsStrategy
    mutating func collapseAll() -> RowDiff {
        var builder = RowDiffBuilder()
        var removed = 0
        for node in tree.children(of: Tree.root) where tree.isExpanded(node) {
            let row = base.index(of: node)!
            let before = base.rowCount
            _ = base.collapse(node)
            builder.delete(row + 1 + removed..<row + 1 + removed + (before - base.rowCount))
            removed += before - base.rowCount
        }
        return builder.diff
    }
}

extension BenchmarkTests {
    @Test("Each strategy takes a cell's samples in one block, and the first block rotates from cell to cell")
    func samplesComeInBlocks() {
        toggleLog.withLock { $0 = [] }
        let runner = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom, .toggleHeavy], repetitions: 20, warmup: 2),
                                     strategies: [LoggedToggles<TagA>.self, LoggedToggles<TagB>.self], allocations: nil)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(300, seed: 5, collapsedPercent: 10)) { _ in
            toggleLog.withLock { $0.append("|") }
        }
        #expect(results.count == 4 && results.allSatisfy { $0.correct && $0.samples == 20 })
        let cells = toggleLog.withLock { $0 }.split(separator: "|")
        #expect(cells.count == 2)
        for cell in cells {
            // The timed blocks, then the fresh pass (allocations and checks), one lane after the other.
            let changes = zip(cell, cell.dropFirst()).filter { $0 != $1 }.count
            #expect(changes <= 3, "strategies interleaved: \(changes) changes")
        }
        #expect(cells.first?.first == TagA.name && cells.last?.first == TagB.name)
        // The rotation goes on across corpora: one operation, the second corpus's cell starts
        // with the other strategy.
        toggleLog.withLock { $0 = [] }
        let single = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom], repetitions: 5, warmup: 1),
                                     strategies: [LoggedToggles<TagA>.self, LoggedToggles<TagB>.self], allocations: nil)
        let tree = TreeShapes.random(100, seed: 6, collapsedPercent: 0)
        _ = single.run(corpus: "first", tree: tree, firstCell: 0) { _ in toggleLog.withLock { $0.append("|") } }
        _ = single.run(corpus: "second", tree: tree, firstCell: 1) { _ in toggleLog.withLock { $0.append("|") } }
        let corpora = toggleLog.withLock { $0 }.split(separator: "|")
        #expect(corpora.count == 2 && corpora.first?.first == TagA.name && corpora.last?.first == TagB.name)
    }

    @Test("Cache eviction reads every line of its buffer; sizes from sysfs parse")
    func cacheEviction() {
        let eviction = CacheEviction(bytes: 1000)
        #expect(eviction.bytes == 960 && eviction.run() == 15)
        #expect(CacheEviction.parseSize("32768K") == 32 << 20 && CacheEviction.parseSize("2M") == 2 << 20)
        #expect(CacheEviction.parseSize("512") == 512 && CacheEviction.parseSize("big") == nil)
    }

    @Test("The eviction buffer is twice the largest cache sysfs reports, and at least 64 MiB")
    func evictionSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("caches-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(CacheEviction.defaultBytes(cacheDirectory: directory) == 64 << 20)
        for (index, size) in [("index0", "48K"), ("index2", "1024K"), ("index3", "40M")] {
            try FileManager.default.createDirectory(atPath: "\(directory)/\(index)", withIntermediateDirectories: true)
            try "\(size)\n".write(toFile: "\(directory)/\(index)/size", atomically: true, encoding: .utf8)
        }
        #expect(CacheEviction.defaultBytes(cacheDirectory: directory) == 80 << 20)
    }

    @Test("On macOS the eviction buffer is twice the largest cache sysctl reports, and at least 64 MiB")
    func evictionSizeFromSysctl() {
        // An Apple silicon Mac: no L3, 16 MiB L2 on the performance cores, 4 MiB on the others.
        let appleSilicon = ["hw.l2cachesize": 4 << 20, "hw.perflevel0.l2cachesize": 16 << 20, "hw.perflevel1.l2cachesize": 4 << 20]
        #expect(CacheEviction.defaultBytes(sysctl: { appleSilicon[$0] }) == 64 << 20)
        // An Intel Mac with a 48 MiB last level.
        let intel = ["hw.l2cachesize": 1 << 20, "hw.l3cachesize": 48 << 20]
        #expect(CacheEviction.defaultBytes(sysctl: { intel[$0] }) == 96 << 20)
        #expect(CacheEviction.defaultBytes(sysctl: { _ in nil }) == 64 << 20)
    }

    @Test("Cold-cache samples are still timed and checked")
    func coldSamples() {
        let eviction = CacheEviction(bytes: 1 << 16)
        let runner = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom], repetitions: 10, warmup: 1, eviction: eviction),
                                     strategies: [ReferenceStrategy.self, RangeCountsStrategy.self], allocations: nil)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(200, seed: 2, collapsedPercent: 0))
        #expect(results.count == 2 && results.allSatisfy { $0.correct && $0.samples == 10 })
        // Before every timed run, warm-up samples included, of both strategies: one run a
        // sample, two where a batched sample is followed by a single input (fast builds).
        let runsPerSample = results.map { $0.distribution?.singleNanoseconds.isEmpty == false ? 2 : 1 }
        #expect(eviction.runs == runsPerSample.reduce(0) { $0 + $1 * (1 + 10) }, "\(runsPerSample)")
    }
}

/// The order of toggles across strategies in ``BenchmarkTests/samplesComeInBlocks()``.
let toggleLog = Mutex<[String]>([])

protocol ToggleLogTag { static var name: String { get } }
enum TagA: ToggleLogTag { static let name = "logged-a" }
enum TagB: ToggleLogTag { static let name = "logged-b" }

/// Range-counts that logs its name on every toggle.
struct LoggedToggles<Tag: ToggleLogTag>: ForwardingStrategy {
    static var name: String { Tag.name }
    var base: RangeCountsStrategy
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        toggleLog.withLock { $0.append(Tag.name) }
        return base.toggle(node)
    }
}

extension BenchmarkTests {
    @Test("remove-subtree on a chain peels it from the leaf up, one node per removal")
    func removalsOnAChain() {
        let tree = TreeShapes.chain(100)
        let cellInputs = BenchmarkCellInputs(.removeSubtree, tree: tree, rowCount: 100, totalHeight: 100 * Int(Tree.defaultRowHeight),
                                         count: 30, seed: 3)
        var expected: [NodeIndex] = []
        tree.forEachInSubtreePostorder(of: Tree.root) { if $0 != Tree.root && expected.count < 30 { expected.append($0) } }
        #expect(cellInputs.inputs.map { input -> NodeIndex? in
            if case .node(let node) = input { return node } else { return nil }
        } == expected)
        let runner = BenchmarkRunner(configuration: .init(workloads: [.removeSubtree], repetitions: 5, warmup: 1),
                                     strategies: [ReferenceStrategy.self, PreorderSegmentsStrategy.self], allocations: nil)
        let results = runner.run(corpus: "chain", tree: TreeShapes.chain(400))
        #expect(results.count == 2 && results.allSatisfy { $0.correct && $0.samples == 5 })
    }
}

extension BenchmarkTests {
    @Test("A build cell reports the bytes per node the strategy keeps, read around its build alone")
    func strategyBytes() {
        let counter = SteppingCounter(step: 3_000)
        let runner = BenchmarkRunner(configuration: .init(workloads: [.build, .toggleRandom], repetitions: 3, warmup: 1),
                                     strategies: [ReferenceStrategy.self, RangeCountsStrategy.self], allocations: counter)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(300, seed: 3, collapsedPercent: 0))
        // Two readings, one step apart, over 300 nodes.
        #expect(results.filter { $0.operation == "build" }.allSatisfy { $0.strategyBytesPerNode == 10 })
        #expect(results.filter { $0.operation == "toggle-random" }.allSatisfy { $0.strategyBytesPerNode == nil })
    }
}

/// An allocation counter whose live bytes grow by `step` at every reading.
final class SteppingCounter: AllocationCounter, @unchecked Sendable {
    let step: UInt64
    private var live: UInt64 = 0
    init(step: UInt64) { self.step = step }
    func allocations() -> UInt64 { 0 }
    func allocatedBytes() -> UInt64 { 0 }
    func liveBytes() -> UInt64? {
        live += step
        return live
    }
}

extension BenchmarkTests {
    @Test("Each result says where its time went, and the parts account for the run's wall time")
    func timeSplitAccountsForTheRun() {
        let runner = BenchmarkRunner(configuration: .init(workloads: [.build, .toggleRandom, .insertReply], repetitions: 30, warmup: 2),
                                     strategies: [ReferenceStrategy.self, RangeCountsStrategy.self], allocations: SteppingCounter(step: 1))
        let clock = ContinuousClock()
        let start = clock.now
        let results = runner.run(corpus: "random", tree: TreeShapes.random(2_000, seed: 5, collapsedPercent: 10))
        let wall = (clock.now - start).nanoseconds / 1e9
        let splits = results.compactMap(\.timeSplit)
        #expect(splits.count == results.count)
        #expect(splits.allSatisfy { $0.setup > 0 && $0.sampling > 0 && $0.counting > 0 && $0.checking > 0 }, "\(splits)")
        let total = splits.reduce(BenchmarkTimeSplit(), +).total
        #expect(total <= wall && total >= 0.8 * wall, "\(total) s of \(wall) s")
    }
}

/// Chart labels for every decade a time can reach, from 1 ns past the largest Double.
@Suite struct ChartLabelTests {
    @Test func everyDecadeHasALabel() {
        #expect(ReportSVG.decadeLabel(0) == "1 ns" && ReportSVG.decadeLabel(4) == "10 µs" && ReportSVG.decadeLabel(9) == "1 s")
        #expect(ReportSVG.decadeLabel(12) == "1000 s" && ReportSVG.decadeLabel(13) == "1e4 s" && ReportSVG.decadeLabel(28) == "1e19 s")
        let labels = (0...330).map(ReportSVG.decadeLabel)
        #expect(Set(labels).count == labels.count)
    }
}
