import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `bench --instructions` (release builds, valgrind installed by .ci/setup): every cell's
/// instructions per operation, counted again under callgrind, repeat from run to run (to
/// 0.5%: most cells exactly), and `compare --metric instructions` gates a 2% increase at its
/// 1% default.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseInstructionCountTests"),
       .serialized)
struct ReleaseInstructionCountTests {
    static let bench = ["bench", "--corpus", "hn-17338700", "--strategies", "range-counts,full-rebuild",
                        "--operations", "toggle-random,insert-reply,row-at-random", "--repetitions", "5", "--budget", "20", "--instructions"]

    @Test func countsRepeatExactlyAndGateATwoPercentIncrease() async throws {
        let folder = try TemporaryFolder("instructions")
        defer { folder.remove() }
        var reports: [BenchmarkReport] = []
        for name in ["a.json", "b.json"] {
            let result = try await TreeRowsExecutable.run(Self.bench + ["--json", name], in: folder.url)
            #expect(result.exitCode == 0 && result.standardOutput.contains("instructions: counted in"), "\(result)")
            reports.append(try BenchmarkReport.read(contentsOf: folder.path(name)))
        }
        let counts = reports.map { $0.results.map { $0.instructionsPerOperation ?? 0 } }
        #expect(reports[0].results.count >= 6 && counts[0].allSatisfy { $0 > 0 }, "\(counts[0])")
        #expect(reports[0].results.map(BenchmarkCellKey.init) == reports[1].results.map(BenchmarkCellKey.init))
        let drifts = zip(counts[0], counts[1]).map { abs($1 - $0) / $0 }
        #expect(drifts.allSatisfy { $0 <= 0.005 } && drifts.filter { $0 == 0 }.count * 2 >= drifts.count, "\(counts)")
        let same = try await TreeRowsExecutable.run(["compare", "a.json", "b.json", "--metric", "instructions"], in: folder.url)
        #expect(same.exitCode == 0 && same.standardOutput.contains("threshold 1%"), "\(same)")
        // One cell 2% more instructions: flagged.
        var text = try String(contentsOf: folder.url.appendingPathComponent("b.json"), encoding: .utf8)
        let match = try #require(text.firstMatch(of: /"instructionsPerOp":([0-9.e+]+)/))
        text.replaceSubrange(match.range, with: "\"instructionsPerOp\":\(Double(match.1)! * 1.02)")
        try folder.write(text, to: "c.json")
        let more = try await TreeRowsExecutable.run(["compare", "a.json", "c.json", "--metric", "instructions"], in: folder.url)
        #expect(more.exitCode == 1 && more.standardError.contains("1 cells regressed beyond 1%"), "\(more)")
    }
}

/// `compare --metric instructions` on results that lack counts.
@Suite struct InstructionCompareTests {
    /// A results file without counts is not compared on them, and says how to get them.
    @Test func resultsWithoutCountsAreNotComparedOnThem() async throws {
        try await BenchCommandTests.withFiles([BenchCommandTests.report(allocations: 1), BenchCommandTests.report(allocations: 1)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "instructions"])
            #expect(result.exitCode == 2 && result.standardError.contains("bench --instructions"), "\(result)")
        }
    }
}
