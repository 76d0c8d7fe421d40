import Foundation
import Testing

/// Every run that sizes its trees from options or inputs is estimated before it starts: a
/// fuzz run (its workers' largest cases), a bench of named corpora or of a sweep. One that
/// cannot fit is refused with exit 2, the estimate, the limit and the fix; one that fits runs.
@Suite struct MemoryPreflightTests {
    static let tree = (1...200).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }.joined(separator: "\n")

    @Test(arguments: [
        (["fuzz", "--time", "1", "--memory-limit", "1G"], "more than the --memory-limit of 1.0 GiB"),
        (["fuzz", "--time", "1", "--jobs", "64", "--memory-limit", "8G"], "fuzz with 64 workers"),
        (["fuzz", "--time", "1", "--rss-limit-mb", "500"], "more than --rss-limit-mb 500 allows each worker"),
        (["fuzz", "--time", "1", "--large-share", "0", "--max-nodes", "1000000", "--rss-limit-mb", "300"], "trees of up to 1000000 nodes"),
        (["bench", "--corpus", "tree.jsonl", "--memory-limit", "64M"], "bench of 1 corpus (200 nodes"),
        // 64 MiB and 200 nodes' cells fit; a second tree does not.
        (["bench", "--corpus", "tree.jsonl", "--corpus", "./tree.jsonl", "--memory-limit", "67155000"], "bench of 2 corpora (400 nodes"),
        (["bench", "--sizes", "reddit:1e7", "--memory-limit", "1G"], "bench of reddit:10000000"),
    ] as [([String], String)])
    func aRunThatCannotFitIsRefusedFirst(_ arguments: [String], _ message: String) async throws {
        let folder = try TemporaryFolder("preflight")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        let result = try await TreeRowsExecutable.run(arguments + (arguments[0] == "fuzz" ? ["--out", "findings"] : []), in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("needs an estimated") && result.standardError.contains(message)
            && result.standardError.contains("Fix:"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("findings")), "the refused run started")
    }

    @Test func aRunThatFitsRuns() async throws {
        let folder = try TemporaryFolder("preflight-fits")
        defer { folder.remove() }
        let result = try await TreeRowsExecutable.run(["fuzz", "--iterations", "20", "--large-share", "0", "--max-nodes", "1000",
                                                       "--memory-limit", "1G", "--rss-limit-mb", "300", "--out", "findings"], in: folder.url)
        #expect(result.exitCode == 0 && result.standardOutput.contains("no disagreement"), "\(result)")
    }
}
