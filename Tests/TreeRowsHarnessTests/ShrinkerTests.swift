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

/// A strategy that reports no rows for a toggle on a thread of at most three rows, and is
/// right on larger ones: its case of four rows passes, every candidate of two rows fails.
/// It stands for a flaky failure that was seen on a case and then passed its rerun.
private struct SilentOnSmallThreads: ForwardingStrategy {
    static var name: String { "silent-on-small-threads" }
    var base: ReferenceStrategy
    init(base: ReferenceStrategy) { self.base = base }
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        let small = base.rowCount <= 3
        let diff = base.toggle(node)
        return small ? .empty : diff
    }

    /// `a` with its reply `b`, and two more threads; the case toggles `a`.
    static let whole = FuzzCase(
        nodes: [.init(id: "a", parent: nil, isExpanded: true), .init(id: "b", parent: "a", isExpanded: true),
                .init(id: "c", parent: nil, isExpanded: true), .init(id: "d", parent: nil, isExpanded: true)],
        operations: [.toggle("a")])

    /// The failure seen on ``whole`` (as a flaky one would be), taken from its two-row part.
    static func seenFailure() throws -> Disagreement {
        var part = whole
        part.nodes.removeLast(2)
        return try #require(DifferentialRun.firstDisagreement(part, strategies: [Self.self]))
    }
}

@Suite struct ShrinkerTests {
    /// A failure the caller just saw is not run again first: a flaky one could pass that
    /// run and end the shrinking before it starts, leaving the case whole.
    @Test func aKnownFailureIsNotRunAgainFirst() throws {
        let seen = try SilentOnSmallThreads.seenFailure()
        #expect(DifferentialRun.firstDisagreement(SilentOnSmallThreads.whole, strategies: [SilentOnSmallThreads.self]) == nil)
        let failure: (FuzzCase) -> Disagreement? = { DifferentialRun.firstDisagreement($0, strategies: [SilentOnSmallThreads.self]) }
        #expect(Shrinker.shrink(SilentOnSmallThreads.whole, timeLimit: .seconds(10), failure: failure) == nil)
        let (shrunk, disagreement) = try #require(
            Shrinker.shrink(SilentOnSmallThreads.whole, timeLimit: .seconds(10), known: seen, failure: failure))
        #expect(shrunk.nodes.map(\.id) == ["a", "b"] && shrunk.operations == [.toggle("a")], "\(shrunk)")
        #expect(DifferentialRun.firstDisagreement(shrunk, strategies: [SilentOnSmallThreads.self]) == disagreement)
    }

    /// The same through children: a failure seen once and passing its rerun in a child is
    /// still shrunk, against the candidates' own runs.
    @Test func aFailureSeenOnceIsShrunkInChildren() throws {
        let run = try IsolatedRun(limits: .standard)
        let seen = try SilentOnSmallThreads.seenFailure()
        guard case .pass = run.run(SilentOnSmallThreads.whole, strategies: [SilentOnSmallThreads.self], strictly: false) else {
            Issue.record("the whole case does not pass in a child")
            return
        }
        let (small, failure) = run.shrink(SilentOnSmallThreads.whole, failing: seen, strategies: [SilentOnSmallThreads.self],
                                          timeLimit: .seconds(30))
        #expect(small.nodes.map(\.id) == ["a", "b"] && small.operations == [.toggle("a")], "\(small)")
        #expect(failure.operationIndex == 0 && failure.crash == nil, "\(failure)")
    }

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
