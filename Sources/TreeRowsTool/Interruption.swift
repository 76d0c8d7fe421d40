#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import Synchronization

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP and SIGQUIT in a long run (`fuzz`, `check`, `bench`,
/// `gate`): the first signal is noted, the run stops (its children within
/// ``TreeRowsHarness/ChildProcess/stopGrace``), reports what it did, and the command exits
/// 128 + the signal: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP, 131 for SIGQUIT.
enum Interruption {
    /// The first signal taken, 0 for none.
    private static let taken = Atomic<Int32>(0)

    /// Makes SIGINT (and SIGTERM, SIGHUP and SIGQUIT, when `terminating`) set ``requested`` instead of ending the
    /// process. Child processes forked afterwards inherit it, so a Ctrl-C to the terminal's
    /// process group does not end them either; the parent stops them.
    ///
    /// SIGTERM is taken over only once nothing blocks (a command reading its input takes it
    /// later): before that it ends the process, removing its temporary files.
    ///
    /// The signals are also unblocked: a process inherits its parent's blocked signals (a
    /// test runner's, some CI agents'), and a blocked Ctrl-C would never arrive.
    static func install(terminating: Bool = false) {
        // A closed terminal (SIGHUP) and Ctrl-\ (SIGQUIT) stop a run as SIGTERM does: ending at
        // once would leave `gate`'s two benches, which are not forked children, running on.
        let signals = terminating ? [SIGINT, SIGTERM, SIGHUP, SIGQUIT] : [SIGINT]
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals {
            signal(number) { number in
                _ = Interruption.taken.compareExchange(expected: 0, desired: number, ordering: .relaxed)
            }
            sigaddset(&set, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether Ctrl-C or SIGTERM came since ``install(terminating:)``.
    static var requested: Bool { taken.load(ordering: .relaxed) != 0 }

    /// ``requested``, as a function to poll.
    static func isRequested() -> Bool { requested }

    /// The exit code of a run the signal stopped: 128 + its number (130, 143); `nil` if none came.
    static var exitCode: Int32? {
        let number = taken.load(ordering: .relaxed)
        return number == 0 ? nil : 128 + number
    }

    /// What stopped the run, for its messages: "Ctrl-C", "SIGTERM", "SIGHUP" or "SIGQUIT".
    static var name: String {
        switch taken.load(ordering: .relaxed) {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        default: "Ctrl-C"
        }
    }
}
