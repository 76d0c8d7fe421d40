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
