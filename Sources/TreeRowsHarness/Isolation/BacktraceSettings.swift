#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How Swift's backtracer must be set for ``ChildProcess`` to read a child's crash: a crash
/// report in JSON on standard error, never interactive, the crashed thread only.
///
/// The runtime reads `SWIFT_BACKTRACE` once, when the process starts, and a forked child
/// inherits what its parent read. So a command that isolates strategies calls
/// ``restartIfNeeded()`` first: when the variable is unset, the process starts itself again
/// with it set (a user's own setting is left as it is; the crash is then read from the text
/// report or from the signal alone).
package enum BacktraceSettings {
    /// The value of `SWIFT_BACKTRACE` for isolated runs.
    package static let value =
        "enable=yes,interactive=no,color=no,format=json,threads=crashed,images=none,sanitize=no,limit=64,top=16"

    /// Starts this process again with ``value`` in `SWIFT_BACKTRACE` if that is unset, with
    /// the same arguments; returns if it is set (or the restart failed: then crashes are read
    /// from the signal alone).
    ///
    /// - Complexity: one `execv` of the process's own executable.
    package static func restartIfNeeded() {
        guard getenv("SWIFT_BACKTRACE") == nil else { return }
        setenv("SWIFT_BACKTRACE", value, 1)
        guard let executable = OwnExecutable.path else { return }
        fflush(nil)
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(executable, arguments)
        // Only on failure: carry on without the report.
        for argument in arguments { free(argument) }
    }
}
