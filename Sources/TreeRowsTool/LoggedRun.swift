import Foundation
import TreeRowsCorpora

/// A tool run to its end with both output streams in a log file, as `gate` runs each round's
/// bench and `bench --instructions` its run under valgrind.
struct LoggedRun {
    /// Whether it exited with 0 or 1 (1: a WRONG or CRASHED cell, which the caller reports).
    var succeeded: Bool
    /// Whether it exited with 0.
    var exitedCleanly: Bool
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
        exitedCleanly = exited && code == 0
        ending = "\(exited ? "exit" : "signal") \(code)"
        tail = succeeded ? "" : Self.tail(of: log, lines: lines)
        self.seconds = seconds
    }

    /// How much of a log's end ``tail(of:lines:)`` reads, whatever the log's size.
    static let tailBytes = 16 << 10
    /// How many bytes of one line a message quotes.
    static let lineBytes = 240

    /// The last `lines` lines of the log at `path` that hold anything, joined by ` / `: each
    /// cut to ``lineBytes`` with its length said, control characters escaped, and shown as
    /// bytes (hexadecimal) when it is not UTF-8. "it printed nothing" for an empty log.
    ///
    /// - Complexity: O(``tailBytes``): a log of gigabytes costs no more.
    static func tail(of path: String, lines: Int) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "it printed nothing" }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > UInt64(tailBytes) ? size - UInt64(tailBytes) : 0)
        var bytes = Array((try? handle.readToEnd()) ?? Data())
        // Read from inside a line: drop that part, unless it is all there is (one line longer than what is read).
        var partial = size > UInt64(tailBytes)
        if partial, let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), bytes[(newline + 1)...].contains(where: { $0 > 0x20 }) {
            bytes.removeFirst(newline + 1)
            partial = false
        }
        let pieces = bytes.split(separator: UInt8(ascii: "\n"))
        let kept = pieces.filter { line in line.contains { $0 > 0x20 } }.suffix(lines)
        guard !kept.isEmpty else { return "it printed nothing" }
        return kept.map { line -> String in
            let shown = line.prefix(lineBytes)
            let isCut = partial && line.startIndex == pieces.first?.startIndex
            let more = isCut ? "… (a line of more than \(tailBytes) bytes)" : line.count > lineBytes ? "… (\(line.count) bytes)" : ""
            guard let text = String(bytes: shown, encoding: .utf8) ?? (more.isEmpty ? nil : Self.validPrefix(shown)) else {
                return "bytes " + shown.prefix(48).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                    .joined(separator: " ") + (line.count > 48 ? "… (\(line.count) bytes, not UTF-8)" : " (not UTF-8)")
            }
            return text.escapingControls() + more
        }.joined(separator: " / ")
    }

    /// The text of `bytes` when only their end, cut through a character, is not UTF-8.
    private static func validPrefix(_ bytes: ArraySlice<UInt8>) -> String? {
        for cut in 0..<4 where cut < bytes.count {
            if let text = String(bytes: bytes.dropLast(cut), encoding: .utf8) { return text }
        }
        return nil
    }
}
