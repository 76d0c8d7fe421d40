import Synchronization
import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// Every strategy equals the reference after every operation of seeded random sequences
/// on several tree shapes; every diff passes the validator and applying it to the old rows
/// gives the new rows. A failure names shape, seed and strategy; replay with the same seed.
@Suite struct LockstepTests {
    static let seeds: [UInt64] = [1, 2, 3, 42, 2026]

    @Test("Checker: all strategies agree with the reference", arguments: TreeShapes.all, seeds)
    func checkerFindsNoDisagreement(shape: TreeShapes.Shape, seed: UInt64) {
        var checker = LockstepChecker(tree: shape.tree, strategies: BuiltinStrategies.all + BuiltinStrategies.variants, seed: seed,
                                      fullCheckInterval: 1)
        let reports = checker.run(operations: 300)
        for report in reports {
            #expect(report.operations == 300)
            #expect(report.disagreements == 0, "shape \(shape.name), seed \(seed), \(report.strategy): \(report.messages)")
        }
    }

    @Test("Step by step: normalized diffs, one range per expand or collapse",
          arguments: BuiltinStrategies.names + BuiltinStrategies.variants.map { $0.name }, seeds)
    func stepByStep(strategy: String, seed: UInt64) {
        for shape in TreeShapes.all {
            var subject = BuiltinStrategies.named(strategy)!.init(tree: shape.tree)
            var reference = ReferenceStrategy(tree: shape.tree)
            var generator = FuzzOperationGenerator(seed: seed)
            for step in 0..<150 {
                let operation = generator.next(for: reference)
                generator.performed(operation, on: reference.tree)
                let context = "shape \(shape.name), seed \(seed), step \(step)"
                let diff = StrategyExpectations.step(&subject, &reference, operation, context)
                switch operation {
                case .toggle, .expand, .collapse, .collapseRecursively:
                    #expect(diff.deletions.count + diff.insertions.count <= 1, "\(context): \(operation) gave \(diff)")
                    #expect(diff.moves.isEmpty && diff.reloads.isEmpty)
                default: break
                }
            }
        }
    }

    @Test("The checker catches a strategy whose collapse range is one row short")
    func checkerCatchesAMutant() {
        var checker = LockstepChecker(tree: TreeShapes.random(150, seed: 11), strategies: [ShortCollapse.self], seed: 1)
        let reports = checker.run(operations: 300)
        #expect(reports[1].strategy == ShortCollapse.name)
        #expect(reports[1].disagreements > 0)
        #expect(reports[1].messages.first?.contains("diff") == true)
    }
}

extension LockstepTests {
    @Test("The checker catches a strategy that reloads the wrong row")
    func checkerCatchesAWrongReload() {
        var checker = LockstepChecker(tree: TreeShapes.random(150, seed: 11), strategies: [WrongReload.self], seed: 1)
        let reports = checker.run(operations: 300)
        #expect(reports[1].disagreements > 0)
        #expect(reports[1].messages.first?.contains("reloads") == true)
    }
}

/// `check` draws what `fuzz` draws, and probes offsets inside rows: it catches a page placed
/// by the order before a sort and a `row(atOffset:)` wrong only at a row's midpoint, which
/// a generator of toggles and edits, probing row edges, never met.
@Suite struct LockstepDrawTests {
    @Test func everyOperationKindIsDrawn() {
        var checker = LockstepChecker(tree: TreeShapes.random(150, seed: 11), strategies: [], seed: 1)
        let kinds = Set(checker.run(operations: 2_000)[0].timings.keys)
        #expect(Set(OperationKind.allCases.map(\.rawValue)).subtracting(kinds).isEmpty, "drawn: \(kinds.sorted())")
    }

    @Test(arguments: ["mutant-page-after-sort-misplaced", "mutant-row-at-offset-midpoint"])
    func checkCatches(_ name: String) throws {
        let mutant = try #require(Mutants.parameter.first { $0.name == name })
        var checker = LockstepChecker(tree: TreeShapes.random(150, seed: 11), strategies: [mutant], seed: 1)
        let reports = checker.run(operations: 2_000)
        #expect(reports[1].disagreements > 0, "\(name) survived 2,000 operations")
    }
}

/// A deliberately wrong strategy: every reload names row 0.
struct WrongReload: ForwardingStrategy {
    static let name = "wrong-reload"
    var base: RangeCountsStrategy
    mutating func reload(_ node: NodeIndex) -> RowDiff { rowCount > 0 ? RowDiff(reloads: [0..<1]) : .empty }
}

/// A deliberately wrong strategy: its collapse diffs leave out the last hidden row.
struct ShortCollapse: ForwardingStrategy {
    static let name = "short-collapse"
    var base: SubtreeSpliceStrategy
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        var diff = base.toggle(node)
        if let range = diff.deletions.first, range.count > 1 {
            diff.deletions = [range.lowerBound..<range.upperBound - 1]
        }
        return diff
    }
}

/// A full-rebuild strategy (linear `index(of:)`) that counts its lookups.
struct CountingLookups: ForwardingStrategy {
    static let name = "counting-lookups"
    static let lookups = Atomic<Int>(0)
    var base: FullRebuildStrategy
    init(base: FullRebuildStrategy) { self.base = base }
    func index(of node: NodeIndex) -> Int? {
        Self.lookups.add(1, ordering: .relaxed)
        return base.index(of: node)
    }
}

/// `check`'s full check on a big tree is the sampled deep check: a lookup per row would
/// make it quadratic with a linear `index(of:)` (21 minutes without an answer on the
/// recorded forest).
@Suite struct LockstepCostTests {
    @Test func fullChecksOnBigTreesMakeNoLookupPerRow() {
        let tree = TreeShapes.random(5_000, seed: 3, collapsedPercent: 0)
        var checker = LockstepChecker(tree: tree, strategies: [CountingLookups.self], seed: 1, fullCheckInterval: 1)
        let reports = checker.run(operations: 10)
        #expect(reports.allSatisfy { $0.disagreements == 0 }, "\(reports.flatMap(\.messages))")
        let lookups = CountingLookups.lookups.load(ordering: .relaxed)
        #expect(lookups < 10 * 1_000, "\(lookups) lookups in 10 operations on \(tree.nodeCount) nodes")
    }
}
