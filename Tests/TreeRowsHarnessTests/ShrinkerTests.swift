import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// A strategy whose toggle and expand change the tree but report no rows: `collapse` is
/// right, so `collapse a, expand a` fails only at its second operation, until the
/// shrinker simplifies `collapse a` to `toggle a`, which fails at once.
private struct SilentToggleStrategy: ForwardingStrategy {
    static var name: String { "silent-toggle" }
    var base: ReferenceStrategy
    init(base: ReferenceStrategy) { self.base = base }
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        _ = base.toggle(node)
        return .empty
    }
    mutating func expand(_ node: NodeIndex) -> RowDiff {
        _ = base.expand(node)
        return .empty
    }
    mutating func collapse(_ node: NodeIndex) -> RowDiff { base.collapse(node) }
}

@Suite struct ShrinkerTests {
    /// Regression: simplifying the first of two operations made the case fail at that
    /// operation, the case was cut to one operation, and the loop went on at index 1
    /// (`Shrinker.swift:54`, index out of range).
    @Test func simplifyingAnOperationThatCutsTheCaseDoesNotTrap() throws {
        let fuzzCase = FuzzCase(
            nodes: [.init(id: "a", parent: nil, isExpanded: true), .init(id: "b", parent: "a", isExpanded: true)],
            operations: [.collapse("a"), .expand("a")])
        let found = try #require(DifferentialRun.firstDisagreement(fuzzCase, strategies: [SilentToggleStrategy.self]))
        #expect(found.operationIndex == 1)
        let (shrunk, disagreement) = try #require(Shrinker.shrink(fuzzCase, strategy: SilentToggleStrategy.self))
        #expect(shrunk.operations.count == 1)
        #expect(disagreement.operationIndex == 0)
        #expect(DifferentialRun.firstDisagreement(shrunk, strategies: [SilentToggleStrategy.self]) != nil)
    }

    /// A shrunk case replays strictly: the candidates' operations on dropped nodes are gone
    /// and clamped positions are written as they acted (a node the shrinker drops leaves an
    /// insert under it and a toggle of it behind).
    @Test func shrunkCasesReplayStrictly() throws {
        let mutant = try #require(Mutants.all.first { $0.name == "mutant-expand-inserts-only-children" })
        let fuzzCase = FuzzCase(
            nodes: [.init(id: "a", parent: nil, isExpanded: true), .init(id: "b", parent: "a", isExpanded: true),
                    .init(id: "c", parent: "b", isExpanded: true), .init(id: "d", parent: nil, isExpanded: true)],
            operations: [.insert("x", under: "d", at: 9), .toggle("d"), .toggle("a"), .toggle("a"), .toggle("d")])
        let (shrunk, disagreement) = try #require(Shrinker.shrink(fuzzCase, strategy: mutant))
        let replayed = try DifferentialRun.replay(shrunk, strategies: [mutant])
        #expect(replayed?.operationIndex == disagreement.operationIndex, "\(shrunk.operations)")
        for operation in shrunk.operations {
            if case .insert(_, _, let position, _, _) = operation { #expect(position == 0) }
        }
    }

    /// A page's ids shrink like any list: of ten replies, the one a later insert goes
    /// under is kept (the expand bug needs a grandchild), the other nine go.
    @Test func pageIDsShrinkToTheOneThatMatters() throws {
        let mutant = try #require(Mutants.all.first { $0.name == "mutant-expand-inserts-only-children" })
        let page = (0..<10).map { NodeID.string("p\($0)") }
        let fuzzCase = FuzzCase(
            nodes: [.init(id: "a", parent: nil, isExpanded: true)],
            operations: [.loadPage(page, under: "a", before: nil, removingLoadMoreRow: false), .insert("x", under: "p7", at: 0),
                         .toggle("a"), .toggle("a")])
        try #require(DifferentialRun.firstDisagreement(fuzzCase, strategies: [mutant]) != nil)
        let (shrunk, _) = try #require(Shrinker.shrink(fuzzCase, strategy: mutant))
        guard case .loadPage(let ids, _, _, _)? = shrunk.operations.first else {
            Issue.record("the page went: \(shrunk.operations)")
            return
        }
        #expect(ids == ["p7"])
    }
}
