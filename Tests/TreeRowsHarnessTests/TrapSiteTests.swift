import Testing
import TreeRows
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// A strategy that traps when it toggles a node of three or more children: at one place
/// when the node is expanded, at another when it is collapsed.
private struct TrapsOnBusyToggle: ForwardingStrategy {
    static var name: String { "traps-on-busy-toggle" }
    var base: ReferenceStrategy
    init(base: ReferenceStrategy) { self.base = base }
    mutating func toggle(_ node: NodeIndex) -> RowDiff {
        if tree.isExpanded(node) {
            precondition(tree.childCount(of: node) < 3, "an expanded node")
        } else {
            precondition(tree.childCount(of: node) < 3, "a collapsed node")
        }
        return base.toggle(node)
    }
}

/// A shrinker's candidates that crash are told apart by where they trapped (``TrapSite``),
/// read in the child at once, instead of by the backtracer's names: the same place in
/// every run, another place for another precondition, and a shrunk case that the backtracer
/// then finds crashing exactly as the whole case did.
@Suite struct TrapSiteTests {
    /// Ten top-level nodes of 20 replies each, the last collapsed.
    static let nodes: [FuzzCase.Node] = (0..<10).flatMap { top in
        [FuzzCase.Node(id: NodeID.string("t\(top)"), parent: nil, isExpanded: top < 9)]
            + (0..<20).map { FuzzCase.Node(id: NodeID.string("t\(top)r\($0)"), parent: NodeID.string("t\(top)"), isExpanded: true) }
    }

    @Test(.linuxOnly("the trap report is read from /proc and the GNU C library's unwinder")) func aTrapHasOneSiteAndAnotherTrapAnother() throws {
        let run = try IsolatedRun(limits: .standard)
        let expanded = FuzzCase(nodes: Self.nodes, operations: [.toggle("t0r3"), .toggle("t2")])
        let collapsed = FuzzCase(nodes: Self.nodes, operations: [.toggle("t9")])
        let first = run.runReportingTrap(expanded, strategies: [TrapsOnBusyToggle.self])
        guard case .failure(let failure) = first.result else {
            Issue.record("expected a trap, got \(first.result)")
            return
        }
        #expect(failure.crash?.kind == .trap)
        #expect(failure.operationIndex == 1)
        let site = try #require(first.site)
        #expect(run.runReportingTrap(expanded, strategies: [TrapsOnBusyToggle.self]).site == site)
        let other = try #require(run.runReportingTrap(collapsed, strategies: [TrapsOnBusyToggle.self]).site)
        #expect(other != site)
        // A case that passes, or fails without a crash, has no site.
        let passing = FuzzCase(nodes: Self.nodes, operations: [.toggle("t0r3")])
        #expect(run.runReportingTrap(passing, strategies: [TrapsOnBusyToggle.self]).site == nil)
    }

    @Test(.linuxOnly("the trap report is read from /proc and the GNU C library's unwinder")) func aTrapShrinksBySiteToTheSameCrash() throws {
        let run = try IsolatedRun(limits: .standard)
        let operations: [FuzzOperation] = (0..<10).flatMap { top in
            (0..<4).map { FuzzOperation.toggle(NodeID.string("t\(top)r\($0)")) }
        } + [.toggle("t4")] + (0..<4).map { .toggle(NodeID.string("t5r\($0)")) }
        let whole = FuzzCase(nodes: Self.nodes, operations: operations)
        guard case .failure(let found) = run.run(whole, strategies: [TrapsOnBusyToggle.self], strictly: false) else {
            Issue.record("the whole case does not crash")
            return
        }
        #expect(found.crash?.kind == .trap)
        let (small, failure) = run.shrink(whole, failing: found, strategies: [TrapsOnBusyToggle.self], timeLimit: .seconds(60))
        // The node toggled, three of its replies, and the toggle.
        #expect(small.nodes.count + small.operations.count <= 5, "\(small)")
        #expect(failure.crash?.signature == found.crash?.signature)
        #expect(run.runReportingTrap(small, strategies: [TrapsOnBusyToggle.self]).site
                == run.runReportingTrap(whole, strategies: [TrapsOnBusyToggle.self]).site)
    }
}
