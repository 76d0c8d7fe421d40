import Testing
@testable import TreeRowsHarness

/// The verdict names the fastest strategy per operation and the all-round pick, from
/// correct, sampled cells only.
@Suite struct BenchmarkVerdictTests {
    static func cell(_ strategy: String, _ operation: String, _ median: Double, corpus: String = "t", correct: Bool = true) -> BenchmarkResult {
        BenchmarkTests.result(strategy, operation, median: median, correct: correct, corpus: corpus)
    }

    @Test func pickHasTheSmallestWorstRatio() throws {
        // a: fastest on toggle, 8x behind on insert; b: 2x behind on toggle, fastest on insert; c: 3x and 4x.
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("a", "toggle", 100), Self.cell("b", "toggle", 200),
            Self.cell("c", "toggle", 300),
            Self.cell("a", "insert", 400), Self.cell("b", "insert", 50),
            Self.cell("c", "insert", 200),
        ]))
        #expect(verdict.leaders.map(\.strategy) == ["a", "b"])
        #expect(verdict.leaders.map(\.runnerUp) == ["b", "c"])
        #expect(verdict.leaders[0].lead == 2 && verdict.leaders[1].lead == 4)
        let pick = try #require(verdict.pick)
        #expect(pick.strategy == "b" && pick.worstRatio == 2 && pick.weakestOperation == "toggle" && pick.fastestThere == "a")
        #expect(verdict.sentence == "For trees like t, use b: at most 2.00× the fastest time on every operation measured;"
            + " its weakest is toggle, where a is 2.00× faster.")
        #expect(verdict.lines.count == 4)
    }

    @Test func wrongStrategiesAreNeitherLeadersNorPicks() throws {
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("fast-but-wrong", "toggle", 10, correct: false), Self.cell("slow", "toggle", 100),
            Self.cell("fast-but-wrong", "insert", 10), Self.cell("slow", "insert", 100),
        ]))
        #expect(verdict.leaders.map(\.strategy) == ["slow", "fast-but-wrong"])
        #expect(verdict.pick?.strategy == "slow")
        #expect(verdict.excluded.map(\.strategy) == ["fast-but-wrong"])
        #expect(verdict.excluded.first?.reason == "wrong on t · toggle")
    }

    @Test func standingsCombineCorporaByGeometricMean() throws {
        // On toggle, a is 4x behind on x and fastest on y (standing 2); b is fastest on x and
        // 1.5x behind on y (standing sqrt(1.5)), so b leads by 2 / sqrt(1.5).
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("a", "toggle", 400, corpus: "x"), Self.cell("b", "toggle", 100, corpus: "x"),
            Self.cell("a", "toggle", 100, corpus: "y"), Self.cell("b", "toggle", 150, corpus: "y"),
        ]))
        #expect(verdict.corpora == ["x", "y"])
        #expect(verdict.leaders.first?.strategy == "b")
        #expect(abs(verdict.leaders.first!.lead! - 2 / 1.5.squareRoot()) < 1e-9)
        #expect(verdict.sentence.hasPrefix("For trees like x and y, use b: the fastest on every operation measured."))
    }

    @Test("A fastest median with a p99 over ten times another's neither leads nor is picked, and the sentence says so")
    func tailsWeigh() throws {
        func cell(_ strategy: String, _ operation: String, _ median: Double, p99: Double) -> BenchmarkResult {
            var result = Self.cell(strategy, operation, median)
            result.p99Nanoseconds = p99
            return result
        }
        let verdict = try #require(BenchmarkVerdict([
            cell("range-counts", "toggle", 100, p99: 20_000), cell("preorder-segments", "toggle", 200, p99: 100),
            cell("preorder-btree", "toggle", 350, p99: 900),
            cell("range-counts", "insert", 100, p99: 200), cell("preorder-segments", "insert", 150, p99: 300),
            cell("preorder-btree", "insert", 120, p99: 250),
        ]))
        #expect(verdict.leaders.map(\.strategy) == ["preorder-segments", "range-counts"])
        #expect(verdict.leaders[0].runnerUp == "preorder-btree")
        #expect(verdict.tails.map { [$0.operation, $0.strategy, $0.corpus, "\($0.ratio)", $0.steadier] }
            == [["toggle", "range-counts", "t", "200.0", "preorder-segments"]])
        // By medians range-counts would be the pick (fastest on both); it is tail-heavy on toggle.
        #expect(verdict.pick?.strategy == "preorder-segments")
        #expect(verdict.sentence.hasSuffix(" range-counts has the fastest median on toggle, but its p99 is 200× preorder-segments'."))
        #expect(verdict.lines.contains { $0.hasPrefix("  tail: range-counts has the fastest median on toggle, but its p99 on t is 200× preorder-segments'") })
        // Within ten times, tails change nothing.
        let even = try #require(BenchmarkVerdict([cell("a", "toggle", 100, p99: 1_000), cell("b", "toggle", 200, p99: 101)]))
        #expect(even.leaders.first?.strategy == "a" && even.tails.isEmpty && even.pick?.strategy == "a")
    }

    /// The reference is the oracle, not a candidate: never a leader nor the pick, and not
    /// named, unless nothing else has a correct, sampled cell.
    @Test func theReferenceIsNoCandidate() throws {
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("reference", "toggle", 10), Self.cell("a", "toggle", 100), Self.cell("b", "toggle", 300),
        ]))
        #expect(verdict.leaders.map(\.strategy) == ["a"] && verdict.leaders[0].runnerUp == "b" && verdict.pick?.strategy == "a")
        #expect(!verdict.lines.joined().contains("reference"), "\(verdict.lines)")
        let alone = try #require(BenchmarkVerdict([Self.cell("reference", "toggle", 10), Self.cell("a", "toggle", 5, correct: false)]))
        #expect(alone.pick?.strategy == "reference")
    }

    /// A SLOW cell ranks last on its operation, keeps its strategy out of the pick, and is said.
    @Test func aSlowCellRanksLast() throws {
        var slow = Self.cell("row-array", "accordion", 0)
        slow.samples = 0
        slow.slowLowerBoundNanoseconds = 2.15e9
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("row-array", "toggle", 50), Self.cell("counts", "toggle", 100),
            slow, Self.cell("counts", "accordion", 1_000),
        ]))
        #expect(verdict.leaders.map(\.strategy) == ["row-array", "counts"])
        #expect(verdict.pick?.strategy == "counts")
        #expect(verdict.slow.map(\.strategy) == ["row-array"])
        #expect(verdict.lines.contains("  slow: row-array on accordion, more than 2.15 s an operation (stopped past the watchdog's budget): ranked last there"),
                "\(verdict.lines)")
        #expect(verdict.excluded.first?.reason == "SLOW on t · accordion (more than 2.15 s an operation)")
    }

    @Test func noVerdictWithoutACorrectSampledCell() {
        #expect(BenchmarkVerdict([Self.cell("a", "toggle", 100, correct: false)]) == nil)
        #expect(BenchmarkVerdict([]) == nil)
    }

    @Test func markdownReportOpensWithTheVerdict() throws {
        let report = BenchmarkReport(machine: [("host", .string("h"))], results: [
            Self.cell("a", "toggle", 100), Self.cell("b", "toggle", 200),
        ], exponents: [])
        let lines = ReportMarkdown.render(report).split(separator: "\n").map(String.init)
        // The verdict, the table of every strategy × operation (the recommended one marked), then the run details.
        #expect(Array(lines.prefix(2)) == ["# TreeRows benchmark", "**For trees like t, use a: the fastest on every operation measured.**"])
        #expect(Array(lines.dropFirst(2).prefix(4)) == ["_Median time per operation on t (10 nodes); × the row's fastest_",
                                                        "| operation | a ★ recommended | b |", "|---|---:|---:|", "| toggle | **100 ns** | 200 ns ×2 |"])
        let runAt = try #require(lines.firstIndex { $0.hasPrefix("Built with: ") }), machineAt = try #require(lines.firstIndex(of: "Machine: h"))
        #expect(runAt > 5 && runAt < machineAt && !lines[..<runAt].contains { $0.hasPrefix("## ") })
        let html = ReportHTML.render(report)
        let verdictAt = html.range(of: "use a: the fastest")!.lowerBound, tableAt = html.range(of: "<table class=\"matrix\"")!.lowerBound
        let detailsAt = html.range(of: "Built with: ")!.lowerBound, chartAt = html.range(of: "<svg")!.lowerBound
        #expect(verdictAt < tableAt && tableAt < detailsAt && detailsAt < chartAt)
    }

    /// A strategy that keeps memory per operation (more than ``BenchmarkVerdict/keptLimit``
    /// beyond the reference's) is named, and is the all-round pick only when nothing else is
    /// a candidate, with a warning.
    @Test func memoryKeptPerOperationIsNamedAndAvoided() throws {
        func cell(_ strategy: String, _ operation: String, _ median: Double, kept: Double) -> BenchmarkResult {
            var result = Self.cell(strategy, operation, median)
            result.retainedBytesPerOperation = kept
            return result
        }
        let results = [
            cell("reference", "toggle", 900, kept: 100), cell("leaky", "toggle", 100, kept: 4_196), cell("steady", "toggle", 150, kept: 100),
            cell("reference", "insert", 900, kept: 200), cell("leaky", "insert", 100, kept: 200), cell("steady", "insert", 150, kept: 1_200),
        ]
        let verdict = try #require(BenchmarkVerdict(results))
        #expect(verdict.keeps == [BenchmarkVerdict.Keeps(operation: "toggle", strategy: "leaky", corpus: "t", bytesPerOperation: 4_196,
                                                          referenceBytes: 100)])
        #expect(verdict.pick?.strategy == "steady" && !verdict.sentence.contains("Beware"), "\(verdict.sentence)")
        let alone = try #require(BenchmarkVerdict(results.filter { $0.strategy != "steady" }))
        #expect(alone.pick?.strategy == "leaky")
        #expect(alone.sentence.hasSuffix("Beware: leaky keeps 4.1 KiB per toggle that it never frees; no strategy measured without such"
            + " memory was a candidate."), "\(alone.sentence)")
    }

    /// What a strategy keeps per operation leaves out the two batches that kept the most: a
    /// buffer that doubles once is the tree's growth; a record kept in most batches is not.
    @Test func keptPerOperationLeavesOutTheTwoLargestBatches() {
        let doubling: [Int64] = [0, 0, 0, 0, 0, 171_568, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        #expect(BenchmarkRunner.keptPerOperation(doubling, inputs: 4) == 0)
        let everyOther: [Int64] = (0..<16).map { $0 % 2 == 0 ? 4_096 : 0 }
        #expect(BenchmarkRunner.keptPerOperation(everyOther, inputs: 1) == Double(6 * 4_096) / 14)
        #expect(BenchmarkRunner.keptPerOperation([], inputs: 1) == nil)
        #expect(BenchmarkRunner.keptPerOperation([-64, -64], inputs: 2) == -32)
    }
}

/// Every strategy is judged on its own: a p99 far above its own median, or a sweep's
/// exponent far above the least of its operation and shape, is named, and keeps it from the
/// all-round pick unless nothing even was measured.
@Suite struct BenchmarkVerdictUnevenTests {
    static func cell(_ strategy: String, _ operation: String, _ median: Double, p99: Double, corpus: String = "t", nodes: Int = 10) -> BenchmarkResult {
        var result = BenchmarkTests.result(strategy, operation, median: median, corpus: corpus, nodes: nodes)
        result.p99Nanoseconds = p99
        return result
    }

    @Test func aSpreadIsNamedForEveryStrategyAndCostsThePick() throws {
        // "tailed" has the fastest median everywhere but one toggle in a hundred costs 50x.
        let verdict = try #require(BenchmarkVerdict([
            Self.cell("tailed", "toggle", 100, p99: 5_000), Self.cell("even", "toggle", 150, p99: 300),
            Self.cell("tailed", "insert", 100, p99: 150), Self.cell("even", "insert", 120, p99: 200),
        ]))
        #expect(verdict.spreads == [.init(operation: "toggle", strategy: "tailed", corpus: "t", p99Ratio: 50, maxRatio: nil)])
        #expect(verdict.pick?.strategy == "even")
        #expect(verdict.lines.contains("  spread: tailed on toggle: p99 50.0× its median (a tail far above the typical operation)"))
        // Alone, it is picked, with the reason to beware.
        let alone = try #require(BenchmarkVerdict([Self.cell("tailed", "toggle", 100, p99: 5_000)]))
        #expect(alone.pick?.strategy == "tailed")
        #expect(alone.sentence.hasSuffix("Beware: tailed's p99 on toggle is 50.0× its median; no strategy measured without such a tail or growth was a candidate."))
        // Under the limit, nothing is said.
        let steady = try #require(BenchmarkVerdict([Self.cell("a", "toggle", 100, p99: 1_900)]))
        #expect(steady.spreads.isEmpty && !steady.sentence.contains("Beware"))
    }

    @Test func aGrowthBeyondTheLeastIsNamedAndCostsThePick() throws {
        let results = [
            Self.cell("steep", "toggle", 100, p99: 100, corpus: "s:1e3", nodes: 1_000), Self.cell("flat", "toggle", 150, p99: 150, corpus: "s:1e3", nodes: 1_000),
            Self.cell("steep", "toggle", 110, p99: 110, corpus: "s:1e4", nodes: 10_000), Self.cell("flat", "toggle", 160, p99: 160, corpus: "s:1e4", nodes: 10_000),
        ]
        let exponents = [
            BenchmarkReport.Exponent(strategy: "steep", operation: "toggle", shape: "s", exponent: 0.9),
            BenchmarkReport.Exponent(strategy: "flat", operation: "toggle", shape: "s", exponent: 0.05),
            BenchmarkReport.Exponent(strategy: "reference", operation: "toggle", shape: "s", exponent: -1),
        ]
        let verdict = try #require(BenchmarkVerdict(results, exponents: exponents))
        // The reference is no yardstick: its exponent is left out.
        #expect(verdict.growths == [.init(operation: "toggle", strategy: "steep", shape: "s", exponent: 0.9, best: "flat", bestExponent: 0.05)])
        #expect(verdict.pick?.strategy == "flat")
        #expect(verdict.lines.contains { $0.hasPrefix("  growth: steep on toggle over s: n^0.90, flat's n^0.05") })
        // Within the margin, no growth.
        let close = try #require(BenchmarkVerdict(results, exponents: [exponents[0], .init(strategy: "flat", operation: "toggle", shape: "s", exponent: 0.6)]))
        #expect(close.growths.isEmpty && close.pick?.strategy == "steep")
    }
}
