import CProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns taken with a peer process, so that two benches (`treerows gate`'s base and head)
/// run at once but measure one at a time, each millisecond of one's samples beside a
/// millisecond of the other's.
///
/// Why: on a shared machine a process's speed changes with the machine's state, in spells of
/// a fraction of a second to minutes, and each virtual processor has spells of its own. Two
/// benches run one after the other meet different spells; two that take turns every millisecond on one processor (where the system allows
/// it, Linux) meet the same ones, so their ratio keeps what the code changed and loses most
/// of what the machine did (docs/Benchmarks.md measures it).
///
/// How: the two sides share a connected socket. One token goes back and forth: a side runs
/// (its untimed work as well as its samples) only while it holds the token, and gives it up
/// at a sample's start once it has held it for ``slice``, then waits for it to come back. A
/// cell run in a process of its own, started from this side, holds the token when this side
/// does and gives it up in its place; one that dies leaves the token here, and the side goes on.
/// When the peer ends, its end of the socket closes and this side runs on alone, so neither
/// side can wait on a peer that is gone; a peer that runs long without a sample (building a
/// large tree) only makes this side wait that long. While waiting, the side tells the cell's
/// ``StepObserver`` that it is alive (``StepObserver/pulse()``).
///
/// The gate gives the socket's end as an inherited descriptor in `TREEROWS_TURNS`:
/// `FD:first:CPU` for the side that starts, `FD:wait:CPU` for the one that waits first
/// (`CPU`, the processor, may be left out).
package enum AlternatingTurns {
    /// The environment variable that names the descriptor.
    package static let variable = "TREEROWS_TURNS"
    /// How long a side holds the token before giving it up at its next sample.
    package static let slice = Duration.milliseconds(1)

    /// The socket's end, or -1 when this process takes no turns.
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// When this side's current turn began.
    nonisolated(unsafe) private static var turnStart = ContinuousClock.now

    /// Joins the turns that `TREEROWS_TURNS` names, if it names any: moves to the processor
    /// it names, waits for the first turn when told to, and removes the variable, so that no
    /// program this process starts takes turns too. A descriptor that is not open is ignored.
    ///
    /// - Returns: Whether this process joined.
    /// - Complexity: O(1), plus the wait for the first turn.
    @discardableResult
    package static func join() -> Bool {
        guard let value = getenv(variable).map({ String(cString: $0) }) else { return false }
        unsetenv(variable)
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, let fd = Int32(parts[0]), fd > 2, fcntl(fd, F_GETFD) != -1 else { return false }
        if parts.count > 2, let processor = Int32(parts[2]) { _ = treerows_run_on_processor(0, processor) }
        // Programs this process starts (valgrind's count run) do not inherit the socket.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
        if parts[1] == "wait" { waitForTurn(observer: SilentObserver()) }
        turnStart = .now
        return true
    }

    /// The value of ``variable`` for a side: its descriptor, whether it starts, and the
    /// processor both sides run on.
    package static func value(descriptor: Int32, starts: Bool, processor: Int?) -> String {
        "\(descriptor):\(starts ? "first" : "wait")" + (processor.map { ":\($0)" } ?? "")
    }

    /// The processors this process may run on, `[]` where the system does not say (macOS).
    ///
    /// - Complexity: O(processors).
    package static func allowedProcessors() -> [Int] {
        var processors = [Int32](repeating: 0, count: 1_024)
        let count = treerows_allowed_processors(&processors, Int32(processors.count))
        return count > 0 ? processors.prefix(Int(count)).map(Int.init) : []
    }

    /// Gives up the turn if this side has held it for ``slice``, and waits for the next.
    ///
    /// - Complexity: O(1) when not due; a round trip to the peer (two context switches and
    ///   the peer's turn) when due.
    @inline(__always)
    package static func passIfDue(observer: any StepObserver) {
        guard descriptor >= 0, ContinuousClock.now - turnStart >= slice else { return }
        pass(observer: observer)
    }

    /// Gives up the turn now and waits for the next (a cell's start, so that the two sides'
    /// cells begin close together).
    ///
    /// - Complexity: a round trip to the peer.
    package static func pass(observer: any StepObserver) {
        guard descriptor >= 0 else { return }
        var token: UInt8 = 1
        #if os(Linux)
        let sent = send(descriptor, &token, 1, Int32(MSG_NOSIGNAL))
        #else
        let sent = send(descriptor, &token, 1, 0)
        #endif
        guard sent == 1 else { return leave() }
        waitForTurn(observer: observer)
        turnStart = .now
    }

    /// Stops taking turns (before a long run of its own that times nothing, such as the count
    /// under valgrind, or at the end): the peer runs on alone once no process holds the socket.
    ///
    /// - Complexity: O(1).
    package static func leave() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// Blocks until the token comes back, telling `observer` every 100 ms that this side
    /// waits; stops taking turns when the peer has ended.
    private static func waitForTurn(observer: any StepObserver) {
        while descriptor >= 0 {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 100)
            if ready == 0 {
                observer.pulse()
                continue
            }
            if ready < 0 {
                if errno == EINTR { continue }
                return leave()
            }
            var token: UInt8 = 0
            let received = recv(descriptor, &token, 1, 0)
            if received == 1 { return }
            if received < 0 && errno == EINTR { continue }
            // 0: the peer closed its end; anything else: the socket is unusable.
            return leave()
        }
    }
}
