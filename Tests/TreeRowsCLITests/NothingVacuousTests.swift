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

    /// A results file of `cells` toggle cells, each keeping `samples` samples around 100 ns.
    static func timed(samples: [Int]) -> String {
        let cells = samples.enumerated().map { index, count in
            let values = (0..<count).map { String(100 + ($0 * 7) % 5) }.joined(separator: ",")
            return #"{"strategy":"s\#(index)","corpus":"c","nodes":10,"operation":"toggle-random","samples":\#(count),"medianNs":\#(count == 0 ? 0 : 100),"#
                + #""correct":true,"batch":16,"samplesNs":[\#(values)]}"#
        }
        // A combined report, a sample a run: time is tested on it.
        return #"{"schema":2,"machine":{"rounds":\#(max(2, samples.max() ?? 2))},"results":["# + cells.joined(separator: ",") + #"],"exponents":[]}"#
    }

    /// A time comparison whose cells have too few samples for an interval tested nothing:
    /// every cell so → exit 2, some → exit 1 with those cells UNTESTED; the fix names a
    /// sample count that does bound an interval.
    @Test(arguments: [([2, 2], 2), ([1, 3], 2), ([2, 100], 1), ([100, 100], 0)] as [([Int], Int32)])
    func aTimeComparisonOfTooFewSamplesDoesNotPass(_ samples: [Int], _ exitCode: Int32) async throws {
        try await BenchCommandTests.withFiles([Self.timed(samples: samples), Self.timed(samples: samples)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == exitCode && !result.wasSignalled, "\(result)")
            let untested = samples.filter { $0 < 10 }.count
            if exitCode == 2 {
                #expect(result.standardError.contains("nothing was tested") && result.standardError.contains("runs a side"), "\(result)")
            } else if untested > 0 {
                #expect(result.standardOutput.contains("UNTESTED") && result.standardError.contains("\(untested) cells have too few samples"), "\(result)")
                #expect(result.standardOutput.contains("time: \(samples.count - untested) cells tested"), "\(result)")
            }
            if let needed = result.standardError.firstMatch(of: /give (\d+) or more runs a side/)?.1 {
                let enough = Int(needed)!
                try await BenchCommandTests.withFiles([Self.timed(samples: samples.map { _ in enough }), Self.timed(samples: samples.map { _ in enough })]) { more in
                    let again = try await TreeRowsExecutable.run(["compare", more[0], more[1], "--metric", "median"])
                    #expect(again.exitCode == 0, "\(again)")
                }
            }
        }
    }

    /// A gate reads only what its own rounds wrote: results left by an earlier run in --out
    /// are not taken for a tool that wrote none.
    @Test func aGateDoesNotReadAnEarlierRunsRounds() async throws {
        let folder = try TemporaryFolder("stale-gate")
        defer { folder.remove() }
        _ = try folder.subfolder("out")
        for side in ["base", "head"] {
            for round in 1...2 { try folder.write(CompareTimeTests.report(fastMedian: 100), to: "out/\(side)-round-\(round).json") }
        }
        let tool = FileManager.default.isExecutableFile(atPath: "/usr/bin/true") ? "/usr/bin/true" : "/bin/true"
        let result = try await TreeRowsExecutable.run(["gate", "--base-tool", tool, "--head-tool", tool, "--rounds", "2", "--out", "out",
                                                       "--", "--operations", "toggle-random"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("wrote no results"), "\(result)")
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
