import Testing
import TreeRowsHarness

/// The gate decides in the library: typed failures, in a fixed order, without the command line.
@Suite struct BenchmarkGateTests {
    static func report(_ results: [BenchmarkResult]) -> BenchmarkReport {
        BenchmarkReport(machine: [], results: results, exponents: [])
    }

    @Test func failuresAreTypedAndOrdered() throws {
        var wrong = BenchmarkTests.result("w")
        wrong.correct = false
        var crashed = BenchmarkTests.result("x")
        crashed.crash = Crash(kind: .trap, message: "Swift runtime failure: index out of range")
        let base = Self.report([BenchmarkTests.result("a"), BenchmarkTests.result("w"), BenchmarkTests.result("x"),
                                BenchmarkTests.result("gone"), BenchmarkTests.result("u")])
        let head = Self.report([BenchmarkTests.result("a", allocations: 2), wrong, crashed, BenchmarkTests.result("u", allocations: nil)])
        let gate = try BenchmarkGate(base: base, head: head, metric: .allocations, threshold: 0.1)
        #expect(!gate.passes)
        #expect(gate.failures == [.crashed(cells: 1), .wrong(cells: 1), .regressed(cells: 1, threshold: 0.1),
                                  .unmeasured(cells: 1, metric: .allocations), .missing(cells: 1)])
        #expect(gate.failures[2].description == "1 cells regressed beyond 10%")
        let allowing = try BenchmarkGate(base: base, head: head, metric: .allocations, threshold: 0.1, allowMissing: true)
        #expect(!allowing.failures.contains(.missing(cells: 1)))
    }

    @Test func anUnchangedHeadPasses() throws {
        let base = Self.report([BenchmarkTests.result("a"), BenchmarkTests.result("b", allocations: 0)])
        let gate = try BenchmarkGate(base: base, head: base, metric: .allocations, threshold: 0)
        #expect(gate.passes && gate.comparison.comparedCount == 2)
    }

    @Test func nothingComparableIsRefused() {
        let base = Self.report([BenchmarkTests.result("a", allocations: nil)])
        #expect(throws: BenchmarkGate.Refusal.noFigures(.allocations)) {
            try BenchmarkGate(base: base, head: base, metric: .allocations, threshold: 0.1)
        }
        #expect(throws: BenchmarkGate.Refusal.noFigures(.instructions)) {
            try BenchmarkGate(base: base, head: base, metric: .instructions, threshold: 0.01)
        }
    }
}
