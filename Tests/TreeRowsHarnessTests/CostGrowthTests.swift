import Testing
import TreeRows
@testable import TreeRowsHarness

/// The growth fit and the judgement of the cost search, on costs made up for the test.
struct CostGrowthTests {
    @Test func exactPowersFitTheirExponent() throws {
        let sizes = [1_000, 10_000, 100_000]
        let linear = try #require(CostGrowth(sizes: sizes, nanoseconds: sizes.map { Double($0) * 3 }))
        #expect(abs(linear.exponent - 1) < 1e-9 && abs(linear.low - 1) < 1e-9 && abs(linear.high - 1) < 1e-9)
        let flat = try #require(CostGrowth(sizes: sizes, nanoseconds: [50, 50, 50]))
        #expect(abs(flat.exponent) < 1e-9)
    }

    @Test func noiseWidensTheInterval() throws {
        let growth = try #require(CostGrowth(sizes: [1_000, 10_000, 100_000, 1_000_000], nanoseconds: [100, 300, 800, 1_200]))
        #expect(growth.low < growth.exponent && growth.exponent < growth.high)
        #expect(growth.high - growth.low > 0.1)
    }

    @Test func tooFewSizesOrNoCostFitNothing() {
        #expect(CostGrowth(sizes: [1_000], nanoseconds: [5]) == nil)
        #expect(CostGrowth(sizes: [1_000, 1_000], nanoseconds: [5, 6]) == nil)
        #expect(CostGrowth(sizes: [1_000, 10_000], nanoseconds: [5, 0]) == nil)
    }

    /// A cliff needs the interval above the yardstick by the margin and the cost far above
    /// what the yardstick allows: a steep growth of a cheap step is one, a small rise is not.
    @Test func judgementNeedsMarginAndRatio() throws {
        let search = CostSearch(.init(strategies: [PreorderBTreeStrategy.self], yardsticks: []), host: DirectCostHost())
        let unit = CostSearch.Unit(search: search, strategy: PreorderBTreeStrategy.self, step: .toggle, deadline: .now, yardsticks: YardstickCache())
        let logarithmic = Cliff.Yardstick(exponent: 0.1, source: "declared O(log n)")
        let steep = try #require(CostGrowth(sizes: [1_000, 10_000, 100_000], nanoseconds: [100, 1_000, 10_000]))
        #expect(unit.isCliff(steep, logarithmic))
        let mild = try #require(CostGrowth(sizes: [1_000, 10_000, 100_000], nanoseconds: [100, 170, 300]))
        #expect(!unit.isCliff(mild, logarithmic))
        // One decade is not enough to call growth.
        let short = try #require(CostGrowth(sizes: [1_000, 3_000], nanoseconds: [100, 10_000]))
        #expect(!unit.isCliff(short, logarithmic))
        #expect(!unit.isCliff(steep, Cliff.Yardstick(exponent: 1, source: "declared O(n)")))
    }

    /// A cost flat up to a size and ten times higher past it jumps there, however flat the
    /// fit over all sizes; a smooth growth within the yardstick does not.
    @Test func aSizeThresholdIsAJump() throws {
        let search = CostSearch(.init(strategies: [PreorderBTreeStrategy.self], yardsticks: []), host: DirectCostHost())
        let unit = CostSearch.Unit(search: search, strategy: PreorderBTreeStrategy.self, step: .indexOf, deadline: .now, yardsticks: YardstickCache())
        let constant = Cliff.Yardstick(exponent: 0, source: "declared O(1)")
        let threshold = try #require(CostGrowth(sizes: [100, 1_000, 10_000, 100_000, 1_000_000], nanoseconds: [50, 52, 49, 51, 200_000]))
        #expect(!unit.isCliff(threshold, constant))
        let jump = try #require(unit.steepestJump(threshold, constant))
        #expect(jump.small == 100_000 && jump.large == 1_000_000)
        let smooth = try #require(CostGrowth(sizes: [100, 1_000, 10_000], nanoseconds: [100, 1_000, 10_000]))
        #expect(unit.steepestJump(smooth, Cliff.Yardstick(exponent: 1, source: "declared O(n)")) == nil)
        // Twice as slow per decade is within noise of a constant: no jump.
        let noisy = try #require(CostGrowth(sizes: [100, 1_000, 10_000], nanoseconds: [50, 100, 60]))
        #expect(unit.steepestJump(noisy, constant) == nil)
    }

    /// One toggle in 64 walks the tree: a tail whose median grows with *n*, even when a
    /// preempted step of 20 ms lands among the slow ones at one size (it moved the mean's
    /// growth interval under the margin). Preemptions alone, at 2% of steps and the same cost
    /// at every size, are no tail.
    @Test func aTailIsJudgedByItsMedianNotItsMean() throws {
        let search = CostSearch(.init(strategies: [PreorderBTreeStrategy.self], yardsticks: []), host: DirectCostHost())
        let unit = CostSearch.Unit(search: search, strategy: PreorderBTreeStrategy.self, step: .toggle, deadline: .now, yardsticks: YardstickCache())
        let logarithmic = Cliff.Yardstick(exponent: 0.05, source: "preorder-segments, measured")
        func steps(_ size: Int, slow: Double, preempted: [Double]) -> (size: Int, nanoseconds: [Double]) {
            (size, (0..<1_024).map { $0 % 64 == 63 ? slow : 300 } + preempted)
        }
        var walks = CostSearch.GrowthRecord()
        walks.singles = [steps(10_000, slow: 60_000, preempted: []), steps(100_000, slow: 800_000, preempted: [20_000_000]),
                         steps(1_000_000, slow: 12_000_000, preempted: [])]
        let judged = unit.tailCliff(walks, logarithmic)
        let tail = try #require(judged, "no tail judged in 16 walks of 1,024 toggles at each size")
        #expect(tail.kind == .tail && tail.growth.low > 0.9 && tail.tail?.tailMedians == [60_000, 800_000, 12_000_000])
        var preemptions = CostSearch.GrowthRecord()
        preemptions.singles = [10_000, 100_000, 1_000_000].map { size in
            (size, (0..<1_024).map { $0 % 50 == 0 ? 1_000_000 + Double(size % 7) : 300 })
        }
        let noise = unit.tailCliff(preemptions, logarithmic)
        #expect(noise == nil)
    }
}
