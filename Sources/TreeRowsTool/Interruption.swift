#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import Synchronization

/// Ctrl-C in a long run (`fuzz`, `check`): the first SIGINT is noted, the run stops at its
/// next operation and reports what it did, and the command exits 130.
enum Interruption {
    private static let flag = Atomic<Bool>(false)

    /// Makes SIGINT set ``requested`` instead of ending the process. Child processes forked
    /// afterwards inherit it, so a Ctrl-C to the terminal's process group does not end them
    /// either; the parent asks them to stop.
    ///
    /// SIGINT is also unblocked: a process inherits its parent's blocked signals (a test
    /// runner's, some CI agents'), and a blocked Ctrl-C would never arrive.
    static func install() {
        signal(SIGINT) { _ in Interruption.flag.store(true, ordering: .relaxed) }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Whether Ctrl-C was pressed since ``install()``.
    static var requested: Bool { flag.load(ordering: .relaxed) }

    /// ``requested``, as a function to poll.
    static func isRequested() -> Bool { requested }
}
