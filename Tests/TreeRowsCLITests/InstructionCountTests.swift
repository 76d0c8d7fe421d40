import Foundation
import Testing
import TreeRowsTestSupport
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `bench --instructions` (release builds, valgrind installed by .ci/setup): every cell's
/// instructions per operation, counted again under callgrind, repeat exactly from run to run,
/// and `compare --metric instructions` gates a 2% increase at its 1% default.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseInstructionCountTests"),
       .linuxOnly("valgrind counts instructions on Linux only (bash .ci/setup installs it)"), .serialized)
struct ReleaseInstructionCountTests {
    static let bench = ["bench", "--corpus", "hn-17338700", "--strategies", "range-counts,full-rebuild",
                        "--operations", "toggle-random,insert-reply,row-at-random", "--repetitions", "5", "--budget", "20", "--instructions"]

    @Test func countsRepeatExactlyAndGateATwoPercentIncrease() async throws {
        let folder = try TemporaryFolder("instructions")
        defer { folder.remove() }
        var reports: [BenchmarkReport] = []
        // Twice as given, once with every cell in the one process, once simulating the caches.
        for (name, extra) in [("a.json", []), ("b.json", []), ("in-process.json", ["--in-process"]), ("caches.json", ["--cache-misses"])] {
            let result = try await TreeRowsExecutable.run(Self.bench + extra + ["--json", name], in: folder.url)
            #expect(result.exitCode == 0, "\(result)")
            reports.append(try BenchmarkReport.read(contentsOf: folder.path(name)))
        }
        let counts = reports.map { $0.results.map { $0.instructionsPerOperation ?? 0 } }
        // Cache misses only when simulated; the instructions then differ by the client request
        // that turns collection on (9 instructions an input, counted without the simulation).
        #expect(reports[0].results.allSatisfy { $0.firstLevelMissesPerOperation == nil }
                && reports[3].results.allSatisfy { ($0.firstLevelMissesPerOperation ?? 0) > 0 && $0.lastLevelMissesPerOperation != nil })
        #expect(zip(counts[0], counts[3]).allSatisfy { $1 < $0 && $0 - $1 <= 9 }, "\(counts)")
        #expect(reports[0].results.count >= 6 && counts[0].allSatisfy { $0 > 0 }, "\(counts[0])")
        #expect(reports[0].results.map(BenchmarkCellKey.init) == reports[1].results.map(BenchmarkCellKey.init))
        // Every cell to the instruction from run to run, whatever heap the cells before it left
        // (and callgrind's order of functions in a dump, which follows from it). In one process
        // a cell's buffers sit at other addresses, and libc's copies may take other paths.
        #expect(counts[0] == counts[1], "\(counts)")
        #expect(zip(counts[0], counts[2]).allSatisfy { abs($1 - $0) <= $0 * 1e-3 }, "\(counts)")
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
    /// `--cache-misses` alone is refused before anything runs: it simulates the caches of
    /// the count run that `--instructions` starts.
    @Test func cacheMissesNeedTheCount() async throws {
        let result = try await TreeRowsExecutable.run(["bench", "--cache-misses"])
        #expect(result.exitCode == 2 && result.standardError.contains("--cache-misses comes with the count of instructions")
                && result.standardError.contains("Fix: add --instructions"), "\(result)")
    }

    /// A results file without counts is not compared on them, and says how to get them.
    @Test func resultsWithoutCountsAreNotComparedOnThem() async throws {
        try await BenchCommandTests.withFiles([BenchCommandTests.report(allocations: 1), BenchCommandTests.report(allocations: 1)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "instructions"])
            #expect(result.exitCode == 2 && result.standardError.contains("bench --instructions"), "\(result)")
        }
    }
}

/// Reading callgrind's dumps back: one count for one cost, however callgrind compressed it.
@Suite struct InstructionDumpReaderTests {
    /// One cell's costs (`first` is the ELF object block listed first), in callgrind's
    /// compressed format: the cell's code 100 + 7 own, a callee 50 own, the allocator 40 own
    /// plus a lock of 9 in libc that it called (left out: 78.5 instructions an operation for
    /// 2 operations). `same` is how a position that repeats is written: `0`, or `*` as
    /// callgrind writes it where the position before was the same.
    static func dump(same: String, allocatorFirst: Bool) -> String {
        let header = """
            version: 1
            creator: callgrind-3.19.0
            desc: Trigger: Client Request: ["s","c","op",2]

            positions: line
            events: Ir
            summary: 206

            """
        let code = """
            ob=(1) /x/treerows
            fl=(1) ???
            fn=(1) f
            0 100
            cfn=(2) g
            calls=1 0
            \(same) 50
            \(same) 7

            fn=(2)
            \(same) 50

            """
        let allocator = """
            ob=(2) /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
            fl=(2) ???
            fn=(3) malloc
            0 40
            cob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
            cfn=(4) lock
            calls=1 0
            \(same) 9

            ob=(3)
            fn=(4)
            0 9

            """
        return header + (allocatorFirst ? allocator + code : code + allocator)
    }

    /// The same costs give the same count whether a repeated position is written `0` or
    /// `*`, and whichever object comes first; a `*` after `calls=` is the call's cost (read
    /// as an own cost, the count moved with callgrind's order of functions: 0.2–0.7% in CI).
    @Test func aRepeatedPositionIsReadAsACostLine() throws {
        let folder = try TemporaryFolder("callgrind-dumps")
        defer { folder.remove() }
        var names: [String] = []
        for (index, (same, allocatorFirst)) in [("0", false), ("*", false), ("*", true), ("0", true)].enumerated() {
            try folder.write(Self.dump(same: same, allocatorFirst: allocatorFirst), to: "cg.\(index).1")
            names.append("cg.\(index).1")
        }
        for name in names {
            let counts = try InstructionCount.counts(in: folder.url.path, files: [name])
            #expect(counts == [BenchmarkCellKey(strategy: "s", corpus: "c", operation: "op"): .init(instructions: 78.5)], "\(name): \(counts)")
        }
    }

    /// With `--cache-sim=yes` a cost line has nine costs, the last zeros left off: the
    /// instructions are the first, and the misses of each level the sum of three, counted
    /// with the same objects left out.
    @Test func cacheMissesAreSummedByLevel() throws {
        let folder = try TemporaryFolder("callgrind-cache")
        defer { folder.remove() }
        try folder.write("""
            desc: Trigger: Client Request: ["s","c","op",4]
            positions: line
            events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
            ob=(1) /x/treerows
            fn=(1) f
            0 400 100 50 1 2 3 0 4 1
            * 8 2
            cfn=(2) malloc
            cob=(2) /usr/lib/libjemalloc.so.2
            calls=1 0
            * 90 20 10 5 5 5 5 5 5
            ob=(2)
            fn=(2)
            0 90 20 10 5 5 5 5 5 5

            """, to: "cg.1.1")
        let counts = try InstructionCount.counts(in: folder.url.path, files: ["cg.1.1"])
        #expect(counts == [BenchmarkCellKey(strategy: "s", corpus: "c", operation: "op"):
                            .init(instructions: 102, firstLevelMisses: 1.5, lastLevelMisses: 1.25)], "\(counts)")
    }
}
