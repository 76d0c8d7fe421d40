import Foundation
import Testing
import TreeRowsTestSupport
import TreeRowsCorpora

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
        let result = try await TreeRowsExecutable.run(["corpus", "stats", file, "--json"])
        if accepted {
            #expect(result.exitCode == 0, "\(result)")
            #expect(try CorpusShape.statistic("nodes", json: result.standardOutput) == 30, "\(result)")
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
        try folder.write("", to: "out.trows")
        let result = try await TreeRowsExecutable.run(["corpus", "import", "tree.jsonl", "-o", "/dev/stdout"], in: folder.url,
                                                      standardOutputPath: folder.path("out.trows"))
        #expect(result.exitCode == 0, "\(result)")
        let written = try TreeFile.decode([UInt8](Data(contentsOf: folder.url.appendingPathComponent("out.trows"))), file: "out.trows")
        #expect(written.tree.nodeCount == 30)
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

    /// One input of a table of messages: its files, the command, and what it must say.
    struct MessageCase: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String] = [:]
        var arguments: [String]
        var exitCode: Int32 = 2
        var says: [String]
        var neverSays: [String] = []
        var testDescription: String { name }
    }

    static let oddIDs = #"{"id":"int:5"}"# + "\n" + #"{"id":"str:x","parent":"int:5"}"# + "\n" + #"{"id":"a,b","parent":"int:5"}"# + "\n"
        + #"{"id":"back\\slash","parent":"int:5"}"# + "\n"
    static let zeroSamples = #"{"schema":2,"machine":{},"results":[{"strategy":"s","corpus":"c","nodes":10,"operation":"toggle-random","samples":0,"#
        + #""medianNs":782,"correct":true,"batch":1,"samplesNs":[]}],"exponents":[]}"#
    static let fewerSamples = zeroSamples.replacingOccurrences(of: #""samples":0,"medianNs":782"#, with: #""samples":3,"medianNs":782"#)
        .replacingOccurrences(of: #""samplesNs":[]"#, with: #""samplesNs":[780,782]"#)
    static let unmeasured = zeroSamples.replacingOccurrences(of: #""medianNs":782"#, with: #""medianNs":0"#)

    /// A message says what the tool found (the value, its kind, the part at fault) and a
    /// fix that applies: one row per input of the third probe's families.
    @Test(arguments: [
        MessageCase(name: "a string id shaped like int:N", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "int:5"],
                    says: ["the string id \"int:5\" is there", "Fix: write str:int:5"]),
        MessageCase(name: "str:int:5 names it", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "str:int:5"],
                    exitCode: 0, says: []),
        MessageCase(name: "a comma in an id, escaped", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "a\\,b"],
                    exitCode: 0, says: []),
        MessageCase(name: "a backslash in an id, escaped as rows prints it", files: ["t.jsonl": oddIDs],
                    arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "back\\\\slash"], exitCode: 0, says: []),
        MessageCase(name: "an empty id between commas", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "int:5,,str:x"],
                    says: ["has an empty id"]),
        MessageCase(name: "a trailing comma in --collapse", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "str:x,"],
                    says: ["has an empty id"]),
        MessageCase(name: "an unknown escape", files: ["t.jsonl": oddIDs], arguments: ["rows", "--corpus", "t.jsonl", "--collapse", "a\\qb"],
                    says: ["unknown escape \\q"]),
        MessageCase(name: "an empty size", arguments: ["bench", "--sizes", "reddit:1e3,,1e4"], says: ["an empty size"]),
        MessageCase(name: "a trailing comma in --sizes", arguments: ["bench", "--sizes", "reddit:1e3,"], says: ["an empty size"]),
        MessageCase(name: "a strategy of the wrong kind", files: ["r.json": NothingVacuousTests.repro.replacingOccurrences(of: "\"STRATEGY\"", with: "5")],
                    arguments: ["replay", "r.json"], says: ["\"strategy\" must be a string, but it is 5"], neverSays: ["missing"]),
        MessageCase(name: "operations of the wrong kind", files: ["r.json": NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all")
                        .replacingOccurrences(of: #""operations": ["#, with: #""operations": {"x": ["#).replacingOccurrences(of: "}]}", with: "}]}}")],
                    arguments: ["replay", "r.json"], says: ["\"operations\" must be an array of operations, but it is an object"], neverSays: ["missing"]),
        MessageCase(name: "a time without samples", files: ["r.json": zeroSamples], arguments: ["report", "r.json"],
                    says: ["\"medianNs\" is 782, but \"samples\" is 0"]),
        MessageCase(name: "samples that disagree with their count", files: ["r.json": fewerSamples], arguments: ["report", "r.json"],
                    says: ["\"samples\" is 3, but \"samplesNs\" holds 2"]),
        MessageCase(name: "a report of no timed cell", files: ["r.json": unmeasured], arguments: ["report", "r.json"],
                    says: ["took a timed sample", "rank nothing"]),
        MessageCase(name: "a .trows version below the first", files: ["v0.trows": "\u{89}TROWS\r\n\u{0}" + String(repeating: "\u{0}", count: 40)],
                    arguments: ["corpus", "stats", "v0.trows"], says: ["which no treerows writes", "damaged"], neverSays: ["reads version 0"]),
        MessageCase(name: "a threshold shown as given", files: ["a.json": BenchCommandTests.report(allocations: 100), "b.json": BenchCommandTests.report(allocations: 110.8)],
                    arguments: ["compare", "a.json", "b.json", "--threshold", "10.5%"], exitCode: 1, says: ["threshold 10.5%", "regressed beyond 10.5%"]),
        MessageCase(name: "a threshold in hex shown as a percentage", files: ["a.json": BenchCommandTests.report(allocations: 100), "b.json": BenchCommandTests.report(allocations: 100)],
                    arguments: ["compare", "a.json", "b.json", "--threshold", "0x1p-4"], exitCode: 0, says: ["threshold 6.25%"]),
        MessageCase(name: "a median compared with no samples", files: ["a.json": NothingVacuousTests.timed(samples: [0, 100])],
                    arguments: ["compare", "a.json", "a.json", "--metric", "median"], exitCode: 1,
                    says: ["no finite median figure"], neverSays: ["or compare --metric median", "allocation counting"]),
        MessageCase(name: "an empty results file", files: ["a.json": "", "b.json": BenchCommandTests.report(allocations: 1)],
                    arguments: ["compare", "a.json", "b.json"], says: ["a.json: empty file (0 bytes)"], neverSays: ["invalid JSON"]),
        MessageCase(name: "a results file of no cells", files: ["a.json": #"{"schema":2,"machine":{},"results":[],"exponents":[]}"#,
                                                              "b.json": BenchCommandTests.report(allocations: 1)],
                    arguments: ["compare", "a.json", "b.json"], says: ["a.json: holds no results"], neverSays: ["allocation counting"]),
        MessageCase(name: "a gate tool that is a folder", files: ["tool/x": ""], arguments: ["gate", "--base-tool", "tool", "--", "--operations", "build"],
                    says: ["tool is a folder, not a tool"], neverSays: ["doesn’t exist", "does not exist"]),
    ])
    func aMessageNamesWhatItFound(_ example: MessageCase) async throws {
        let folder = try TemporaryFolder("message-table")
        defer { folder.remove() }
        for (name, text) in example.files {
            if name.contains("/") { _ = try folder.subfolder(String(name.split(separator: "/")[0])) }
            try folder.write(Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }), to: name)
        }
        let result = try await TreeRowsExecutable.run(example.arguments, in: folder.url)
        #expect(result.exitCode == example.exitCode && !result.wasSignalled, "\(result)")
        let said = result.standardError + result.standardOutput
        for text in example.says { #expect(said.contains(text), "\(text): \(result)") }
        for text in example.neverSays { #expect(!said.contains(text), "\(text): \(result)") }
    }

    /// A folder of outputs the system will not make (a link to nothing, a name in /proc, an
    /// empty name) is refused before the run, not when a finding has nowhere to go.
    @Test(arguments: ["dangling", "/proc/treerows-nope", ""])
    func aFuzzOutputFolderThatCannotBeMadeIsRefusedFirst(_ out: String) async throws {
        let folder = try TemporaryFolder("out-folder")
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.path("dangling"), withDestinationPath: "/nonexistent/treerows/x")
        let result = try await TreeRowsExecutable.run(["fuzz", "--time", "1", "--out", out], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("--out") && !result.standardOutput.contains("no disagreement"), "\(result)")
    }

    /// A width too narrow for a word (COLUMNS=0) does not strip the help of its text.
    @Test(arguments: ["0", "1", "-5", "x"])
    func helpKeepsItsTextAtAnyColumns(_ columns: String) async throws {
        let result = try await TreeRowsExecutable.run(["bench", "--help"], environment: ["COLUMNS": columns])
        #expect(result.exitCode == 0 && result.standardOutput.contains("Timed samples per strategy"), "\(result)")
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
    /// (bench takes the same check, after it refuses a checked build.)
    @Test(arguments: [["fuzz", "--time", "1"], ["check", "--corpus", "reddit-worldnews-sxvem7", "--ops", "10"], ["replay", "repro.json"]])
    func aMemoryLimitBelowTheStartIsTheOptions(_ command: [String]) async throws {
        let folder = try TemporaryFolder("rss-floor")
        defer { folder.remove() }
        try folder.write(NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all"), to: "repro.json")
        let result = try await TreeRowsExecutable.run(command + ["--rss-limit-mb", "1"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("--rss-limit-mb 1 leaves the strategies no room")
            && !result.standardOutput.contains("out of memory"), "\(result)")
        // The fix it gives works: the value it names is taken.
        let suggested = try #require(result.standardError.firstMatch(of: /Fix: --rss-limit-mb (\d+) or more/)?.1).description
        let again = try await TreeRowsExecutable.run(command + ["--rss-limit-mb", suggested], in: folder.url)
        #expect(again.exitCode != 2 && !again.wasSignalled, "\(again)")
    }

    /// A memory estimate above --memory-limit names a limit that admits it, in units that
    /// show a limit below 1 MiB as what it is.
    @Test(arguments: ["1K", "5", "100K"])
    func aMemoryLimitTooLowNamesOneThatWorks(_ limit: String) async throws {
        let folder = try TemporaryFolder("memory-limit")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        let arguments = ["corpus", "generate", "--shape", "reddit", "--nodes", "1000", "--seed", "1", "-o", "g.trows"]
        let result = try await TreeRowsExecutable.run(arguments + ["--memory-limit", limit], in: folder.url)
        #expect(result.exitCode == 2 && !result.standardError.contains(" 0.0 MiB"), "\(result)")
        let match = try #require(result.standardError.firstMatch(of: /raise --memory-limit to (\d+\.\d) (GiB|MiB|KiB)/), "\(result)")
        let unit = ["GiB": 1 << 30, "MiB": 1 << 20, "KiB": 1 << 10][String(match.2)]!
        let raised = String(Int((Double(match.1)! * Double(unit)).rounded(.up)))
        let again = try await TreeRowsExecutable.run(arguments + ["--memory-limit", raised], in: folder.url)
        #expect(again.exitCode == 0, "\(again)")
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
    @Test(.linuxOnly("needs /dev/full (Linux), whose writes fail as on a full disk")) func aFullDiskIsCalledFull() async throws {
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
