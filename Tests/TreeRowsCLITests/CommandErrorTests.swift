import Foundation
import Testing

/// Bad input of any kind: exit code 2, a message on stderr, nothing on stdout.
@Suite("treerows errors", .timeLimit(.minutes(10)))
struct CommandErrorTests {
    /// A command line that must fail, and what its message must mention.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var mentions: [String]
        var testDescription: String { name }

        init(_ name: String, _ arguments: [String], mentions: [String]) {
            self.name = name
            self.arguments = arguments
            self.mentions = mentions
        }
    }

    static let corpus = "Corpora/recorded/hn-17338700.jsonl"
    static let missingFile = "/nonexistent-treerows-test/none.jsonl"

    static let cases: [Case] = [
        Case("unknown strategy", ["rows", "--corpus", corpus, "--strategy", "quick-sort"],
             mentions: ["unknown strategy \"quick-sort\"", "Fix:", "reference", "full-rebuild", "subtree-splice", "range-counts"]),
        Case("unknown id in --collapse", ["rows", "--corpus", corpus, "--collapse", "17339478,no-such-id"],
             mentions: ["\"no-such-id\"", "--collapse", "Fix:"]),
        Case("integer id as a string in --collapse", ["rows", "--corpus", corpus, "--collapse", "1"],
             mentions: ["\"1\"", "--collapse"]),
        Case("missing corpus file", ["rows", "--corpus", missingFile], mentions: [missingFile, "Fix:"]),
        Case("missing corpus file, check", ["check", "--corpus", missingFile, "--ops", "10"], mentions: [missingFile, "Fix:"]),
        Case("corpus is a folder", ["rows", "--corpus", "Corpora"], mentions: ["Corpora", "Fix:"]),
        Case("unknown flag", ["rows", "--corpus", corpus, "--colapse", "1"], mentions: ["--colapse"]),
        Case("unknown subcommand", ["columns"], mentions: ["columns"]),
        Case("missing --corpus", ["rows", "--strategy", "reference"], mentions: ["--corpus"]),
        Case("--ops 0", ["check", "--corpus", "hn-17338700", "--ops", "0"], mentions: ["--ops"]),
        Case("negative --ops", ["check", "--corpus", "hn-17338700", "--ops", "-5"],
             mentions: ["--ops must be a whole number from 1 up (got -5)"]),
        Case("negative --iterations", ["fuzz", "--iterations", "-1"], mentions: ["--iterations must be a whole number from 1 up (got -1)"]),
        Case("negative --jobs", ["fuzz", "--jobs", "-2", "--time", "1"], mentions: ["--jobs must be a whole number from 1 to 256 (got -2)"]),
        Case("negative --time", ["fuzz", "--time", "-1"], mentions: ["--time must be a number of seconds above 0, at most 31536000 (got -1.0)"]),
        Case("negative --repetitions", ["bench", "--repetitions", "-1"],
             mentions: ["--repetitions must be a whole number from 1 to 1000000 (got -1)"]),
        Case("negative --nodes", ["corpus", "generate", "--shape", "chain", "--nodes", "-3", "--seed", "1", "-o", "/tmp/never-written.trows"],
             mentions: ["--nodes -3 is out of range", "1...100000000"]),
        Case("--ops not a number", ["check", "--corpus", "hn-17338700", "--ops", "many"], mentions: ["--ops", "many"]),
        Case("--full-check-every 0", ["check", "--corpus", "hn-17338700", "--full-check-every", "0"],
             mentions: ["--full-check-every"]),
        Case("negative --seed", ["check", "--corpus", "hn-17338700", "--seed", "-1"], mentions: ["--seed", "0 to 2^64-1"]),
        Case("empty --operations", ["bench", "--operations", ""], mentions: ["unknown operation \"\" in --operations", "Fix:"]),
        Case("a trailing comma in --operations", ["bench", "--operations", "build,"], mentions: ["unknown operation \"\""]),
        Case("an operation twice", ["bench", "--operations", "build,toggle-random,build"], mentions: ["--operations names build twice"]),
        Case("empty --strategies, bench", ["bench", "--strategies", ""], mentions: ["unknown strategy \"\""]),
        Case("empty --strategies, fuzz", ["fuzz", "--strategies", "", "--time", "1"], mentions: ["unknown strategy \"\""]),
        Case("fuzz of the reference alone", ["fuzz", "--strategies", "reference", "--time", "1"],
             mentions: ["leaves nothing to fuzz", "Fix:"]),
        Case("bench beyond --memory-limit", ["bench", "--sizes", "reddit:1e3,1e8", "--strategies", "reference,range-counts",
                                             "--operations", "toggle-random", "--memory-limit", "8G"],
             mentions: ["bench of reddit:100000000 with 2 strategies and 1 operations needs an estimated 12.4 GiB",
                        "more than the --memory-limit of 8.0 GiB", "--memory-limit none"]),
        Case("--memory-limit not a size", ["corpus", "generate", "--shape", "chain", "--nodes", "10", "--seed", "1",
                                           "--memory-limit", "lots", "-o", "/tmp/never-written.trows"],
             mentions: ["--memory-limit", "lots"]),
    ]

    /// Checks the exit code and both streams of a failed run.
    static func expectFailure(_ result: ExecutionResult, mentioning mentions: [String]) {
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(!result.standardError.isEmpty, "\(result)")
        for piece in mentions {
            #expect(result.standardError.contains(piece), "stderr should mention \(piece)\n\(result)")
        }
    }

    @Test(arguments: cases)
    func exitsWithCodeTwo(_ example: Case) async throws {
        Self.expectFailure(try await TreeRowsExecutable.run(example.arguments), mentioning: example.mentions)
    }

    /// A corpus file with a problem on a known line.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var contents: String
        /// `:LINE:` or `: ` for a whole-file problem.
        var place: String
        var problem: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "malformed JSON", contents: "{\"source\": \"t\"}\n{\"id\": 1}\n{\"id\": 2, \"parent\": 1\n",
                place: ":3: ", problem: "invalid JSON"),
        BadFile(name: "unknown parent", contents: "{\"id\": 1}\n\n{\"id\": 2, \"parent\": 9}\n",
                place: ":3: ", problem: "parent 9 of node 2"),
        BadFile(name: "parent cycle", contents: "{\"id\": \"a\", \"parent\": \"b\"}\n{\"id\": \"b\", \"parent\": \"a\"}\n",
                place: ":1: ", problem: "parent cycle"),
        BadFile(name: "empty file", contents: "", place: ": ", problem: "empty file"),
    ]

    @Test(arguments: badFiles, ["rows", "check"])
    func reportsTheFileAndLine(_ bad: BadFile, _ subcommand: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bad.jsonl").path
        try Data(bad.contents.utf8).write(to: URL(fileURLWithPath: path))
        let result = try await TreeRowsExecutable.run([subcommand, "--corpus", path])
        Self.expectFailure(result, mentioning: [path + bad.place, bad.problem, "Fix:"])
    }
}
