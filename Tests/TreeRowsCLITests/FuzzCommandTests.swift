import Foundation
import Testing
import TreeRowsHarness

@Suite("treerows fuzz and replay") struct FuzzCommandTests {
    // The debug binary runs the small tier only: the large one needs release speed (ScaleMutantTests).
    @Test func fuzzPassesAndReportsItsRate() async throws {
        let result = try await TreeRowsExecutable.run(["fuzz", "--seed", "3", "--iterations", "3000", "--large-share", "0", "--jobs", "1"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("fuzz: 3000 operations in"), "\(result)")
        #expect(result.standardOutput.contains("operations/s; seed 3\n"), "\(result)")
        #expect(result.standardOutput.contains("  small tier: 3000 operations in"), "\(result)")
        #expect(result.standardOutput.contains("per strategy (operations and checks): full-rebuild "), "\(result)")
        #expect(result.outputLines.last == "no disagreement", "\(result)")
        #expect(result.standardOutput.contains("full-rebuild, subtree-splice, range-counts"), "\(result)")
    }

    @Test func workersPrintTheirSeedsAndCoverage() async throws {
        let result = try await TreeRowsExecutable.run(["fuzz", "--seed", "5", "--iterations", "2000", "--large-share", "0",
                                                       "--jobs", "2", "--coverage", "--strategies", "range-counts"])
        #expect(result.exitCode == 0, "\(result)")
        let seeds = FuzzWorkers.seed(of: 1, base: 5)
        #expect(result.standardOutput.contains("seed 5; 2 workers, seeds 5, \(seeds)"), "\(result)")
        #expect(result.standardOutput.contains("coverage: "), "\(result)")
        #expect(result.standardOutput.contains("  toggle · target hidden "), "\(result)")
    }

    @Test func fuzzSelectedStrategiesForATime() async throws {
        let result = try await TreeRowsExecutable.run(["fuzz", "--time", "1", "--strategies", "range-counts", "--max-nodes", "64",
                                                       "--large-share", "0"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("on range-counts beside the reference"), "\(result)")
    }

    @Test(arguments: [
        ["fuzz", "--iterations", "0"], ["fuzz", "--iterations", "10", "--time", "1"], ["fuzz", "--time", "-1"],
        ["fuzz", "--strategies", "range-counts,bogus"], ["fuzz", "--max-nodes", "0"], ["fuzz", "--jobs", "0"],
        ["fuzz", "--large-share", "1.5"], ["fuzz", "--shrink-time", "0"], ["replay"],
        ["replay", "/nonexistent/repro.json"],
    ])
    func badInvocationsExitTwo(_ arguments: [String]) async throws {
        let result = try await TreeRowsExecutable.run(arguments)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(!result.standardError.isEmpty, "\(result)")
    }

    @Test func replayRegressionCases() async throws {
        let folder = TreeRowsExecutable.packageRoot.appendingPathComponent("Corpora/repros")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        let result = try await TreeRowsExecutable.run(["replay"] + files.map { folder.appendingPathComponent($0).path })
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.outputLines.count == files.count && result.outputLines.allSatisfy { $0.hasPrefix("pass ") }, "\(result)")
    }

    @Test func replayAgainstOtherStrategies() async throws {
        let file = TreeRowsExecutable.packageRoot.appendingPathComponent("Corpora/repros/stale-ancestor-counts.json").path
        let result = try await TreeRowsExecutable.run(["replay", file, "--strategies", "range-counts,fenwick-counts"])
        #expect(result.exitCode == 0 && result.outputLines.count == 1 && result.outputLines[0].hasPrefix("pass \(file) ("), "\(result)")
        #expect(result.standardOutput.contains("range-counts,fenwick-counts)"), "\(result)")
        let unknown = try await TreeRowsExecutable.run(["replay", file, "--strategies", "bogus"])
        #expect(unknown.exitCode == 2 && unknown.standardError.contains("unknown strategy \"bogus\""), "\(unknown)")
    }

    @Test func replayRejectsMalformedFiles() async throws {
        let cases = [
            ("not-json", "{"), ("wrong-format", #"{"format": "other", "version": 1}"#),
            ("parent-after-child", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": "a", "parent": "b", "expanded": true}, {"id": "b", "parent": null, "expanded": true}], "operations": []}"#),
            ("unknown-op", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [], "operations": [{"op": "fold", "node": "a"}]}"#),
            ("unknown-strategy", #"{"format": "treerows-repro", "version": 1, "strategy": "mine", "tree": [], "operations": []}"#),
            ("unknown-node", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": 1, "parent": null, "expanded": true}], "operations": [{"op": "toggle", "node": 1}, {"op": "toggle", "node": 2}]}"#),
            ("existing-id", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": 1, "parent": null, "expanded": true}], "operations": [{"op": "insert", "id": 1, "parent": null, "position": 0}]}"#),
            ("bad-position", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": 1, "parent": null, "expanded": true}], "operations": [{"op": "insert", "id": 2, "parent": 1, "position": 5}]}"#),
            ("duplicate-tree-id", #"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": 1, "parent": null, "expanded": true}, {"id": 2, "parent": 1, "expanded": true}, {"id": 1, "parent": 2, "expanded": true}], "operations": []}"#),
        ]
        // The fix fits the fault: a duplicate id is not told to reorder parents.
        let fixes = ["parent-after-child": "list every parent before its children",
                     "duplicate-tree-id": "give every node its own id (node 0 has it first)"]
        for (name, text) in cases {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("repro-\(name)-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: file) }
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try await TreeRowsExecutable.run(["replay", file.path])
            #expect(result.exitCode == 2, "\(name): \(result)")
            #expect(result.standardError.contains("Fix:"), "\(name): \(result)")
            if name == "unknown-strategy" {
                // The file's own strategy is at fault, not an option the user did not give.
                #expect(result.standardError.contains("unknown strategy \"mine\" in its \"strategy\""), "\(result)")
            }
            if let fix = fixes[name] {
                #expect(result.standardError.contains("Fix: \(fix)"), "\(name): \(result)")
                #expect(!result.standardError.contains("Fix: list") || name == "parent-after-child", "\(name): \(result)")
            }
            if ["unknown-node", "bad-position", "existing-id"].contains(name) {
                #expect(result.standardError.contains(name == "unknown-node" ? "operation 1 (" : "operation 0 ("), "\(name): \(result)")
            }
        }
    }
}
