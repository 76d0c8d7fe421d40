import Testing
import TreeRows
@testable import TreeRowsHarness

/// The fuzzer sizes a large case to each strategy's measured speed: a slow strategy gets the
/// same draw smaller, a fast one keeps the scenario's size.
struct CaseSizingTests {
    static let toggle = OperationKindIndex.of(.toggle)
    static let accordion = OperationKindIndex.of(.accordionExpand)

    /// A session's costs: strategy 0 fast (100 µs a toggle on 100,000 nodes, 200 µs an
    /// accordion among 1,000 siblings), strategy 1 a row array (5 ms a toggle, and 1,000
    /// toggles an accordion), each after small steps whose fixed cost dominates.
    static func costs() -> StepCostModel {
        var costs = StepCostModel()
        for strategy in 0..<2 {
            costs.record(strategy: strategy, kind: toggle, work: 600, nanoseconds: 50_000)
        }
        costs.record(strategy: 0, kind: toggle, work: 100_000, nanoseconds: 100_000)
        costs.record(strategy: 0, kind: accordion, work: 100_000 * 1_000, nanoseconds: 200_000)
        costs.record(strategy: 1, kind: toggle, work: 100_000, nanoseconds: 5_000_000)
        costs.record(strategy: 1, kind: accordion, work: 100_000 * 1_000, nanoseconds: 5_000_000_000)
        return costs
    }

    /// The estimate scales the rate near the largest steps, not a small step's fixed cost.
    @Test func theFrontierRateScales() {
        let costs = Self.costs()
        // 50 µs on 600 nodes would predict 83 ms on a million; the rate at 100,000 nodes, 1 ms.
        #expect(costs.predict(strategy: 0, kind: Self.toggle, work: 1_000_000, growing: false) == 1_000_000)
        // The watchdog's bound stays generous: the highest rate, with room to grow.
        #expect(costs.predict(strategy: 0, kind: Self.toggle, work: 1_000_000) > 83_000_000)
    }

    @Test func aSlowStrategyGetsASmallerTreeAndAFastOneKeepsItsOwn() {
        var sizing = CaseSizing(strategies: 3, caseTime: .seconds(6))
        sizing.record(Self.costs(), positions: [0, 1], nodes: 100_000, large: true)
        // A million nodes in a list of 300,000 siblings: the fast one fits, the row array does
        // not (an accordion among 300,000 siblings), and one never measured fits as before.
        #expect(sizing.fits(0, nodes: 1_000_000, siblings: 300_000))
        #expect(!sizing.fits(1, nodes: 1_000_000, siblings: 300_000))
        #expect(sizing.fits(2, nodes: 1_000_000, siblings: 300_000))
        let cap = sizing.cap(for: [1], nodes: 1_000_000, siblings: 300_000)
        #expect(cap < 1_000_000 && cap >= 40)
        #expect(sizing.fits(1, nodes: cap, siblings: Int(300_000.0 * Double(cap) / 1_000_000)), "cap \(cap)")
        #expect(!sizing.fits(1, nodes: cap * 4, siblings: Int(300_000.0 * Double(cap * 4) / 1_000_000)), "cap \(cap)")
        #expect(sizing.largestTree == [100_000, 100_000, 0])
    }

    /// When no strategy fits a draw, the fastest keeps it if its worst step is predicted
    /// within half the case's time; a row array never does.
    @Test func theFastestKeepsADrawNoneFits() {
        var sizing = CaseSizing(strategies: 2, caseTime: .seconds(6))
        sizing.record(Self.costs(), positions: [0, 1], nodes: 100_000, large: true)
        // An accordion among a million siblings: the fast one's 2 s is over the 1.5 s
        // allowance and within half of the 6 s case.
        #expect(!sizing.fits(0, nodes: 1_000_000, siblings: 1_000_000))
        #expect(sizing.vanguard(among: [1, 0], nodes: 1_000_000, siblings: 1_000_000) == 0)
        #expect(sizing.vanguard(among: [1], nodes: 1_000_000, siblings: 1_000_000) == nil)
        // Four million siblings: 8 s, over half the case for the fast one too.
        #expect(sizing.vanguard(among: [0, 1], nodes: 1_000_000, siblings: 4_000_000) == nil)
    }

    /// Small cases' steps do not size large ones.
    @Test func smallCasesDoNotCount() {
        var sizing = CaseSizing(strategies: 2, caseTime: .seconds(6))
        sizing.record(Self.costs(), positions: [0, 1], nodes: 30, large: false)
        #expect(sizing.fits(1, nodes: 1_000_000, siblings: 300_000))
    }
}
