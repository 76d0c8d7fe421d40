import Foundation
import Testing

/// `bench` runs in release builds without checks only (the tests' binary must refuse); `compare`
/// and `report` work on result files.
@Suite("treerows bench, compare and report") struct BenchCommandTests {
    @Test func benchRefusesABuildWithChecks() async throws {
        let result = try await TreeRowsExecutable.run(["bench", "--operations", "build"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.standardError.contains("invariant checks after every operation; its times mean nothing")
                && result.standardError.contains("Fix:"), "\(result)")
    }

    /// The sectioned edits and sort are measured when named or with `all`, and the help says so.
    @Test func benchHelpNamesTheOperationsMeasuredOnlyWhenNamed() async throws {
        let result = try await TreeRowsExecutable.run(["bench", "--help"])
        #expect(result.exitCode == 0, "\(result)")
        let help = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Without it, every operation but insert-sectioned, remove-sectioned, load-page-sectioned, sort-sectioned."),
                "\(result)")
    }

    static func report(allocations: Double, correct: Bool = true, crash: String? = nil) -> String {
        """
        {"schema":1,"machine":{"cores":2},"results":[
        {"strategy":"range-counts","corpus":"c","nodes":10,"operation":"insert-reply","samples":5,"medianNs":100,"p90Ns":120,"p99Ns":130,
         "opsPerSecond":1e7,"allocationsPerOp":\(allocations),"bytesPerOp":48,"peakResidentBytes":1000,"ratioToReference":0.01,"ratioToFastest":1,"correct":\(correct)\(crash.map { ",\"crash\":\($0)" } ?? "")},
        {"strategy":"reference","corpus":"c","nodes":10,"operation":"insert-reply","samples":5,"medianNs":10000,"p90Ns":12000,"p99Ns":13000,
         "opsPerSecond":1e5,"allocationsPerOp":60,"bytesPerOp":4000,"peakResidentBytes":1000,"ratioToReference":1,"ratioToFastest":100,"correct":true}],
        "exponents":[]}
        """
    }

    static func withFiles(_ contents: [String], _ body: ([String]) async throws -> Void) async throws {
        let paths = contents.map { _ in FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).json").path }
        defer { paths.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        for (path, text) in zip(paths, contents) { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        try await body(paths)
    }

    @Test func compareExitsOneOnAPlantedAllocationRegression() async throws {
        try await Self.withFiles([Self.report(allocations: 1), Self.report(allocations: 3)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains("regression"), "\(result)")
        }
    }

    @Test func compareExitsZeroOnIdenticalResults() async throws {
        try await Self.withFiles([Self.report(allocations: 1), Self.report(allocations: 1)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 0, "\(result)")
            // Time from one run a side is not tested: exit 2, whatever the medians.
            let median = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--threshold", "5%"])
            #expect(median.exitCode == 2 && median.standardError.contains("time was not tested"), "\(median)")
        }
    }

    @Test func compareFlagsAStrategyThatBecameWrong() async throws {
        try await Self.withFiles([Self.report(allocations: 1), Self.report(allocations: 1, correct: false)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1 && result.standardOutput.contains("became wrong"), "\(result)")
            // The head column says WRONG; no figures or percentage pretend it merely regressed.
            let row = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("range-counts") }
            #expect(row?.contains("WRONG") == true && row?.contains("regression") == false, "\(result)")
            #expect(result.standardError.contains("1 cells are WRONG in the head") && !result.standardError.contains("regressed"),
                    "\(result)")
        }
    }

    static let crash = #"{"kind":"trap","message":"Fatal error: Index out of range","frame":"S.toggle(_:)","step":"input 3 (node(#7))"}"#

    @Test func compareAndReportNameACrashedCell() async throws {
        try await Self.withFiles([Self.report(allocations: 1), Self.report(allocations: 1, correct: false, crash: Self.crash)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1, "\(result)")
            let row = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("range-counts") }
            #expect(row?.contains("CRASHED (trap: Fatal error: Index out of range at S.toggle(_:))") == true, "\(result)")
            #expect(result.standardError.contains("1 cells CRASHED in the head"), "\(result)")
            let report = try await TreeRowsExecutable.run(["report", paths[1], "--format", "markdown"])
            #expect(report.exitCode == 0 && report.standardOutput.contains("range-counts **CRASHED**"), "\(report)")
            #expect(report.standardOutput.contains("range-counts, crashed on c · insert-reply"), "\(report)")
        }
    }

    @Test func compareFailsWhenCellsOfTheBaseAreMissingFromTheHead() async throws {
        let full = Self.report(allocations: 1)
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
        // The head keeps range-counts' cell and drops the reference's.
        let partial = lines.prefix(3).joined(separator: "\n").replacingOccurrences(of: "\"correct\":true},", with: "\"correct\":true}],")
            + "\n\"exponents\":[]}"
        try await Self.withFiles([full, partial]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains("missing from head: reference · c · insert-reply"), "\(result)")
            #expect(result.standardError.contains("--allow-missing"), "\(result)")
            let allowed = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--allow-missing"])
            #expect(allowed.exitCode == 0, "\(allowed)")
            // New cells in the head are fine either way.
            let grown = try await TreeRowsExecutable.run(["compare", paths[1], paths[0]])
            #expect(grown.exitCode == 0 && grown.standardOutput.contains("only in head: reference"), "\(grown)")
        }
    }

    @Test(arguments: ["markdown", "svg", "html"])
    func reportFormats(_ format: String) async throws {
        try await Self.withFiles([Self.report(allocations: 1)]) { paths in
            let result = try await TreeRowsExecutable.run(["report", paths[0], "--format", format])
            #expect(result.exitCode == 0, "\(result)")
            let expected = ["markdown": "| 1 | range-counts |", "svg": "<svg", "html": "<table>"][format]!
            #expect(result.standardOutput.contains(expected), "\(result)")
            #expect(result.standardOutput.contains("range-counts") && result.standardOutput.contains("reference"))
        }
    }

    @Test(arguments: [
        ["compare", "/nonexistent.json", "/nonexistent.json"], ["report", "/nonexistent.json"],
        ["compare", "a.json", "b.json", "--metric", "speed"], ["report", "x.json", "--format", "pdf"],
    ])
    func badInputExitsTwo(_ arguments: [String]) async throws {
        try await Self.withFiles([Self.report(allocations: 1)]) { paths in
            let resolved = arguments.map { $0 == "a.json" || $0 == "b.json" || $0 == "x.json" ? paths[0] : $0 }
            let result = try await TreeRowsExecutable.run(resolved)
            #expect(result.exitCode == 2 && result.standardOutput.isEmpty, "\(result)")
            #expect(result.standardError.contains("Fix:"), "\(result)")
        }
    }
}

extension BenchCommandTests {
    /// A head cell whose figure is null, text, missing or past a Double, or whose median has
    /// no samples, cannot pass the gate unseen: UNMEASURED, exit 1 (or 2 for a file that
    /// cannot be read), and the count of cells compared says one is missing.
    @Test(arguments: [("null", "allocations"), ("\"10\"", "allocations"), ("-", "allocations"), ("1e400", "allocations"),
                      ("samples", "median")] as [(String, String)])
    func compareFailsOnAHeadCellWithoutAFigure(_ figure: String, _ metric: String) async throws {
        let base = Self.report(allocations: 10)
        let head = switch figure {
        case "-": base.replacingOccurrences(of: "\"allocationsPerOp\":10.0,", with: "")
        case "samples": base.replacingOccurrences(of: "\"samples\":5,\"medianNs\":100,", with: "\"samples\":0,\"medianNs\":100,")
        default: base.replacingOccurrences(of: "\"allocationsPerOp\":10.0", with: "\"allocationsPerOp\":\(figure)")
        }
        #expect(head != base)
        try await Self.withFiles([base, head]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", metric])
            #expect([1, 2].contains(result.exitCode) && !result.wasSignalled, "\(result)")
            if result.exitCode == 1 {
                #expect(result.standardOutput.contains("UNMEASURED") && result.standardError.contains("no finite \(metric) figure"), "\(result)")
                #expect(result.standardOutput.contains("1 of the head's 2 cells compared; the base has 2"), "\(result)")
            }
        }
    }

    /// A cell only the head has passes, unless it is WRONG.
    @Test func compareFailsOnANewWrongCell() async throws {
        let base = Self.report(allocations: 10)
        let extra = #"{"strategy":"range-counts","corpus":"c","nodes":10,"operation":"toggle-random","samples":5,"medianNs":100,"p90Ns":120,"#
            + #""p99Ns":130,"opsPerSecond":1e7,"allocationsPerOp":0,"bytesPerOp":0,"peakResidentBytes":1000,"ratioToReference":0.01,"#
            + #""ratioToFastest":1,"correct":false},"#
        let head = base.replacingOccurrences(of: #""results":["#, with: #""results":["# + "\n" + extra)
        try await Self.withFiles([base, head]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains("WRONG (new in the head)") && result.standardError.contains("WRONG"), "\(result)")
        }
    }

    @Test func compareRejectsABareThresholdAboveOneAndNothingToCompare() async throws {
        try await Self.withFiles([Self.report(allocations: 1), #"{"schema":1,"machine":{},"results":[],"exponents":[]}"#]) { paths in
            let bare = try await TreeRowsExecutable.run(["compare", paths[0], paths[0], "--threshold", "10"])
            #expect(bare.exitCode == 2 && bare.standardError.contains("10%"), "\(bare)")
            let empty = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(empty.exitCode == 2 && empty.standardError.contains("holds no results") && empty.standardError.contains("nothing to compare"),
                    "\(empty)")
        }
    }
}
