#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TreeRows
import TreeRowsCorpora

/// A fuzz case replayed in a new process of this executable, started afresh rather than
/// forked: the process has its own hashing seed, its own addresses and fresh globals, as
/// when a user replays a repro file. ``FlakeProbe`` runs a finding that did not recur in a
/// forked child this way, under each ``Flakiness/Condition``; `replay` reruns a flaky repro
/// file this way.
///
/// The executable serves such a run when it calls ``serveIfRequested(strategies:)`` first
/// thing (``TreeRowsTool`` does): the request is a ``ChildRequest`` in a file named by the
/// environment variable ``requestVariable``, the answer a ``ChildReply`` in another
/// (``ChildProtocol``). A process that never calls it (a test runner) cannot be replayed in,
/// and ``isAvailable`` says so.
package enum ExecutedReplay {
    /// The environment variable that names a request file.
    package static let requestVariable = "TREEROWS_EXECUTED_REPLAY"

    /// Whether this executable serves executed replays (it called ``serveIfRequested(strategies:)``).
    nonisolated(unsafe) package private(set) static var isAvailable = false

    /// How one process ended.
    package enum Outcome {
        /// The strategy failed on this repetition (from 1), with what it got wrong when it
        /// answered (`nil`: it crashed, or outgrew the memory limit).
        case failed(repetition: Int?, Disagreement?)
        /// Every repetition passed.
        case passed(repetitions: Int)
        /// No answer: the process could not start, or ran out of time (`reason` `nil`), or
        /// it answered what cannot be taken (another build of the tool): why, with the fix.
        case noAnswer(reason: String?)

        /// Whether the strategy failed.
        package var isFailure: Bool { if case .failed = self { true } else { false } }
    }

    /// When this process was started as an executed replay: runs the case of its request
    /// through the named strategies (from `strategies`, which must hold every fuzzing variant
    /// a finding may name) beside the reference, again and again up to the request's
    /// repetitions or its time, stopping at the first failure; writes the answer and exits
    /// (with code 2 and no answer if a name is not in `strategies`). Otherwise marks replays
    /// available and returns.
    ///
    /// - Complexity: the request's repetitions of ``DifferentialRun``.
    package static func serveIfRequested(strategies: [any RowStrategy.Type]) {
        guard let variable = getenv(requestVariable) else {
            isAvailable = true
            return
        }
        let requestPath = String(cString: variable)
        unsetenv(requestVariable)
        guard let bytes = FileManager.default.contents(atPath: requestPath) else { exit(2) }
        let request: ChildRequest
        do { request = try ChildProtocol.decode(ChildRequest.self, from: Array(bytes)) } catch {
            // A request of another version still names its answer's file: the refusal goes there.
            if case .otherVersion = error, let path = answerPath(inRequest: Array(bytes)) {
                answer(.refused("this tool speaks version \(ChildProtocol.version) of the isolation protocol and was asked in another:"
                    + " \(error). Fix: run the replay with one build of the tool"), to: path)
            }
            exit(2)
        }
        guard case .replay(let reproPath, let names, let repetitions, let seconds, let answerPath) = request,
              let repro = try? ReproFile.read(contentsOf: reproPath) else { exit(2) }
        let chosen = strategies.filter { names.contains($0.name) }
        // A name this executable does not know answers nothing (never a run of other strategies).
        guard chosen.count == Set(names).count else { exit(2) }
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        var reply = ChildReply.replayed(repetitions: 0)
        var repetition = 0
        while repetition < repetitions && clock.now < deadline {
            repetition += 1
            if let found = DifferentialRun.firstDisagreement(repro.fuzzCase, strategies: chosen) {
                reply = .replayFailed(repetition: repetition, failure: found)
                break
            }
            reply = .replayed(repetitions: repetition)
        }
        answer(reply, to: answerPath)
    }

    /// Writes `reply` to `path` and exits: 0 when it is written, 2 when not.
    private static func answer(_ reply: ChildReply, to path: String) -> Never {
        exit(FileManager.default.createFile(atPath: path, contents: Data(ChildProtocol.encode(reply))) ? 0 : 2)
    }

    /// The answer's path of a request of any version.
    private static func answerPath(inRequest bytes: [UInt8]) -> String? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        // Version 1 kept it at the top.
        if case .string(let path)? = value["body"]?["replay"]?["answer"] ?? value["answer"] { return path }
        return nil
    }

    /// ``run(reproPath:strategy:repetitions:deterministicHashing:timeLimit:memoryLimit:folder:)``
    /// under the condition `flakiness` records, as many times in the process as it says.
    ///
    /// - Complexity: one process start, and its repetitions.
    package static func run(reproPath: String, strategy: String, under flakiness: Flakiness, timeLimit: Duration, memoryLimit: Int?,
                            folder: String) -> Outcome {
        run(reproPath: reproPath, strategy: strategy, repetitions: flakiness.repetitions,
            deterministicHashing: flakiness.condition == .deterministicHashing, timeLimit: timeLimit, memoryLimit: memoryLimit, folder: folder)
    }

    /// Runs the case of the repro file at `reproPath` through `strategy` (names, separated by
    /// commas) in a new process of this executable, up to `repetitions` times in that process, within `timeLimit`.
    ///
    /// - Parameters:
    ///   - deterministicHashing: Starts the process with `SWIFT_DETERMINISTIC_HASHING=1`.
    ///   - memoryLimit: The most resident memory the process may take; past it, the run is
    ///     a failure (retained memory is what a warm process shows).
    ///   - folder: Where the request and the answer are written.
    /// - Complexity: one process start, and its repetitions.
    package static func run(reproPath: String, strategy: String, repetitions: Int, deterministicHashing: Bool, timeLimit: Duration,
                            memoryLimit: Int?, folder: String) -> Outcome {
        guard isAvailable, let executable = OwnExecutable.path else { return .noAnswer(reason: nil) }
        let stem = "\(folder)/executed-\(getpid())-\(UInt64.random(in: 0 ... .max))"
        let request = ChildRequest.replay(repro: reproPath, strategies: strategy.split(separator: ",").map(String.init),
                                          repetitions: repetitions, seconds: Int(max(1, timeLimit.components.seconds)),
                                          answer: stem + ".answer")
        defer {
            try? FileManager.default.removeItem(atPath: stem + ".request")
            try? FileManager.default.removeItem(atPath: stem + ".answer")
        }
        guard FileManager.default.createFile(atPath: stem + ".request", contents: Data(ChildProtocol.encode(request))) else {
            return .noAnswer(reason: nil)
        }
        var environment = ProcessInfo.processInfo.environment
        environment[requestVariable] = stem + ".request"
        // A crash is told by its signal here: the backtracer would only add seconds.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["SWIFT_DETERMINISTIC_HASHING"] = deterministicHashing ? "1" : nil
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = []
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .noAnswer(reason: nil) }
        let clock = ContinuousClock()
        // The child stops itself at its time; this is the backstop (a step that never ends).
        let deadline = clock.now + timeLimit + .seconds(2)
        var pause: UInt32 = 500
        while process.isRunning {
            if clock.now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return .noAnswer(reason: nil)
            }
            if let memoryLimit, ResidentMemory.currentBytes(of: process.processIdentifier) > memoryLimit {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return .failed(repetition: nil, nil)
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
        if process.terminationReason == .uncaughtSignal {
            // A signal from outside (the system's out-of-memory killer, a Ctrl-C) tells nothing.
            return ChildProcess.outsideSignals.contains(process.terminationStatus) ? .noAnswer(reason: nil) : .failed(repetition: nil, nil)
        }
        guard let bytes = FileManager.default.contents(atPath: stem + ".answer") else { return .noAnswer(reason: nil) }
        do throws(ChildProtocolError) {
            return try ChildProtocol.answer(Array(bytes), asked: "a replay") { reply -> Outcome? in
                switch reply {
                case .replayed(let repetitions): .passed(repetitions: repetitions)
                case .replayFailed(let repetition, let failure): .failed(repetition: repetition, failure)
                case .refused(let reason): .noAnswer(reason: reason)
                default: nil
                }
            }
        } catch {
            return .noAnswer(reason: error.description)
        }
    }
}
