import Foundation
import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// `cliffs` through the mutants' tool, as a user runs a strategy of theirs: every planted
/// cliff (Tests/TreeRowsTestSupport/Cliffs) is found in one run at the default time, with its
/// step and a shape family that sets it off, written to a cost repro file that `replay`
/// measures again; the unplanted copy gives none; and a size sweep that sets each off names
/// it in bench's verdict. Release only: costs are measured, and the checked build's invariant
/// checks cost O(n) a step.
@Suite(.serialized, .enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseCliffsCommandTests"))
struct ReleaseCliffsCommandTests {
    /// Each planted strategy, the step it is slow in, the kind of cliff, and the families
    /// that can show it.
    static let planted: [(strategy: String, step: String, kind: String, families: [String])] = [
        (WideNodeToggleCliff.name, "toggle", "growth", ["caterpillar:64", "balanced:256", "balanced:16", "random", "hn", "reddit"]),
        (DeepChainInsertCliff.name, "insert", "growth", ["chain", "caterpillar:3", "caterpillar:64", "random", "hn", "reddit"]),
        (SizeThresholdIndexCliff.name, "index-of", "growth", CostCandidate.families),
        (OneInKToggleTail.name, "toggle", "tail", ["reddit"]),
        (GrowingMemoryToggle.name, "toggle", "memory", ["reddit"]),
    ]

    @Test func everyPlantedCliffIsFoundAndReplayed() async throws {
        try await TemporaryFolder.with("cliffs") { folder in
            let strategies = PlantedCliffs.all.map { $0.name }.joined(separator: ",")
            let out = folder.path("found")
            let result = try await TreeRowsExecutable.run(["cliffs", "--strategies", strategies, "--steps", "toggle,insert,index-of", "--out", out],
                                                          mutants: true, deadline: .seconds(400))
            #expect(result.exitCode == 1, "\(result)")
            let files = try folder.subfolder("found").entries()
            var repros: [String: [CostRepro]] = [:]
            for file in files {
                let repro = try CostRepro.read(contentsOf: out + "/" + file)
                repros[repro.cliff.strategy, default: []].append(repro)
            }
            for (strategy, step, kind, families) in Self.planted {
                let found = repros[strategy] ?? []
                #expect(found.contains { $0.cliff.candidate.step.name == step && $0.cliff.kind.rawValue == kind
                    && families.contains($0.cliff.candidate.shape) }, "\(strategy): \(found.map(\.cliff.summary)) \(result)")
                // Nothing in the steps the plant leaves alone.
                #expect(found.allSatisfy { $0.cliff.candidate.step.name == step }, "\(strategy): \(found.map(\.cliff.summary))")
            }
            #expect(repros[UnplantedCopy.name] == nil, "\(repros[UnplantedCopy.name]?.map(\.cliff.summary) ?? [])")
            // The summary names every cliff and its repro file.
            #expect(result.standardOutput.contains("cliff: \(DeepChainInsertCliff.name): insert"), "\(result)")
            // A cost repro replays: the cliff is still there.
            let growth = try #require(files.first { $0.hasPrefix(DeepChainInsertCliff.name) })
            let replayed = try await TreeRowsExecutable.run(["replay", out + "/" + growth], mutants: true, deadline: .seconds(120))
            #expect(replayed.exitCode == 1 && replayed.standardOutput.contains("FAIL") && replayed.standardOutput.contains("still a cliff"), "\(replayed)")
            // Against preorder-btree, which has no such cliff, it passes.
            let fixed = try await TreeRowsExecutable.run(["replay", out + "/" + growth, "--strategies", "preorder-btree"], mutants: true,
                                                         deadline: .seconds(120))
            #expect(fixed.exitCode == 0 && fixed.standardOutput.contains("the cliff is gone"), "\(fixed)")
        }
    }

    /// preorder-btree forwarded, undeclared, judged against the built-in strategies on every
    /// step: no cliff.
    @Test func theUnplantedCopyHasNoCliffOnAnyStep() async throws {
        try await TemporaryFolder.with("cliffs-none") { folder in
            let result = try await TreeRowsExecutable.run(["cliffs", "--strategies", UnplantedCopy.name, "--out", folder.path("found")],
                                                          mutants: true, deadline: .seconds(400))
            #expect(result.exitCode == 0 && result.standardOutput.contains("no cliff in "), "\(result)")
        }
    }

    /// A size sweep that sets each plant off names it in the verdict: a growth, a spread or
    /// memory kept, beside preorder-btree, which it does not pick.
    @Test(arguments: [
        ("balanced:256:1e3,1e4,1e5", WideNodeToggleCliff.name, "toggle-heavy", "growth:"),
        ("chain:1e3,1e4", DeepChainInsertCliff.name, "insert-reply", "growth:"),
        ("reddit:1e5,1e6", SizeThresholdIndexCliff.name, "index-of-random", "growth:"),
        ("reddit:1e4,1e5", OneInKToggleTail.name, "toggle-random", "spread:"),
        ("reddit:1e4,1e5", GrowingMemoryToggle.name, "toggle-random", "keeps:"),
    ])
    func everyPlantedCliffIsNamedByASweepsVerdict(_ sizes: String, _ strategy: String, _ operation: String, _ label: String) async throws {
        let result = try await TreeRowsExecutable.run(["bench", "--sizes", sizes, "--strategies", "preorder-btree,\(strategy)", "--operations", operation],
                                                      mutants: true, deadline: .seconds(300))
        #expect(result.exitCode == 0, "\(result)")
        let verdict = result.standardOutput.split(separator: "\n").drop { !$0.hasPrefix("verdict:") }
        #expect(verdict.contains { $0.hasPrefix("  \(label) \(strategy) ") }, "\(result)")
        #expect(verdict.contains("  all-round: preorder-btree, worst ratio to the fastest 1.00× (\(operation))") || verdict.first?.contains("use preorder-btree") == true,
                "\(result)")
    }

    /// Ctrl-C or SIGTERM in the middle of a search: it prints what it measured, writes the
    /// cliffs found so far, and exits 130 or 143 with no process left.
    @Test(arguments: StopSignal.signals)
    func aStoppedSearchKeepsTheCliffsFoundSoFar(_ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("stop-cliffs")
        defer { folder.remove() }
        // range-counts' index-of scans sibling lists: a cliff against subtree-splice's O(1),
        // found in the first unit; the signal comes in the next.
        let stdout = try StopSignal.stops(["cliffs", "--strategies", "range-counts", "--steps", "index-of,toggle,insert", "--ignore-declarations",
                                           "--out", "found"], with: signalNumber, after: .seconds(1), in: folder,
                                          readyWhen: "range-counts toggle:")
        #expect(stdout.contains("range-counts  index-of"), "\(stdout)")
        let written = try folder.subfolder("found").entries()
        #expect(written.contains { $0.hasPrefix("range-counts-index-of-growth-") }, "\(written) \(stdout)")
    }

    @Test func badInputIsRefused() async throws {
        for arguments in [["cliffs", "--steps", "spin"], ["cliffs", "--strategies", "nobody"], ["cliffs", "--time", "0"]] {
            let result = try await TreeRowsExecutable.run(arguments, mutants: true, deadline: .seconds(60))
            #expect(result.exitCode == 2 && !result.standardError.isEmpty, "\(result)")
        }
    }
}
