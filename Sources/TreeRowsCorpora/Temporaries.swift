#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The temporary files being written, and empty scratch folders, removed by a signal that
/// ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) before it ends (then the signal's default action ends
/// it, with the usual exit status). A signal the process was started with ignored (`nohup`,
/// SIGPIPE ignored by a shell) stays ignored.
///
/// The handler only calls `unlink`, `rmdir`, `signal` and `raise`, which are safe in a signal
/// handler; the paths live in a fixed table of C strings that it reads without a lock.
package enum Temporaries {
    static let capacity = 64
    nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    static let lock = NSLock()
    nonisolated(unsafe) static var handlersInstalled = false
    /// The signals whose default action ends the process without a core file or with one.
    static let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// Records `path` (a file, or a folder that is removed if it is empty then) for removal
    /// on a signal that ends the process.
    ///
    /// - Complexity: O(1) (at most ``capacity`` slots are scanned).
    package static func register(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        installHandlersLocked()
        // The writing thread takes the signals, so an interrupted write is cleaned up
        // rather than finished.
        unblockEndingSignals()
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = strdup(path)
            return
        }
    }

    /// Makes every signal in ``endingSignals`` end the process through the handler that
    /// removes the temporaries, from the start of a command rather than from its first
    /// temporary: SIGQUIT would otherwise reach the Swift runtime's backtracer, which takes
    /// it for a crash, prints a false "Program crashed" report, and lets the command run on.
    /// Signals a command takes over afterwards (the tool's Ctrl-C handling of SIGINT) stay its own.
    ///
    /// - Complexity: O(1).
    package static func installHandlers() {
        lock.lock()
        defer { lock.unlock() }
        installHandlersLocked()
        unblockEndingSignals()
    }

    /// Unblocks ``endingSignals`` on the calling thread (and the threads it starts later):
    /// a parent may have left them blocked (a test runner does), and a blocked signal never
    /// arrives.
    private static func unblockEndingSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in endingSignals { sigaddset(&signals, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    private static func installHandlersLocked() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        for signalNumber in endingSignals {
            // SIG_IGN is the handler 1 on every platform.
            let previous = signal(signalNumber, removeAndRaise)
            if unsafeBitCast(previous, to: Int.self) == 1 { signal(signalNumber, previous) }
        }
    }

    /// Forgets `path` (it was renamed or removed).
    ///
    /// - Complexity: O(1) (at most ``capacity`` slots are scanned).
    package static func unregister(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        for index in 0..<capacity {
            guard let entry = slots[index], String(cString: entry) == path else { continue }
            slots[index] = nil
            free(entry)
            return
        }
    }
}

/// Removes every registered temporary, then lets the signal end the process.
private let removeAndRaise: @convention(c) (Int32) -> Void = { signalNumber in
    for index in 0..<Temporaries.capacity {
        if let entry = Temporaries.slots[index], unlink(entry) != 0 { rmdir(entry) }
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
