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
}
