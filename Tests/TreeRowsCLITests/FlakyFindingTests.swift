import Foundation
import Testing
import TreeRows
import TreeRowsHarness

/// A finding that did not fail again when its case ran alone is replayed in new processes:
/// its repro file records how often it failed and under which condition, and `replay` of
/// that file reruns it under the condition, telling a fix (a pass its rate makes unlikely,
/// exit 0) from a miss (exit 3), never a bare `pass`.
@Suite struct FlakyReplayTests {
    /// A case subtree-splice passes, recorded as a flaky failure of it.
    static func flakyFile(in folder: TemporaryFolder, failures: Int, of runs: Int, condition: String = "fresh-process") throws -> String {
        let json = """
            {"format": "treerows-repro", "version": 1, "strategy": "subtree-splice", "seed": 1, "case": 7, "stream": "small",
             "tree": [{"id": "a", "parent": null, "expanded": true}, {"id": "b", "parent": "a", "expanded": true}],
             "operations": [{"op": "toggle", "node": "a"}],
             "failure": {"operation": 0, "problem": "row count 1, reference 2", "expectedRows": [], "actualRows": [], "diff": "", "aspect": "rowCount"},
             "flaky": {"runs": \(runs), "failures": \(failures), "condition": "\(condition)", "conditionRuns": \(runs), "conditionFailures": \(failures), "repetitions": 1}}
            """
        return try folder.write(json, to: "flaky-\(failures)-of-\(runs).json")
    }

    /// At 6 of 20, twenty clean reruns happen with a chance of 1 in 1,250: fixed.
    @Test func aPassTheRecordedRateMakesUnlikelyIsAFix() async throws {
        let folder = try TemporaryFolder("flaky-fixed")
        defer { folder.remove() }
        let file = try Self.flakyFile(in: folder, failures: 6, of: 20)
        let result = try await TreeRowsExecutable.run(["replay", file])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("fixed: it passed 20 runs in new processes"), "\(result)")
        #expect(result.standardOutput.contains("failed 6 of 20 runs in new processes"), "\(result)")
    }

    /// At 1 of 20, five clean reruns are likely (77%): not reproduced, exit 3, with the rerun command.
    @Test func aPassTheRecordedRateLeavesLikelyIsNotReproduced() async throws {
        let folder = try TemporaryFolder("flaky-unknown")
        defer { folder.remove() }
        let file = try Self.flakyFile(in: folder, failures: 1, of: 20)
        let result = try await TreeRowsExecutable.run(["replay", file, "--runs", "5"])
        #expect(result.exitCode == 3, "\(result)")
        #expect(result.standardOutput.contains("not reproduced \(file)"), "\(result)")
        #expect(result.standardOutput.contains("but this file records a failure (failed 1 of 20 runs in new processes): likely flaky"), "\(result)")
        #expect(result.standardOutput.contains("replay \(file) --runs 90"), "\(result)")
        #expect(!result.outputLines.contains { $0.hasPrefix("pass ") }, "\(result)")
    }

    /// A failure that never recurred when it was recorded: its reruns cannot call it fixed,
    /// and more of them would not either.
    @Test func aFailureThatNeverRecurredIsNotReproduced() async throws {
        let folder = try TemporaryFolder("flaky-never")
        defer { folder.remove() }
        let file = try Self.flakyFile(in: folder, failures: 0, of: 20)
        let result = try await TreeRowsExecutable.run(["replay", file])
        #expect(result.exitCode == 3, "\(result)")
        #expect(result.standardOutput.contains("passed now (20 runs in new processes), and the failure this file records did not recur"),
                "\(result)")
        #expect(!result.standardOutput.contains("--runs"), "\(result)")
    }

    /// A file that records a failure which always showed, now passing: said to be fixed.
    @Test func aRecordedFailureThatNoLongerOccursIsCalledFixed() async throws {
        let folder = try TemporaryFolder("fixed")
        defer { folder.remove() }
        let file = try Self.flakyFile(in: folder, failures: 6, of: 20)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let plain = try folder.write(String(text[..<text.range(of: ",\n \"flaky\"")!.lowerBound]) + "}", to: "plain.json")
        let result = try await TreeRowsExecutable.run(["replay", plain])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("fixed: this file records a failure of subtree-splice after operation 0 (row count 1, reference 2)"),
                "\(result)")
    }

    @Test func runsAreBounded() async throws {
        let result = try await TreeRowsExecutable.run(["replay", "x.json", "--runs", "0"])
        #expect(result.exitCode == 2 && result.standardError.contains("--runs must be 1 to 10000, got 0"), "\(result)")
    }
}

/// The two flaky mutants through `fuzz`, as a user runs them: caught, recorded with their
/// rate and condition, shrunk against it, and replayed as failing or as not reproduced
/// (exit 1 or 3), never as a pass.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter FlakyMutantTests"))
struct FlakyMutantTests {
    @Test(arguments: ["set-order-flaky", "every-1000th-toggle"])
    func caughtRecordedAndReplayed(_ mutant: String) async throws {
        try await CrashExpectations.cores.run {
            let folder = try TemporaryFolder("flaky-\(mutant)")
            defer { folder.remove() }
            let result = try await TreeRowsExecutable.run(
                ["fuzz", "--strategies", "mutant-\(mutant)", "--jobs", "1", "--out", folder.url.path], mutants: true)
            #expect(result.exitCode == 1 && !result.wasSignalled, "\(result)")
            let file = try #require(try folder.entries().first { $0.hasSuffix(".json") }.map(folder.path), "\(result)")
            let repro = try ReproFile.read(contentsOf: file)
            let flakiness = try #require(repro.flakiness, "\(repro.json.prefix(3_000))")
            #expect(flakiness.conditionFailures > 0, "\(flakiness)")
            if mutant == "every-1000th-toggle" { #expect(flakiness.condition == .warmProcess, "\(flakiness)") }
            #expect(repro.disagreement?.problem.contains("flaky: failed ") == true, "\(repro.json.prefix(3_000))")
            #expect(result.standardOutput.contains("flaky: failed "), "\(result)")
            let shrunk = try #require(result.outputLines.first { $0.hasPrefix("shrunk from ") })
            let numbers = shrunk.split(separator: " ").compactMap { Int($0) }
            #expect(numbers.count == 4 && numbers[2] + numbers[3] < numbers[0] + numbers[1], "\(shrunk)")
            let replay = try await TreeRowsExecutable.run(["replay", file], mutants: true)
            #expect(replay.exitCode == 1 || replay.exitCode == 3, "\(replay)")
            #expect(!replay.outputLines.contains { $0.hasPrefix("pass ") }, "\(replay)")
        }
    }
}

/// Ctrl-C while a flaky finding is replayed in new processes and shrunk against its rate
/// starts no more replays: the run ends at once with the finding as far as it got.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter FlakyStopTests"))
struct FlakyStopTests {
    @Test(.linuxOnly("the replaying processes are found in /proc"))
    func ctrlCStopsTheReplays() throws {
        let folder = try TemporaryFolder("flaky-stop")
        defer { folder.remove() }
        let (process, output, errors) = try StopSignal.start(
            ["fuzz", "--strategies", "mutant-set-order-flaky", "--time", "600", "--jobs", "1", "--out", "findings"], in: folder)
        // Replays run in new processes of the tool, each with the request in its environment.
        func replays() -> Set<pid_t> {
            Set(StopSignalTests.descendants(of: process.processIdentifier).filter { pid in
                (try? String(contentsOfFile: "/proc/\(pid)/environ", encoding: .isoLatin1))?.contains("TREEROWS_EXECUTED_REPLAY=") == true
            })
        }
        let deadline = ContinuousClock.now + .seconds(60)
        var seen: Set<pid_t> = []
        while seen.isEmpty && process.isRunning && ContinuousClock.now < deadline {
            usleep(20_000)
            seen = replays()
        }
        try #require(!seen.isEmpty, "no replay started")
        #expect(kill(-process.processIdentifier, SIGINT) == 0)
        // No replay starts after the signal (one started as it was sent may still show).
        var started = 0
        let bound = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < bound {
            let now = replays()
            started += now.subtracting(seen).count
            seen.formUnion(now)
            usleep(5_000)
        }
        let stdout = try String(contentsOfFile: output, encoding: .utf8), stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(!process.isRunning, "\(stdout)\n\(stderr)")
        #expect(started <= 1, "\(started) replays started after Ctrl-C: \(stdout)\n\(stderr)")
        #expect(stdout.contains("the run was stopped while the finding was replayed"), "\(stdout)\n\(stderr)")
        #expect(try folder.subfolder("findings").entries().count == 1, "\(stdout)")
    }
}
