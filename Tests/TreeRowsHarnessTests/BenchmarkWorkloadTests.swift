import Testing
import TreeRows
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// Each benchmark operation checks what it times: its timed loop and the change its
/// verified samples perform leave a strategy in the same state, with the same tree as the
/// change applied to a bare tree. An operation whose two halves drift apart (a timed loop
/// that sorts by another order, inserts elsewhere, forgets the page, or changes rows while
/// giving no change to check) fails here by name.
@Suite struct BenchmarkWorkloadTests {
    static let tree = TreeShapes.random(400, seed: 21, collapsedPercent: 15)

    /// A thread with pages not yet loaded loads its pages at its own load-more rows (top-level
    /// ones too), and every strategy stays correct doing it.
    @Test func loadPageUsesTheThreadsOwnLoadMoreRows() throws {
        var tree = Self.tree
        let rows = [try tree.append("more-top", under: Tree.root), try tree.append("more-x", under: tree.nodes[7])]
        let cell = BenchmarkTree(tree: tree, live: tree.nodes, rowCount: ReferenceStrategy.walk(tree).count, totalHeight: 0, loadMoreRows: rows)
        var random = SplitMix64(seed: 5)
        let inputs = BenchmarkWorkload.loadPage.body.inputs(on: cell, count: 40, random: &random)
        var used = Set<NodeIndex>()
        for input in inputs {
            guard case let .page(ids, parent, before) = input else {
                Issue.record("not a page: \(input)")
                continue
            }
            #expect(rows.contains(before) && parent == tree.parent(of: before) && ids.count == 10)
            used.insert(before)
        }
        #expect(used == Set(rows))
        let runner = BenchmarkRunner(configuration: .init(workloads: [.loadPage], repetitions: 8, warmup: 1),
                                     strategies: BuiltinStrategies.all, allocations: nil)
        let results = runner.run(corpus: "paged", tree: tree, loadMoreRows: ["more-top", "more-x"])
        #expect(results.count == BuiltinStrategies.all.count && results.allSatisfy(\.correct), "\(results.filter { !$0.correct }.map(\.strategy))")
        // The cells say so, in the JSON too; an operation with inputs of its own does not.
        #expect(results.allSatisfy { $0.threadPages == 2 })
        #expect(try results.allSatisfy { try BenchmarkResult(json: $0.json).threadPages == 2 })
        let others = BenchmarkRunner(configuration: .init(workloads: [.toggleRandom, .loadPageSectioned], repetitions: 8, warmup: 1),
                                     strategies: [PreorderBTreeStrategy.self], allocations: nil)
            .run(corpus: "paged", tree: tree, loadMoreRows: ["more-top", "more-x"])
        #expect(others.map(\.threadPages) == [0, 2])
    }

    @Test("The timed loop and the checked change agree", arguments: BenchmarkWorkload.allCases)
    func timedLoopMakesTheCheckedChange(_ operation: BenchmarkWorkload) {
        let body = operation.body
        let cell = BenchmarkTree(tree: Self.tree, live: Self.tree.nodes, rowCount: ReferenceStrategy.walk(Self.tree).count,
                                 totalHeight: 0)
        var random = SplitMix64(seed: 5)
        let inputs = body.inputs(on: cell, count: 12, random: &random)
        #expect(inputs.count == 12)
        var timed = SubtreeSpliceStrategy(tree: Self.tree)
        var checked = SubtreeSpliceStrategy(tree: Self.tree)
        var bare = Self.tree
        if let preparation = body.preparation {
            _ = try? timed.perform(preparation)
            _ = try? checked.perform(preparation)
            try? bare.apply(preparation)
        }
        for (index, input) in inputs.enumerated() {
            _ = body.perform(inputs[index...index], on: &timed, tree: Self.tree)
            guard let change = body.change(for: input) else { continue }
            #expect(throws: Never.self) { _ = try checked.perform(change) }
            #expect(throws: Never.self) { try bare.apply(change) }
        }
        // An operation that gives no change (a query, a build) must leave the strategy as it
        // was: the comparisons below then hold `timed` to the untouched `checked`.
        let sameRows = timed.rows(in: 0..<timed.rowCount) == checked.rows(in: 0..<checked.rowCount)
        #expect(sameRows, "\(operation): the timed loop and the checked change leave different rows")
        #expect(StepCheck.checkTree(timed.tree, reference: checked.tree) == nil, "\(operation)")
        #expect(StepCheck.checkTree(checked.tree, reference: bare) == nil, "\(operation)")
    }
}
