import Foundation
import Testing

/// `compare --metric median` of separate runs: one run a side tests no time (exit 2, the
/// fix named, nothing called a regression); several runs a side (`--base … --head …`) are
/// tested on each run's median of a cell.
@Suite struct CompareRunsTests {
    /// One bench's own file: cells `fast` (around `fast` ns) and `steady` (around 1 µs), 30
    /// samples each spread ±2% in a fixed pattern, the whole run offset by `drift` (a
    /// process's own speed); `cells` names the cells the run has.
    static func run(fast: Double, drift: Double = 1, wrongFast: Bool = false, cells: [String] = ["fast", "steady"]) -> String {
        func cell(_ strategy: String, _ median: Double, correct: Bool) -> String {
            let samples = (0..<30).map { (index: Int) -> String in
                let spread: Double = 0.04 * Double((index * 37) % 30) / 30
                return String(median * drift * (0.98 + spread))
            }
            return #"{"strategy":"\#(strategy)","corpus":"c","nodes":10,"operation":"toggle-random","samples":30,"#
                + #""medianNs":\#(median * drift),"correct":\#(correct),"batch":16,"samplesNs":[\#(samples.joined(separator: ","))]}"#
        }
        let entries = cells.map { name in cell(name, name == "fast" ? fast : 1000, correct: !(name == "fast" && wrongFast)) }
        return #"{"schema":2,"machine":{"command":"bench"},"results":["# + entries.joined(separator: ",") + #"],"exponents":[]}"#
    }

    /// Each run's own speed, a spread of ±6% over the runs of a side.
    static let drifts: [Double] = [1.0, 1.06, 0.95, 1.03, 0.97, 1.05, 0.94, 1.01, 0.99, 1.04]

    /// Two single runs 50% apart: nothing is tested or called a regression, and the exit
    /// code is 2 (neither a pass nor a failure on noise), naming both fixes.
    @Test func oneRunASideTestsNoTime() async throws {
        try await BenchCommandTests.withFiles([Self.run(fast: 100), Self.run(fast: 150)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.standardOutput.contains("time: not tested, one run a side") && !result.standardOutput.contains("regression"),
                    "\(result)")
            let fast = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("fast") })
            #expect(fast.contains("+50.0%") && fast.hasSuffix("not tested"), "\(fast)")
            #expect(result.standardError.contains("time was not tested: the base and head are one run each")
                && result.standardError.contains("treerows gate --base-tool") && result.standardError.contains("--base A1.json"), "\(result)")
            // The report says so too, and is written.
            let folder = try TemporaryFolder("one-run-report")
            defer { folder.remove() }
            let html = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--format", "markdown",
                                                         "-o", folder.path("c.md")])
            #expect(html.exitCode == 2, "\(html)")
            #expect(try String(contentsOfFile: folder.path("c.md"), encoding: .utf8).contains("Time not tested:"))
        }
    }

    /// A cell that went wrong fails (exit 1) though time is not tested.
    @Test func aWrongCellFailsOneRunASide() async throws {
        try await BenchCommandTests.withFiles([Self.run(fast: 100), Self.run(fast: 100, wrongFast: true)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == 1 && result.standardError.contains("1 cells are WRONG in the head"), "\(result)")
        }
    }

    /// Ten runs a side, each with its own speed: the same code is within noise, a planted
    /// +25% in one cell is a regression, and the table says how many runs each side has.
    @Test(arguments: [(1.0, Int32(0)), (1.25, Int32(1))])
    func severalRunsASideAreTested(_ factor: Double, _ exitCode: Int32) async throws {
        let base = Self.drifts.map { Self.run(fast: 100, drift: $0) }
        let head = Self.drifts.reversed().map { Self.run(fast: 100 * factor, drift: $0) }
        try await BenchCommandTests.withFiles(base + head) { paths in
            let result = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base"] + paths.prefix(10)
                + ["--head"] + paths.suffix(10))
            #expect(result.exitCode == exitCode, "\(result)")
            #expect(result.standardOutput.contains("runs: base 10, head 10; each run's median of a cell is one sample")
                && result.standardOutput.contains("time: 2 cells tested"), "\(result)")
            let fast = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("fast") })
            #expect(fast.hasSuffix(factor > 1 ? "regression" : "within noise"), "\(fast)")
            let steady = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("steady") })
            #expect(steady.hasSuffix("within noise"), "\(steady)")
        }
    }

    /// Too few runs a side for an interval: UNTESTED, failing, with the runs needed.
    @Test func tooFewRunsAreUntested() async throws {
        try await BenchCommandTests.withFiles([Self.run(fast: 100), Self.run(fast: 100, drift: 1.02), Self.run(fast: 100, drift: 0.99), Self.run(fast: 100, drift: 1.01)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base", paths[0], paths[1],
                                                           "--head", paths[2], paths[3]])
            #expect(result.exitCode == 2 && result.standardError.contains("nothing was tested"), "\(result)")
            #expect(result.standardError.firstMatch(of: /give (\d+) or more runs a side/) != nil, "\(result)")
        }
    }

    /// A cell missing from one run of a side is missing, named with that run's file.
    @Test func aCellMissingFromOneRunFails() async throws {
        let base = Self.drifts.map { Self.run(fast: 100, drift: $0) }
        let head = Self.drifts.enumerated().map { Self.run(fast: 100, drift: $1, cells: $0 == 3 ? ["steady"] : ["fast", "steady"]) }
        try await BenchCommandTests.withFiles(base + head) { paths in
            let result = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base"] + paths.prefix(10)
                + ["--head"] + paths.suffix(10))
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardError.contains("head: fast · c · toggle-random is missing from \(paths[13])"), "\(result)")
        }
    }

    /// What a side is made of: a gate's combined file among several runs, one file a side
    /// by argument and option at once, one argument alone.
    @Test func sidesAreRunsOrTwoFiles() async throws {
        try await BenchCommandTests.withFiles([Self.run(fast: 100), Self.run(fast: 100), CompareTimeTests.report(fastMedian: 100)]) { paths in
            let combined = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base", paths[0], paths[2], "--head", paths[1]])
            #expect(combined.exitCode == 2 && combined.standardError.contains("combines 100 rounds")
                && combined.standardError.contains("Fix:"), "\(combined)")
            let both = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--base", paths[0], "--head", paths[1]])
            #expect(both.exitCode == 2, "\(both)")
            #expect(both.standardError.contains("not both"), "\(both)")
            let one = try await TreeRowsExecutable.run(["compare", paths[0]])
            #expect(one.standardError.contains("two files") && one.exitCode == 2, "\(one)")
            let headless = try await TreeRowsExecutable.run(["compare", "--base", paths[0]])
            #expect(headless.standardError.contains("give the base and the head") && headless.exitCode == 2, "\(headless)")
        }
    }

    /// A run counts once: the same file twice, or a copy of it, among a side's runs is
    /// refused, not counted as two.
    @Test func aRunGivenTwiceIsRefused() async throws {
        let base = Self.drifts.map { Self.run(fast: 100, drift: $0) }
        try await BenchCommandTests.withFiles(base + [base[0]]) { paths in
            let twice = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base", paths[0], paths[0], "--head", paths[1], paths[2]])
            #expect(twice.exitCode == 2 && twice.standardError.contains("holds the same timed samples as"), "\(twice)")
            let copied = try await TreeRowsExecutable.run(["compare", "--metric", "median", "--base"] + paths.prefix(5) + [paths[10]]
                + ["--head"] + paths[5..<10])
            #expect(copied.exitCode == 2 && copied.standardError.contains("\(paths[10]) holds the same timed samples as \(paths[0])"), "\(copied)")
        }
    }

    /// A single run whose header claims rounds but whose cells keep more samples than that
    /// is still one run: its time is not tested.
    @Test func anEditedHeaderDoesNotMakeARunMany() async throws {
        let forged = Self.run(fast: 150).replacingOccurrences(of: #""command":"bench""#, with: #""rounds":20"#)
        try await BenchCommandTests.withFiles([Self.run(fast: 100).replacingOccurrences(of: #""command":"bench""#, with: #""rounds":20"#), forged]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == 2 && result.standardOutput.contains("not tested"), "\(result)")
        }
    }
}
