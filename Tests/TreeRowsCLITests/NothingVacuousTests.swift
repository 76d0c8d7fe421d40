import Foundation
import Testing
import TreeRows
import TreeRowsCorpora

/// A command that checked or measured nothing does not pass: a fuzz run that ran no
/// operation, a replay of the reference against itself, a bench of a tree without nodes.
/// Each exits 2 and says why, as `fuzz --strategies reference` does.
@Suite struct NothingVacuousTests {
    static let repro = #"{"format": "treerows-repro", "version": 1, "strategy": "STRATEGY", "tree": [{"id": "a", "parent": null, "expanded": true}, "#
        + #"{"id": "b", "parent": "a", "expanded": true}], "operations": [{"op": "toggle", "node": "a"}]}"#

    @Test func aFuzzRunThatRanNoOperationFails() async throws {
        let folder = try TemporaryFolder("vacuous-fuzz")
        defer { folder.remove() }
        let result = try await TreeRowsExecutable.run(["fuzz", "--time", "0.000001", "--out", folder.path("findings")])
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.contains("no operation ran in --time 1e-06") && result.standardError.contains("Fix:"), "\(result)")
        #expect(!result.standardOutput.contains("no disagreement"), "\(result)")
    }

    /// The reference named by the file, by `--strategies`, or by both.
    @Test(arguments: [("reference", nil), ("all", "reference"), ("reference", "reference")] as [(String, String?)])
    func aReplayOfTheReferenceAloneFails(_ fileStrategy: String, _ option: String?) async throws {
        let folder = try TemporaryFolder("vacuous-replay")
        defer { folder.remove() }
        let file = try folder.write(Self.repro.replacingOccurrences(of: "STRATEGY", with: fileStrategy), to: "repro.json")
        let result = try await TreeRowsExecutable.run(["replay", file] + (option.map { ["--strategies", $0] } ?? []))
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.contains("leaves nothing to replay") && result.standardError.contains("Fix:"), "\(result)")
        #expect(!result.standardOutput.contains("pass "), "\(result)")
    }

    @Test func aBenchOfATreeWithoutNodesFails() async throws {
        let folder = try TemporaryFolder("vacuous-bench")
        defer { folder.remove() }
        let file = try folder.write(try TreeFile.encode(Tree(), metadata: .object([])), to: "empty.trows")
        let result = try await TreeRowsExecutable.run(["bench", "--corpus", file, "--operations", "toggle-random"])
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.contains("the tree has no nodes") && result.standardError.contains("Fix:"), "\(result)")
    }
}

/// What only a release build measures: a bench whose every cell ran out of inputs timed
/// nothing, and fails instead of writing an empty verdict.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseNothingVacuousTests"))
struct ReleaseNothingVacuousTests {
    @Test func aBenchThatTimedNothingFails() async throws {
        let folder = try TemporaryFolder("vacuous-bench-release")
        defer { folder.remove() }
        let corpus = try folder.write(#"{"id": 1, "parent": null}"#, to: "one.jsonl")
        let result = try await TreeRowsExecutable.run(["bench", "--corpus", corpus, "--operations", "remove-subtree",
                                                       "--strategies", "range-counts", "--json", folder.path("out.json")])
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.contains("no cell took a timed sample") && result.standardError.contains("Fix:"), "\(result)")
        #expect(try folder.entries() == ["one.jsonl"], "the JSON of nothing measured was written")
    }
}
