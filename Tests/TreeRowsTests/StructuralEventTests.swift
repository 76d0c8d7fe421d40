import Testing
import TreeRows
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// Strategies report their structural events, the session sums them, and the fuzzer's
/// steering and region-churn cases use them.
@Suite struct StructuralEventTests {
    /// A tree of `count` top-level nodes.
    static func flatTree(_ count: Int) -> Tree {
        var tree = Tree()
        for index in 0..<count { _ = try! tree.insert(.integer(Int64(index)), under: Tree.root, at: index) }
        return tree
    }

    @Test func preorderBTreeReportsSplitsRootGrowthFreedNodesAndShrinking() throws {
        var strategy = PreorderBTreeStrategy(tree: Self.flatTree(10))
        #expect(strategy.structuralEvents.isEmpty)
        let region = NodeIndex(10)
        let regionID = strategy.tree.id(of: region)
        // 3,000 replies in one place: leaves split, their parent splits, the root grows twice.
        for page in 0..<30 {
            let ids = (0..<100).map { NodeID.string("p\(page)-\($0)") }
            _ = try strategy.loadPage(ids, under: region, before: nil, removingLoadMoreRow: false)
        }
        let grown = strategy.structuralEvents
        #expect(grown[StructuralEvent("leaf split"), default: 0] >= 40)
        #expect(grown[StructuralEvent("inner split", level: 1), default: 0] >= 1)
        #expect(grown[StructuralEvent("root grew", level: 1)] == 1)
        #expect(grown[StructuralEvent("root grew", level: 2)] == 1)
        // The counts survive a sort, which lays the B-tree out again.
        _ = strategy.sortSiblings(by: SiblingOrder.all[0], reportingMoves: true)
        #expect(strategy.structuralEvents == grown)
        // Cutting the region (the last top-level node) out frees whole leaves and inner
        // nodes; the root, left with one child, gives way.
        _ = strategy.remove(strategy.tree.index(of: regionID)!)
        let cut = strategy.structuralEvents
        #expect(cut[StructuralEvent("node freed", level: 0), default: 0] >= 40)
        #expect(cut[StructuralEvent("node freed", level: 1), default: 0] >= 1)
        #expect(cut[StructuralEvent("root shrank", level: 1)] == 1)
        #expect(cut[StructuralEvent("root shrank", level: 0)] == 1)
    }

    @Test func preorderBTreeReportsPackingAfterScatteredRemovals() throws {
        var strategy = PreorderBTreeStrategy(tree: Self.flatTree(4_000))
        // Seven nodes of every eight, one by one: each leaf keeps an eighth.
        for index in 0..<4_000 where index % 8 != 0 { _ = strategy.remove(strategy.tree.index(of: .integer(Int64(index)))!) }
        #expect(strategy.structuralEvents[StructuralEvent("leaves packed"), default: 0] >= 1)
    }

    @Test func preorderSegmentsReportsLayoutsAndRewrites() throws {
        var strategy = PreorderSegmentsStrategy(tree: Self.flatTree(40))
        #expect(strategy.structuralEvents.isEmpty)
        _ = try strategy.insert(.string("new"), under: NodeIndex(3), at: 0, time: nil, score: nil)
        _ = strategy.remove(NodeIndex(7))
        _ = try strategy.insert(.string("newer"), under: Tree.root, at: 0, time: nil, score: nil)
        _ = strategy.expandAll()
        let events = strategy.structuralEvents
        #expect(events[StructuralEvent("layout")] == 1)
        #expect(events[StructuralEvent("layout dropping removed positions")] == 1)
        #expect(events[StructuralEvent("counters rewritten")] == 1)
    }

    @Test func strategiesWithoutEventsReportNone() {
        #expect(MinimalStrategy(tree: Self.flatTree(3)).structuralEvents.isEmpty)
    }

    @Test func tallyTakesACountThatWentDownAsARebuild() {
        var tally = StructuralEventTally()
        let split = StructuralEvent("leaf split")
        tally.read([split: 3])
        tally.read([split: 5])
        #expect(tally.totals == [split: 5])
        tally.read([split: 1])
        #expect(tally.totals == [split: 6])
        tally.read([:])
        #expect(tally.totals == [split: 6])
    }

    @Test func eventsAreOrderedByNameThenLevel() {
        let sorted = [StructuralEvent("root grew", level: 10), StructuralEvent("leaf split"), StructuralEvent("root grew", level: 2)].sorted()
        #expect(sorted.map(\.description) == ["leaf split", "root grew at level 2", "root grew at level 10"])
    }

    @Test func steeringFavoursTheArmThatYieldsTheRarestEvent() {
        var steering = EventSteering()
        let common = RegionChurn(mix: .grow, band: 0), rare = RegionChurn(mix: .cut, band: 2)
        var random = SplitMix64(seed: 7)
        // Every arm is tried once first, in order.
        for arm in RegionChurn.all {
            #expect(steering.choose(using: &random) == arm)
            steering.record(arm == rare ? ["events · s · rare": 1, "events · s · common": 1] : ["events · s · common": 5], churn: arm,
                            work: 10)
        }
        #expect(common != rare)
        let picks = (0..<2_000).map { _ in steering.choose(using: &random) }
        // Three picks in four are drawn by worth: the rare event's arm is worth (1/2 + 1/52) per
        // unit of work against 5/52 for each of the other ten, so it takes about 26% of all
        // picks and each other arm about 5%; the quarter left goes to the arm tried least.
        let share = { (arm: RegionChurn) in Double(picks.filter { $0 == arm }.count) / Double(picks.count) }
        #expect(share(rare) > 0.22 && share(rare) < 0.32, "\(share(rare))")
        for arm in RegionChurn.all where arm != rare && arm != RegionChurn.all[0] { #expect(share(arm) < share(rare) / 3, "\(arm)") }
    }

    @Test func steeringWeighsYieldsByWork() {
        var steering = EventSteering()
        let long = RegionChurn(mix: .growThenDrain, band: 0), short = RegionChurn(mix: .grow, band: 0)
        for arm in RegionChurn.all {
            // The long arm yields twice as many per case, for a hundred times the work.
            let events = arm == long ? ["events · s · rare": 2] : arm == short ? ["events · s · rare": 1] : ["events · s · common": 5]
            steering.record(events, churn: arm, work: arm == long ? 4_000 : 40)
        }
        var random = SplitMix64(seed: 3)
        let picks = (0..<400).map { _ in steering.choose(using: &random) }
        #expect(picks.filter { $0 == short }.count > picks.filter { $0 == long }.count * 4)
    }

    @Test func aChurnCaseIsDrawnAgainFromItsIdentity() {
        let fuzzer = Fuzzer(configuration: .init(seed: 11), strategies: [], recorded: [])
        var streams = fuzzer.streams()
        let churn = RegionChurn(mix: .growThenDrain, band: 0)
        let drawn = fuzzer.draw(.large, caseNumber: 1, churn: churn, from: &streams)
        #expect(drawn.scenario == .regionChurn && drawn.identity.churn == churn)
        let first = fuzzer.regenerate(drawn.identity, through: 400)
        let second = fuzzer.regenerate(drawn.identity, through: 400)
        #expect(first.scenario == .regionChurn)
        #expect(first.fuzzCase.operations.count == 401)
        #expect(first.fuzzCase.operations == second.fuzzCase.operations)
        #expect(first.fuzzCase.nodes == second.fuzzCase.nodes)
        // Pages and removals: the case churns.
        let pages = first.fuzzCase.operations.filter { if case .loadPage = $0 { true } else { false } }
        #expect(pages.count > 20)
    }
}
