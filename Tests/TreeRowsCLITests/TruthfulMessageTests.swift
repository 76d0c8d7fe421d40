import Foundation
import Testing

/// A message names the cause the tool found, not a guess: gzip padding that gzip itself
/// accepts is accepted, a trailing slash is a folder, a pipe is read like a file, a write
/// fails for the reason the system gave, a results file says which field is wrong.
@Suite struct TruthfulMessageTests {
    static let tree = (1...30).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }.joined(separator: "\n") + "\n"

    /// Zero padding after the last member (as tapes and some archivers leave) is read like
    /// gzip reads it; other trailing bytes are named as such, not as a corrupt stream.
    @Test(arguments: [(0, true), (1, true), (512, true), (-1, false), (-7, false)] as [(Int, Bool)])
    func gzipTrailingBytesAreToldApart(_ padding: Int, _ accepted: Bool) async throws {
        let folder = try TemporaryFolder("gzip-padding")
        defer { folder.remove() }
        let plain = try folder.write(Self.tree, to: "tree.jsonl")
        var bytes = try await SystemCommand.output(of: ["gzip", "-c", plain])
        bytes += padding >= 0 ? [UInt8](repeating: 0, count: padding) : [0, 0] + [UInt8](repeating: 0x41, count: -padding)
        let file = try folder.write(bytes, to: "tree.jsonl.gz")
        let result = try await TreeRowsExecutable.run(["corpus", "stats", file])
        if accepted {
            #expect(result.exitCode == 0 && result.standardOutput.contains("30"), "\(result)")
        } else {
            #expect(result.exitCode == 2 && result.standardError.contains("bytes after the last gzip member")
                && !result.standardError.contains("corrupt"), "\(result)")
        }
    }

    /// An output path that ends in a slash names a folder: said so, whatever the command.
    @Test(arguments: [["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o"],
                      ["corpus", "import", "tree.jsonl", "-o"], ["report", "results.json", "-o"], ["bench", "--json"]])
    func anOutputEndingInASlashIsAFolder(_ command: [String]) async throws {
        let folder = try TemporaryFolder("slash-output")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        let result = try await TreeRowsExecutable.run(command + ["missing/"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("ends in /") && !result.standardError.contains("disk"), "\(result)")
        #expect(try folder.entries().filter { $0.hasPrefix(".") }.isEmpty, "a temporary was left")
    }

    /// An output whose folder is a file: said so, not "does not exist", whatever the
    /// command and however deep the file sits in the path.
    @Test(arguments: [["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o"],
                      ["corpus", "import", "tree.jsonl", "-o"], ["report", "results.json", "-o"], ["bench", "--json"],
                      ["fuzz", "--time", "1", "--out"]], ["tree.jsonl/out", "tree.jsonl/deeper/out"])
    func anOutputUnderAFileSaysItIsAFile(_ command: [String], _ output: String) async throws {
        let folder = try TemporaryFolder("file-as-folder")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        let result = try await TreeRowsExecutable.run(command + [output], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("tree.jsonl is a file, not a folder")
            && !result.standardError.contains("does not exist"), "\(result)")
    }

    /// An output through a loop of symbolic links is named a loop, at the looping link,
    /// whatever the command and wherever the loop sits in the path; `/dev/stdout` is
    /// written to standard output.
    @Test(arguments: [["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o"],
                      ["corpus", "import", "tree.jsonl", "-o"], ["report", "results.json", "-o"], ["bench", "--json"],
                      ["fuzz", "--time", "1", "--out"]], ["one", "one/out", "one/deeper/out"])
    func anOutputThroughALinkLoopSaysItLoops(_ command: [String], _ output: String) async throws {
        let folder = try TemporaryFolder("link-loop")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("one").path, withDestinationPath: "two")
        try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent("two").path, withDestinationPath: "one")
        let result = try await TreeRowsExecutable.run(command + [output], in: folder.url)
        if command.first == "fuzz" && output == "one" {
            // A folder of outputs: `one` is the loop itself.
            #expect(result.exitCode == 2 && result.standardError.contains("one is a loop of symbolic links"), "\(result)")
        } else {
            #expect(result.exitCode == 2 && result.standardError.contains("loop of symbolic links")
                && !result.standardError.contains("does not exist"), "\(result)")
        }
    }

    @Test func anOutputToStandardOutputThroughItsLinkIsWritten() async throws {
        let folder = try TemporaryFolder("dev-stdout")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        let result = try await TreeRowsExecutable.run(["corpus", "import", "tree.jsonl", "-o", "/dev/stdout"], in: folder.url)
        #expect(result.exitCode == 0 && result.standardOutput.contains("TROWS\r\n"), "\(result)")
    }

    /// A setting named with a parameter says which part is wrong: the name, the parameter's
    /// presence, its digits or its range, with the range in the fix, in every option that
    /// takes one.
    @Test(arguments: [
        (["corpus", "generate", "--nodes", "5", "--seed", "1", "-o", "g.trows", "--shape", "balanced:0"], "its K is out of range", "K from 1 to 1000000"),
        (["corpus", "generate", "--nodes", "5", "--seed", "1", "-o", "g.trows", "--shape", "chain:3"], "chain takes no parameter", "write chain alone"),
        (["corpus", "generate", "--nodes", "5", "--seed", "1", "-o", "g.trows", "--shape", "Reddit"], "lower case", "write reddit"),
        (["corpus", "generate", "--nodes", "5", "--seed", "1", "-o", "g.trows", "--shape", "reddit", "--expansion", "random:101"], "its P is out of range", "P from 0 to 100"),
        (["corpus", "generate", "--nodes", "5", "--seed", "1", "-o", "g.trows", "--shape", "reddit", "--expansion", "random"], "random needs its P", "random:P"),
        (["rows", "--corpus", "tree.jsonl", "--heights", "--height-model", "uniform:0"], "its H is out of range", "H from 1 to"),
        (["rows", "--corpus", "tree.jsonl", "--heights", "--height-model", "uniform:1.5"], "its H must be a whole number", "H from 1 to"),
        (["bench", "--sizes", "balanced:0:10"], "its K is out of range", "K from 1 to 1000000"),
    ] as [([String], String, String)])
    func aParameterizedSettingSaysWhichPartIsWrong(_ arguments: [String], _ problem: String, _ fix: String) async throws {
        let folder = try TemporaryFolder("parameterized")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        let result = try await TreeRowsExecutable.run(arguments, in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains(problem) && result.standardError.contains(fix)
            && !result.standardError.contains("unknown"), "\(result)")
    }

    /// `all` names every strategy or operation: beside other names it is refused as such,
    /// not as an unknown name whose fix is "use all".
    @Test(arguments: [["fuzz", "--time", "1", "--strategies", "all,range-counts"], ["check", "--corpus", "reddit-worldnews-sxvem7", "--ops", "1", "--strategies", "range-counts,all"],
                      ["bench", "--operations", "all,toggle-random"], ["replay", "repro.json", "--strategies", "all,all"]])
    func allStandsAlone(_ command: [String]) async throws {
        let folder = try TemporaryFolder("all-alone")
        defer { folder.remove() }
        try folder.write(NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all"), to: "repro.json")
        let result = try await TreeRowsExecutable.run(command, in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("all stands alone")
            && !result.standardError.contains("unknown"), "\(result)")
    }

    /// A repro's number that is out of range says what it is: a whole number below the
    /// range is not "not a whole number", and one past 64 bits is said to be past them.
    @Test(arguments: [
        (#"{"op": "insert", "id": "n", "parent": null, "position": -1}"#, "operations[0].position", "but it is -1"),
        (#"{"op": "insert", "id": "n", "parent": null, "position": 18446744073709551616}"#, "operations[0].position", "past the 64-bit range"),
        (#"{"op": "insert", "id": "n", "parent": null, "position": "0"}"#, "operations[0].position", "but it is a string"),
        (#"{"op": "toggle", "node": 18446744073709551616}"#, "operations[0].node", "18446744073709551616, past the 64-bit range"),
        (#"{"op": "toggle", "node": 1.5}"#, "operations[0].node", "but it is 1.5"),
        (#"{"op": "insert", "id": "n", "parent": null, "position": 0, "time": 99999999999999999999}"#, "operations[0].time", "past the 64-bit range"),
    ] as [(String, String, String)])
    func aReproNumberOutOfRangeIsShown(_ operation: String, _ field: String, _ shown: String) async throws {
        let folder = try TemporaryFolder("repro-range")
        defer { folder.remove() }
        let repro = #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": 1, "parent": null, "expanded": true}], "operations": ["#
            + operation + "]}"
        try folder.write(repro, to: "repro.json")
        let result = try await TreeRowsExecutable.run(["replay", "repro.json"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains(field) && result.standardError.contains(shown), "\(result)")
    }

    /// A memory limit below what a child starts with is the option's fault, said so before
    /// any strategy runs, not every strategy "out of memory".
    /// (bench takes the same check, after it refuses a debug build.)
    @Test(arguments: [["fuzz", "--time", "1"], ["check", "--corpus", "reddit-worldnews-sxvem7", "--ops", "10"], ["replay", "repro.json"]])
    func aMemoryLimitBelowTheStartIsTheOptions(_ command: [String]) async throws {
        let folder = try TemporaryFolder("rss-floor")
        defer { folder.remove() }
        try folder.write(NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all"), to: "repro.json")
        let result = try await TreeRowsExecutable.run(command + ["--rss-limit-mb", "1"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("--rss-limit-mb 1 leaves the strategies no room")
            && !result.standardOutput.contains("out of memory"), "\(result)")
    }

    /// Inputs read through a pipe, as a shell's process substitution passes them: a corpus,
    /// a results file, a repro.
    @Test(arguments: [["corpus", "stats", "<(cat tree.jsonl)"], ["rows", "--corpus", "<(cat tree.jsonl)"],
                      ["report", "<(cat results.json)"], ["replay", "<(cat repro.json)"]])
    func aPipeIsReadLikeAFile(_ command: [String]) async throws {
        let folder = try TemporaryFolder("pipe-input")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        try folder.write(NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all"), to: "repro.json")
        let executable = try TreeRowsExecutable.location.get().path
        let script = "cd '\(folder.url.path)' && '\(executable)' " + command.joined(separator: " ") + " >stdout 2>stderr; echo $? >status"
        _ = try await SystemCommand.output(of: ["bash", "-c", script])
        let status = try String(contentsOf: folder.url.appendingPathComponent("status"), encoding: .utf8)
        let errors = try String(contentsOf: folder.url.appendingPathComponent("stderr"), encoding: .utf8)
        #expect(status == "0\n", "\(command): exit \(status), \(errors)")
    }

    /// A write that fails says what the system said and a fix for that cause.
    @Test func aFullDiskIsCalledFull() async throws {
        let result = try await TreeRowsExecutable.run(["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o", "/dev/full"])
        #expect(result.exitCode == 2 && result.standardError.contains("No space left on device")
            && result.standardError.contains("free space"), "\(result)")
    }

    /// Each required field of a results entry, missing or of another type, is named.
    @Test(arguments: [("strategy", "a string"), ("corpus", "a string"), ("operation", "a string"), ("medianNs", "a number"),
                      ("correct", "true or false")])
    func aResultsFileSaysWhichFieldIsWrong(_ field: String, _ wanted: String) async throws {
        let folder = try TemporaryFolder("results-field")
        defer { folder.remove() }
        let report = BenchCommandTests.report(allocations: 10)
        for (variant, found) in [("\"\(field)x\"", "missing"), ("\"\(field)\": [], \"\(field)y\"", "an array")] {
            let file = try folder.write(report.replacingOccurrences(of: "\"\(field)\"", with: variant), to: "results.json")
            let result = try await TreeRowsExecutable.run(["report", file])
            #expect(result.exitCode == 2 && result.standardError.contains("results[0]: \"\(field)\" must be \(wanted), but it is \(found)"),
                    "\(result)")
        }
    }
}
