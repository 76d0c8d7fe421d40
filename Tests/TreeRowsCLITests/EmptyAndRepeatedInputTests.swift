import Foundation
import Testing

/// Inputs that say nothing, or say one thing twice, are refused (exit 2, or 1 for a listing
/// that found a broken corpus) instead of passing: a CSV column named twice, a corpus file
/// `corpus list` cannot load, a repro of nothing, a report of no results, options that
/// select nothing or take no effect.
@Suite struct EmptyAndRepeatedInputTests {
    @Test(arguments: [("node,parent,node", "node"), ("node,parent,time,score,time", "time"), ("Parent,node,parent", "parent")])
    func aCSVColumnNamedTwiceIsRefused(_ header: String, _ name: String) async throws {
        let folder = try TemporaryFolder("csv-twice")
        defer { folder.remove() }
        let columns = header.split(separator: ",").count
        let row = (["1", ""] + Array(repeating: "1", count: columns - 2)).joined(separator: ",")
        let file = try folder.write(header + "\n" + row + "\n", to: "tree.csv")
        let result = try await TreeRowsExecutable.run(["corpus", "validate", file])
        #expect(result.exitCode == 2 && result.standardError.contains("names the column \(name) twice")
            && result.standardError.contains("Fix:"), "\(result)")
    }

    @Test func corpusListShowsAFileItCannotLoad() async throws {
        let folder = try TemporaryFolder("list-broken")
        defer { folder.remove() }
        _ = try folder.subfolder("Corpora")
        _ = try folder.subfolder("Corpora/synthetic")
        _ = try folder.subfolder("Corpora/recorded")
        try folder.write(#"{"shape": "nothing-like-this", "nodes": 10}"#, to: "Corpora/synthetic/broken-spec.json")
        try folder.write("not a trows file", to: "Corpora/recorded/broken-thread.trows")
        let result = try await TreeRowsExecutable.run(["corpus", "list"], in: folder.url)
        #expect(result.exitCode == 1 && !result.wasSignalled, "\(result)")
        for name in ["broken-spec", "broken-thread"] {
            #expect(result.standardOutput.split(separator: "\n").contains { $0.hasPrefix(name) && $0.contains("BROKEN") }, "\(result)")
        }
        #expect(result.standardError.contains("cannot be loaded") && result.standardError.contains("Fix:"), "\(result)")
    }

    @Test func aReplayOfNothingAndAReportOfNothingFail() async throws {
        let folder = try TemporaryFolder("empty-replay")
        defer { folder.remove() }
        let repro = try folder.write(#"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [], "operations": []}"#, to: "r.json")
        let replay = try await TreeRowsExecutable.run(["replay", repro])
        #expect(replay.exitCode == 2 && replay.standardError.contains("leave nothing to replay") && !replay.standardOutput.contains("pass"), "\(replay)")
        let results = try folder.write(#"{"schema":2,"machine":{},"results":[],"exponents":[]}"#, to: "empty.json")
        for format in ["markdown", "svg", "html"] {
            let report = try await TreeRowsExecutable.run(["report", results, "--format", format])
            #expect(report.exitCode == 2 && report.standardError.contains("has no results"), "\(format): \(report)")
        }
    }

    @Test(arguments: [["--collapse", ""], ["--collapse", ","], ["--collapse", " , "], ["--height-model", "text"]])
    func rowsOptionsThatSelectNothingAreRefused(_ options: [String]) async throws {
        let folder = try TemporaryFolder("rows-nothing")
        defer { folder.remove() }
        let file = try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": 2, "parent": 1}"#, to: "tree.jsonl")
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", file] + options)
        #expect(result.exitCode == 2 && result.standardError.contains("Fix:") && result.standardOutput.isEmpty, "\(options): \(result)")
    }
}
