import Foundation
import Testing
import TreeRows
import TreeRowsTestSupport

/// Ctrl-C (SIGINT to the whole process group, as a terminal sends it) and SIGTERM stop a long
/// command in the middle of a slow strategy's step: it prints what it did, exits 130 or 143,
/// and leaves no process running and nothing in the temporary folder.
enum StopSignal {
    /// The mutants tool started in `folder` with `arguments`, its output in `stdout` and
    /// `stderr` there, and `environment` over this process's. Foundation makes it the leader
    /// of a process group of its own, as a shell does.
    static func start(_ arguments: [String], in folder: TemporaryFolder, environment: [String: String] = [:]) throws
        -> (process: Process, output: String, errors: String)
    {
        let process = Process()
        process.executableURL = try TreeRowsExecutable.mutantsLocation.get()
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let (output, errors) = (folder.path("stdout"), folder.path("stderr"))
        FileManager.default.createFile(atPath: output, contents: nil)
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        return (process, output, errors)
    }

    /// Starts the mutants tool with `arguments` in `folder` (its TMPDIR a folder of its own),
    /// waits until its output holds `marker` (a command that takes its signals once its input
    /// is read says so first: check's replay line), then `after`, sends `signalNumber` to its
    /// process group, and checks the ending.
    ///
    /// - Returns: The standard output.
    @discardableResult
    static func stops(_ arguments: [String], with signalNumber: Int32, after: Duration, in folder: TemporaryFolder,
                      readyWhen marker: String? = nil) throws -> String {
        let temporary = try folder.subfolder("tmp")
        let (process, output, errors) = try start(arguments, in: folder, environment: ["TMPDIR": temporary.url.path])
        let group = process.processIdentifier
        if let marker {
            let ready = ContinuousClock.now + .seconds(120)
            while process.isRunning && ContinuousClock.now < ready,
                  !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains(marker) {
                usleep(50_000)
            }
        }
        usleep(UInt32(after.nanoseconds / 1_000))
        #expect(kill(-group, signalNumber) == 0)
        // A bound against a run that never ends (one that waited for a slow step did), not a timing.
        let ended = process.ended(within: .seconds(60))
        let stdout = try String(contentsOfFile: output, encoding: .utf8), stderr = try String(contentsOfFile: errors, encoding: .utf8)
        let context = "\(arguments.joined(separator: " ")), signal \(signalNumber): \(stdout.suffix(2_000))\n\(stderr.suffix(2_000))"
        #expect(ended, "\(context)")
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signalNumber, "\(context)")
        // No process of the group is left (a child killed last may take a moment to be reaped).
        let gone = ContinuousClock.now + .seconds(2)
        while kill(-group, 0) == 0 && ContinuousClock.now < gone { usleep(20_000) }
        #expect(kill(-group, 0) == -1 && errno == ESRCH, "a process of the group is still running: \(context)")
        let left = try temporary.entries()
        #expect(left.isEmpty, "left behind in TMPDIR: \(left): \(context)")
        return stdout
    }

    /// What a terminal's Ctrl-C and a service manager's stop send.
    static let signals = [SIGINT, SIGTERM]
    /// Those, and a closed terminal's SIGHUP and Ctrl-\'s SIGQUIT.
    static let allSignals = signals + [SIGHUP, SIGQUIT]

    /// How a stopped run names `signalNumber`.
    static func name(_ signalNumber: Int32) -> String {
        [SIGINT: "Ctrl-C", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"][signalNumber] ?? "signal \(signalNumber)"
    }
}

/// `fuzz` and `check` on a strategy slow by design (a row array rebuilt after every change):
/// each is stopped inside a long step.
@Suite(.serialized) struct StopSignalTests {
    @Test(arguments: StopSignal.allSignals)
    func fuzzStopsInTheMiddleOfASlowStep(_ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("stop-fuzz")
        defer { folder.remove() }
        let stdout = try StopSignal.stops(["fuzz", "--strategies", MinimalStrategy.name, "--time", "600", "--jobs", "1", "--out", "findings"],
                                          with: signalNumber, after: .seconds(6), in: folder)
        #expect(stdout.contains("no disagreement (stopped by \(StopSignal.name(signalNumber)))"), "\(stdout)")
        #expect(stdout.contains("fuzz: ") && stdout.contains(" cases on \(MinimalStrategy.name)"), "\(stdout)")
        #expect(try folder.subfolder("findings").entries().isEmpty, "a stopped case was taken for a finding")
    }

    /// A worker killed from outside (the out-of-memory killer's SIGKILL) is no finding and is
    /// not started again: the run stops, says which worker and signal, and exits 2.
    @Test(.linuxOnly("the workers are found in /proc")) func aWorkerKilledFromOutsideEndsTheRun() throws {
        let folder = try TemporaryFolder("killed-worker")
        defer { folder.remove() }
        let (process, output, errors) = try StopSignal.start(
            ["fuzz", "--strategies", MinimalStrategy.name, "--time", "600", "--jobs", "1", "--out", "findings"], in: folder)
        // The tool starts itself again once (for its crash reports); its workers are the
        // children of that process.
        let deadline = ContinuousClock.now + .seconds(30)
        var workers: [pid_t] = []
        while workers.isEmpty && ContinuousClock.now < deadline {
            usleep(200_000)
            workers = Self.descendants(of: process.processIdentifier).filter { Self.descendants(of: $0).isEmpty }
        }
        try #require(!workers.isEmpty, "no worker found")
        #expect(kill(workers[0], SIGKILL) == 0)
        let ended = process.ended(within: .seconds(60))
        let stdout = try String(contentsOfFile: output, encoding: .utf8), stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(ended && process.terminationReason == .exit && process.terminationStatus == 2, "\(stdout)\n\(stderr)")
        #expect(stderr.contains("was ended by SIGKILL (signal 9) from outside") && stderr.contains("no finding"), "\(stderr)")
        #expect(stdout.contains("fuzz: ") && !stdout.contains("crash:"), "\(stdout)")
        #expect(try folder.subfolder("findings").entries().isEmpty)
    }

    /// The processes whose parent is `pid`, and theirs, from /proc (Linux).
    static func descendants(of pid: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        let children = entries.compactMap { Int32($0) }.filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
        return children + children.flatMap { descendants(of: $0) }
    }

    @Test(arguments: StopSignal.signals)
    func checkStops(_ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("stop-check")
        defer { folder.remove() }
        let tree = try folder.write((1...3_000).map { #"{"id": \#($0), "parent": \#($0 <= 1_000 ? "null" : String($0 / 3))}"# }
            .joined(separator: "\n"), to: "tree.jsonl")
        let stdout = try StopSignal.stops(["check", "--corpus", tree, "--ops", "1000000000", "--strategies", MinimalStrategy.name],
                                          with: signalNumber, after: .seconds(1), in: folder,
                                          readyWhen: "replay:")
        #expect(stdout.contains("median/op") && stdout.contains("the table covers the operations done"), "\(stdout)")
    }
}

/// `bench` and `gate` (release only: a checked build's bench refuses to time) stopped in the
/// middle of a slow cell.
@Suite(.serialized, .enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseStopSignalTests"))
struct ReleaseStopSignalTests {
    static let slowBench = ["--strategies", "reference,\(MinimalStrategy.name)", "--operations", "accordion-expand,load-page,toggle-random"]

    @Test(arguments: StopSignal.signals)
    func benchStops(_ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("stop-bench")
        defer { folder.remove() }
        let stdout = try StopSignal.stops(["bench"] + Self.slowBench + ["--json", "results.json"], with: signalNumber,
                                          after: .seconds(3), in: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.path("results.json")), "a stopped bench wrote its results: \(stdout)")
    }

    @Test(arguments: StopSignal.allSignals)
    func gateStops(_ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("stop-gate")
        defer { folder.remove() }
        let tool = try TreeRowsExecutable.mutantsLocation.get().path
        try StopSignal.stops(["gate", "--base-tool", tool, "--head-tool", tool, "--rounds", "2", "--out", "gate", "--"] + Self.slowBench,
                             with: signalNumber, after: .seconds(3), in: folder)
    }

    /// A round past --round-timeout fails the gate, naming the side.
    @Test func aRoundPastItsBudgetFailsTheGate() async throws {
        try await TemporaryFolder.with("gate-round-timeout") { folder in
            let tool = try TreeRowsExecutable.mutantsLocation.get().path
            let result = try await TreeRowsExecutable.run(
                ["gate", "--base-tool", tool, "--head-tool", tool, "--rounds", "2", "--round-timeout", "2", "--out", folder.path("gate"), "--"]
                    + Self.slowBench, mutants: true, deadline: .seconds(120))
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardError.contains("ran past the round's budget of 2 s (--round-timeout) and was stopped"), "\(result)")
        }
    }
}
