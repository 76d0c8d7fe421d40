import Foundation
import Testing
import TreeRows
import TreeRowsHarness

/// `treerows gate` with the tool itself on both sides (a release build: bench refuses a debug
/// one): each round's two benches take turns, say so in their JSON, and the combined files
/// pair the rounds, so the time verdict is the paired one.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseTurnTakingTests"))
struct ReleaseTurnTakingTests {
    @Test func bothSidesTakeTurnsAndTheRoundsPair() async throws {
        let folder = try TemporaryFolder("turns")
        defer { folder.remove() }
        let tool = try TreeRowsExecutable.location.get().path
        let result = try await TreeRowsExecutable.run(
            ["gate", "--base-tool", tool, "--rounds", "8", "--out", folder.path("out"), "--",
             "--strategies", "fenwick-counts,range-counts", "--operations", "toggle-random,build", "--budget", "10", "--repetitions", "20"])
        #expect(result.exitCode == 0, "\(result)")
        for side in ["base", "head"] {
            for round in 1...8 {
                let report = try BenchmarkReport.read(contentsOf: folder.path("out/\(side)-round-\(round).json"))
                #expect(report.tookTurns, "\(side) round \(round)")
            }
            let combined = try BenchmarkReport.read(contentsOf: folder.path("out/\(side).json"))
            #expect(combined.pairing != nil && combined.results.allSatisfy { $0.distribution?.nanoseconds.count == 8 }, "\(side)")
        }
        // A bench run alone takes no turns and says nothing of them.
        let alone = try await TreeRowsExecutable.run(["bench", "--strategies", "fenwick-counts", "--operations", "build", "--repetitions", "3",
                                                      "--json", folder.path("alone.json")])
        #expect(alone.exitCode == 0, "\(alone)")
        #expect(try !BenchmarkReport.read(contentsOf: folder.path("alone.json")).tookTurns)
    }
}
