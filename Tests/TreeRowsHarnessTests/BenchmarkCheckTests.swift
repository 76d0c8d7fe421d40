import Foundation
import Synchronization
import Testing
import TreeRows
import TreeRowsCorpora
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// The bench's correctness check: right strategies pass every operation, and a strategy
/// whose rows and diffs are right but whose answers to one query are wrong is WRONG.
@Suite struct BenchmarkCheckTests {
    enum Fault: String { case rowAt = "row-at", indexOf = "index-of", offsetOf = "offset-of", rowAtOffset = "row-at-offset" }
    protocol QueryFault { static var fault: Fault { get } }
    enum RowAtFault: QueryFault { static let fault = Fault.rowAt }
    enum IndexOfFault: QueryFault { static let fault = Fault.indexOf }
    enum OffsetOfFault: QueryFault { static let fault = Fault.offsetOf }
    enum RowAtOffsetFault: QueryFault { static let fault = Fault.rowAtOffset }

    /// Range-counts answering one kind of query one row off, past the first row.
    struct WrongQuery<F: QueryFault>: ForwardingStrategy {
        static var name: String { "wrong-" + F.fault.rawValue }
        var base: RangeCountsStrategy
        init(base: RangeCountsStrategy) { self.base = base }
        func row(at index: Int) -> Row { base.row(at: F.fault == .rowAt && index > 0 ? index - 1 : index) }
        func index(of node: NodeIndex) -> Int? { base.index(of: node).map { F.fault == .indexOf && $0 > 0 ? $0 - 1 : $0 } }
        func offset(ofRow index: Int) -> Int { base.offset(ofRow: F.fault == .offsetOf && index > 0 ? index - 1 : index) }
        func row(atOffset offset: Int) -> Int? { base.row(atOffset: offset).map { F.fault == .rowAtOffset && $0 > 0 ? $0 - 1 : $0 } }
    }

    static let tree = TreeShapes.random(1_500, seed: 9, collapsedPercent: 15)

    @Test("Every built-in strategy is correct on every operation")
    func builtInStrategiesPassEveryOperation() {
        let runner = BenchmarkRunner(configuration: .init(workloads: BenchmarkWorkload.allCases, repetitions: 8, warmup: 1),
                                     strategies: BuiltinStrategies.all, allocations: nil)
        let results = runner.run(corpus: "random", tree: Self.tree)
        #expect(results.count == BuiltinStrategies.all.count * BenchmarkWorkload.allCases.count)
        for result in results where !result.correct { Issue.record("\(result.strategy) marked wrong on \(result.operation)") }
    }

    /// A corpus whose string ids are the ones the bench would give its new replies: the
    /// replies get other ids, and every strategy stays right.
    @Test func newRepliesNeverTakeACorpusID() throws {
        var tree = Tree()
        var parents = [Tree.root]
        for index in 0..<600 {
            let name = index < 200 ? "bench-reply-\(index)" : index < 400 ? "bench-page-\((index - 200) / 10)-\(index % 10)" : "bench-reply-\(index - 400)~1"
            parents.append(try tree.append(.string(name), under: parents[index / 3]))
        }
        let runner = BenchmarkRunner(configuration: .init(workloads: [.insertReply, .loadPage], repetitions: 8, warmup: 1),
                                     strategies: [ReferenceStrategy.self, FullRebuildStrategy.self, PreorderBTreeStrategy.self], allocations: nil)
        let results = runner.run(corpus: "bench-ids", tree: tree)
        #expect(results.count == 6)
        for result in results where !result.correct { Issue.record("\(result.strategy) marked wrong on \(result.operation)") }
    }

    @Test("A wrong answer to a query is WRONG in that query's cell", arguments: [
        (WrongQuery<RowAtFault>.self as any RowStrategy.Type, BenchmarkWorkload.rowAtRandom),
        (WrongQuery<IndexOfFault>.self, .indexOfRandom),
        (WrongQuery<OffsetOfFault>.self, .offsetOfRandom),
        (WrongQuery<RowAtOffsetFault>.self, .rowAtOffsetRandom),
    ])
    func wrongQueriesAreMarked(_ mutant: any RowStrategy.Type, _ operation: BenchmarkWorkload) throws {
        let runner = BenchmarkRunner(configuration: .init(workloads: [operation, .toggleRandom], repetitions: 8, warmup: 1),
                                     strategies: [ReferenceStrategy.self, mutant], allocations: nil)
        let results = runner.run(corpus: "random", tree: Self.tree)
        let wrong = try #require(results.first { $0.strategy == mutant.name && $0.operation == operation.rawValue })
        #expect(!wrong.correct)
        // The cell says which answer was wrong, to which input, as the JSON keeps it.
        let aspect: StepDisagreement.Aspect = [.rowAtRandom: .rows, .indexOfRandom: .index][operation] ?? .heights
        #expect(wrong.disagreement?.aspect == aspect && wrong.disagreementStep?.hasPrefix("input ") == true, "\(wrong)")
        let reread = try BenchmarkResult(json: wrong.json)
        #expect(reread.disagreement == wrong.disagreement && reread.wrongSummary == wrong.wrongSummary && wrong.wrongSummary != nil)
        #expect(results.filter { $0.strategy == ReferenceStrategy.name }.allSatisfy { $0.correct && $0.disagreement == nil })
    }

    /// Range-counts whose toggle reports no change: its rows are right, its diff is not.
    struct SilentToggle: ForwardingStrategy {
        static var name: String { "silent-toggle" }
        var base: RangeCountsStrategy
        init(base: RangeCountsStrategy) { self.base = base }
        mutating func toggle(_ node: NodeIndex) -> RowDiff {
            _ = base.toggle(node)
            return .empty
        }
    }

    /// A wrong diff names the broken clause and the toggle it came from, in the table's line,
    /// the JSON and a comparison's note; a file without it still reads.
    @Test func aWrongDiffIsNamedWithItsInput() throws {
        let runner = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom], repetitions: 8, warmup: 1),
                                     strategies: [ReferenceStrategy.self, SilentToggle.self], allocations: nil)
        let wrong = try #require(runner.run(corpus: "random", tree: Self.tree).first { $0.strategy == SilentToggle.name })
        let summary = try #require(wrong.wrongSummary, "\(wrong)")
        #expect(wrong.disagreement?.aspect == .diff || wrong.disagreement?.aspect == .rowCount, "\(summary)")
        #expect(summary.hasPrefix("input ") && summary.contains("(toggle #"), "\(summary)")
        let entry = wrong.json
        #expect(entry["wrong"]?["aspect"] == .string(wrong.disagreement!.aspect.rawValue))
        // An entry of a version that did not keep it reads as wrong, without a reason.
        guard case .object(let members) = entry else {
            Issue.record("not an object: \(entry)")
            return
        }
        let old = try BenchmarkResult(json: .object(members.filter { $0.0 != "wrong" }))
        #expect(!old.correct && old.disagreement == nil && old.wrongSummary == nil)
        // One this version cannot read is refused by name.
        let unknown = JSONValue.object(members.map { $0.0 == "wrong" ? ("wrong", .object([("aspect", .string("telepathy")), ("detail", .string("?"))])) : $0 })
        #expect(throws: BenchmarkResult.JSONProblem.self) { try BenchmarkResult(json: unknown) }
    }
}

extension BenchmarkCheckTests {
    /// A wrong or crashed cell names its input in TreeOperation's words: the top level as such.
    @Test func inputsAreNamedAsOperationsAre() {
        #expect(BenchmarkInput.insert("x", under: NodeIndex(3), at: 0).description == "insert x under #3 at 0")
        #expect(BenchmarkInput.insert("y", under: Tree.root, at: 2).description == "insert y under top level at 2")
        #expect(BenchmarkInput.page(["a", "b"], under: Tree.root, before: NodeIndex(9)).description == "a page of 2 under top level before #9")
        #expect(TreeOperation.insert("y", under: Tree.root, at: 2).description == "insert y under top level at 2")
    }

    /// A wrong query's answer is kept with the two values, in the result and its JSON.
    @Test func aWrongIndexKeepsBothValues() throws {
        let runner = BenchmarkRunner(configuration: .init(workloads: [.indexOfRandom], repetitions: 8, warmup: 1),
                                     strategies: [ReferenceStrategy.self, OffByOneIndex.self], allocations: nil)
        let wrong = try #require(runner.run(corpus: "random", tree: Self.tree).first { $0.strategy == OffByOneIndex.name })
        let disagreement = try #require(wrong.disagreement, "\(wrong)")
        let expected = try #require(disagreement.expected.flatMap { Int($0) }, "\(disagreement)")
        #expect(disagreement.aspect == .index && disagreement.found == String(expected + 1), "\(disagreement)")
        let read = try BenchmarkResult(json: wrong.json)
        #expect(read.disagreement == disagreement && read.disagreementStep == wrong.disagreementStep)
    }
}

/// Range-counts taking at least 20 ms a toggle, counting its toggles.
struct SlowToggles: ForwardingStrategy {
    static let toggles = Mutex(0)
    static var name: String { "slow-toggles" }
    var base: RangeCountsStrategy
    init(base: RangeCountsStrategy) { self.base = base }
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        Self.toggles.withLock { $0 += 1 }
        Thread.sleep(forTimeInterval: 0.02)
        return base.toggle(node)
    }
}

extension BenchmarkCheckTests {
    @Test("A strategy whose warm-up outlasts the budget stops warming up and is timed")
    func warmUpStopsAtTheBudget() throws {
        let runner = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom], repetitions: 10, warmup: 5, budget: .milliseconds(30)),
                                     strategies: [SlowToggles.self], allocations: nil)
        let result = try #require(runner.run(corpus: "random", tree: Self.tree).first)
        #expect(result.samples >= 1 && result.correct)
        // At most two warm-up toggles (40 ms passes the 30 ms budget) and two timed ones, then
        // the fresh pass's two warm-up and four verified toggles: 10. All five warm-up
        // toggles would make at least 12 (slower toggles only make fewer).
        let toggles = SlowToggles.toggles.withLock { $0 }
        #expect(toggles <= 10, "\(toggles) toggles")
    }
}
