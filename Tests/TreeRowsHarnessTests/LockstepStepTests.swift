import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// The one lock-step step names the part of the contract a strategy broke, at every depth
/// that checks it.
@Suite struct LockstepStepTests {
    static let tree = TreeShapes.random(60, seed: 4, collapsedPercent: 0)

    /// Performs `operation` on the reference and on `strategy`, and steps `strategy`.
    static func step<S: RowStrategy>(_ strategy: inout S, _ operation: TreeOperation, depth: LockstepStep.Depth) -> StepDisagreement? {
        var reference = ReferenceStrategy(tree: Self.tree)
        let oldRows = reference.rows
        let referenceDiff = try! reference.perform(operation)
        var expectation = StepExpectation(oldRows: oldRows, newRows: reference.rows, tree: reference.tree,
                                          referenceDiff: referenceDiff, sampleSeed: 1)
        return LockstepStep.perform(operation, on: &strategy, expecting: &expectation, depth: depth).disagreement
    }

    @Test("A wrong reload is a reloads disagreement", arguments: [LockstepStep.Depth.diff, .rows, .sampled, .deep, .full])
    func wrongReload(depth: LockstepStep.Depth) throws {
        var strategy = WrongReload(base: RangeCountsStrategy(tree: Self.tree))
        let node = try #require(Self.tree.nodes.last)
        #expect(Self.step(&strategy, .reload(node), depth: depth)?.aspect == .reloads)
    }

    @Test("A collapse range one row short is a diff disagreement", arguments: [LockstepStep.Depth.diff, .rows, .full])
    func shortCollapse(depth: LockstepStep.Depth) throws {
        var strategy = ShortCollapse(base: SubtreeSpliceStrategy(tree: Self.tree))
        let parent = try #require(Self.tree.nodes.max { Self.tree.childCount(of: $0) < Self.tree.childCount(of: $1) })
        #expect(Self.step(&strategy, .toggle(parent), depth: depth)?.aspect == .diff)
    }

    @Test("A strategy that throws where the reference did not is a threw disagreement")
    func throwing() {
        var strategy = RefusesInserts(base: FullRebuildStrategy(tree: Self.tree))
        let disagreement = Self.step(&strategy, .insert(.string("new"), under: Tree.root, at: 0), depth: .full)
        #expect(disagreement?.aspect == .threw && disagreement?.detail.contains("threw") == true, "\(String(describing: disagreement))")
    }

    @Test("A wrong reload carries the reference's reloads and the strategy's as the two values")
    func wrongReloadValues() throws {
        var strategy = WrongReload(base: RangeCountsStrategy(tree: Self.tree))
        let node = try #require(Self.tree.nodes.last)
        let wrong = try #require(Self.step(&strategy, .reload(node), depth: .diff))
        #expect(wrong.expected != nil && wrong.found != nil && wrong.expected != wrong.found, "\(wrong)")
        #expect(wrong.detail.contains(wrong.expected!) && wrong.detail.contains(wrong.found!), "\(wrong)")
    }

    @Test("An index(of:) one too far is an index disagreement with both rows", arguments: [LockstepStep.Depth.sampled, .deep, .full])
    func offByOneIndex(depth: LockstepStep.Depth) throws {
        var strategy = OffByOneIndex(base: PreorderBTreeStrategy(tree: Self.tree))
        let node = try #require(Self.tree.nodes.first)
        let wrong = try #require(Self.step(&strategy, .toggle(node), depth: depth))
        #expect(wrong.aspect == .index, "\(wrong)")
        let expected = try #require(wrong.expected.flatMap { Int($0) }, "\(wrong)")
        #expect(wrong.found == String(expected + 1), "\(wrong)")
    }

    @Test("A throw has no two values to compare")
    func throwingHasNoValues() {
        var strategy = RefusesInserts(base: FullRebuildStrategy(tree: Self.tree))
        let disagreement = Self.step(&strategy, .insert(.string("new"), under: Tree.root, at: 0), depth: .full)
        #expect(disagreement?.expected == nil && disagreement?.found == nil, "\(String(describing: disagreement))")
    }

    @Test("A right strategy passes every depth", arguments: [LockstepStep.Depth.diff, .rows, .sampled, .deep, .full])
    func rightStrategy(depth: LockstepStep.Depth) throws {
        var strategy = PreorderBTreeStrategy(tree: Self.tree)
        let node = try #require(Self.tree.nodes.first)
        #expect(Self.step(&strategy, .toggle(node), depth: depth) == nil)
    }
}

/// A deliberately wrong strategy: every insert throws, valid or not.
struct RefusesInserts: ForwardingStrategy {
    static let name = "refuses-inserts"
    var base: FullRebuildStrategy
    mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        throw .reservedValue
    }
}

/// A deliberately wrong strategy: `index(of:)` answers one row too far for every row.
struct OffByOneIndex: ForwardingStrategy {
    static let name = "off-by-one-index"
    var base: PreorderBTreeStrategy
    func index(of node: NodeIndex) -> Int? { base.index(of: node).map { $0 + 1 } }
}
