import Foundation
import Synchronization

/// What `fuzz` says while it runs, on standard error: on a terminal, one line rewritten
/// every quarter of a second; elsewhere (a CI log), a line every ten seconds with the time
/// gone and left, the cases, operations and findings, so that a log shows the run alive.
final class FuzzStatusLine: Sendable {
    private let onTerminal: Bool
    private let timeLimit: Duration?
    private let start: ContinuousClock.Instant
    private let clock = ContinuousClock()
    private let lastShown: Mutex<ContinuousClock.Instant>

    /// How often a line is printed off a terminal.
    static let logInterval = Duration.seconds(10)

    init(onTerminal: Bool, timeLimit: Duration?, start: ContinuousClock.Instant) {
        self.onTerminal = onTerminal
        self.timeLimit = timeLimit
        self.start = start
        lastShown = Mutex(start)
    }

    /// Shows the counts if a line is due.
    ///
    /// - Complexity: O(1).
    func show(operations: Int, cases: Int, findings: Int) {
        let now = clock.now
        let interval = onTerminal ? Duration.milliseconds(250) : Self.logInterval
        guard lastShown.withLock({ last in
            guard now - last >= interval else { return false }
            last = now
            return true
        }) else { return }
        let seconds = (now - start).nanoseconds / 1e9
        if onTerminal {
            StandardError.write("\rfuzz: \(operations) operations, \(cases) cases, \(Int(Double(operations) / max(seconds, 1e-9))) operations/s   ")
            return
        }
        let left = timeLimit.map { String(format: ", %.0f s left", max(0, $0.nanoseconds / 1e9 - seconds)) } ?? ""
        StandardError.write(String(format: "fuzz: %.0f s", seconds) + left + ": \(cases) cases, \(operations) operations, "
            + "\(findings) finding\(findings == 1 ? "" : "s")\n")
    }

    /// Clears the terminal's line before the summary.
    func clear() {
        if onTerminal { StandardError.write("\r\u{1B}[K") }
    }
}
