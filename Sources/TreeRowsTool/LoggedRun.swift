import Foundation
import TreeRowsCorpora

/// A tool run to its end with both output streams in a log file, as `gate` runs each round's
/// bench and `bench --instructions` its run under valgrind.
struct LoggedRun {
    /// Whether it exited with 0 or 1 (1: a WRONG or CRASHED cell, which the caller reports).
    var succeeded: Bool
    /// How it ended: `exit 3` or `signal 11`.
    var ending: String
    /// The log's last `lines` lines joined by ` / `, control characters escaped, or "it
    /// printed nothing".
    var tail: String
    /// Its wall time.
    var seconds: Double
    /// Whether it was stopped for running past its budget (`gate`'s --round-timeout).
    var timedOut = false

    /// Runs `executable` with `arguments` (and `environment` over this process's), its
    /// output to `log`, and waits for it.
    ///
    /// - Parameters:
    ///   - logFix: What to do when `log` cannot be written.
    ///   - cannotStart: The message when it does not start, from the system's reason.
    /// - Throws: ``CommandFailure`` when the log cannot be written or the tool cannot start.
    /// - Complexity: the tool's run, plus reading the log's tail on failure.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], log: String, lines: Int = 3,
                    logFix: String, cannotStart: (String) -> String) throws(CommandFailure) -> LoggedRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardInput = FileHandle.nullDevice
        guard FileManager.default.createFile(atPath: log, contents: nil), let output = FileHandle(forWritingAtPath: log) else {
            throw CommandFailure(message: "cannot write \(log.escapingControls()). Fix: \(logFix)")
        }
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        let start = ContinuousClock.now
        do { try process.run() } catch { throw CommandFailure(message: cannotStart(error.localizedDescription)) }
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - start).nanoseconds / 1e9
        let exited = process.terminationReason == .exit
        return LoggedRun(exited: exited, code: process.terminationStatus, log: log, lines: lines, seconds: seconds)
    }

    /// A run that ended with wait status `status` (as `waitpid` gives it), its output in `log`.
    ///
    /// - Complexity: reading the log's tail when it failed.
    init(status: Int32, log: String, lines: Int = 3, seconds: Double) {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let exited = status >= 0 && status & 0x7f == 0
        self.init(exited: exited, code: exited ? (status >> 8) & 0xff : (status < 0 ? -1 : status & 0x7f), log: log, lines: lines,
                  seconds: seconds)
    }

    /// A run that exited with `code` (`exited`) or was ended by signal `code`.
    private init(exited: Bool, code: Int32, log: String, lines: Int, seconds: Double) {
        succeeded = exited && [0, 1].contains(code)
        ending = "\(exited ? "exit" : "signal") \(code)"
        var tail = ""
        if !succeeded {
            tail = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").suffix(lines).joined(separator: " / ")
        }
        self.tail = tail.isEmpty ? "it printed nothing" : tail.escapingControls()
        self.seconds = seconds
    }
}
