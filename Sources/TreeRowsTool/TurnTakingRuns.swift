import Foundation
import TreeRowsHarness

/// Two tool runs started at once on the two ends of one socket, so that they take turns
/// (``AlternatingTurns``): `gate`'s base and head in one round. Each run's output goes to
/// its log, as with ``LoggedRun``.
enum TurnTakingRuns {
    /// One of the two runs.
    struct Side {
        var executable: String
        var arguments: [String]
        var log: String
    }

    /// Starts `first` (which takes the first turn) and `second`, both on `processor` where
    /// given, and waits for both.
    ///
    /// - Parameters:
    ///   - logFix: What to do when a log cannot be written.
    ///   - cannotStart: The message when a run does not start: its index (0 or 1) and the
    ///     system's reason.
    /// - Returns: How each ended, in the order given.
    /// - Throws: ``CommandFailure`` when the socket or a log cannot be made, or a run cannot
    ///   start (the other is then stopped).
    /// - Complexity: the longer of the two runs.
    ///   - budget: How long a run may take: one still running then is stopped (SIGTERM, then
    ///     SIGKILL ``killGrace`` later) and its ``LoggedRun/timedOut`` is set.
    ///   - shouldStop: Polled while they run (Ctrl-C): both runs are stopped alike.
    static func run(_ first: Side, _ second: Side, processor: Int?, budget: Duration? = nil, shouldStop: () -> Bool = { false },
                    logFix: String, cannotStart: (Int, String) -> String) throws(CommandFailure) -> [LoggedRun] {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
        let made = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends)
        #else
        let made = socketpair(AF_UNIX, SOCK_STREAM, 0, &ends)
        #endif
        guard made == 0 else {
            throw CommandFailure(message: "cannot make a socket for the two tools' turns: \(String(cString: strerror(errno)))."
                + " Fix: raise the limit of open files (ulimit -n)")
        }
        defer { for end in ends where end >= 0 { close(end) } }
        #if canImport(Darwin)
        // A side that writes after the other ended gets an error, not SIGPIPE.
        var one: Int32 = 1
        for end in ends { setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size)) }
        #endif
        let start = ContinuousClock.now
        var pids: [pid_t] = []
        for (index, side) in [first, second].enumerated() {
            let turns = "\(AlternatingTurns.variable)=" + AlternatingTurns.value(descriptor: ends[index], starts: index == 0, processor: processor)
            do {
                pids.append(try spawn(side, closing: ends[1 - index], extraEnvironment: turns, logFix: logFix,
                                      cannotStart: { cannotStart(index, $0) }))
            } catch {
                for pid in pids { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) }
                throw error
            }
        }
        // The children hold the socket now: a side whose peer ends sees its end close.
        for index in ends.indices { close(ends[index]); ends[index] = -1 }
        var statuses: [pid_t: (Int32, Double)] = [:]
        var timedOut: Set<pid_t> = []
        var stoppedAt: ContinuousClock.Instant?
        while statuses.count < pids.count {
            for pid in pids where statuses[pid] == nil {
                var status: Int32 = 0
                let ended = waitpid(pid, &status, WNOHANG)
                if ended == pid || ended < 0 && errno == ECHILD {
                    statuses[pid] = (ended == pid ? status : -1, (ContinuousClock.now - start).nanoseconds / 1e9)
                }
            }
            guard statuses.count < pids.count else { break }
            let now = ContinuousClock.now
            if stoppedAt == nil {
                let late = budget.map { now - start >= $0 } ?? false
                if late || shouldStop() {
                    stoppedAt = now
                    for pid in pids where statuses[pid] == nil {
                        if late { timedOut.insert(pid) }
                        kill(pid, SIGTERM)
                    }
                }
            } else if now - stoppedAt! >= killGrace {
                for pid in pids where statuses[pid] == nil { kill(pid, SIGKILL) }
            }
            usleep(10_000)
        }
        return zip(pids, [first, second]).map { pid, side in
            let (status, seconds) = statuses[pid] ?? (-1, (ContinuousClock.now - start).nanoseconds / 1e9)
            var run = LoggedRun(status: status, log: side.log, seconds: seconds)
            run.timedOut = timedOut.contains(pid)
            return run
        }
    }

    /// How long a run stopped with SIGTERM may take to end (a bench drops its cell under way
    /// within a second and prints what it measured) before SIGKILL.
    static let killGrace = Duration.milliseconds(1_500)

    /// Starts `side` with its output in its log, the descriptor `closing` closed in it (the
    /// others it inherits), and `extraEnvironment` added to this process's environment.
    ///
    /// - Complexity: one `posix_spawn`.
    private static func spawn(_ side: Side, closing: Int32, extraEnvironment: String, logFix: String,
                              cannotStart: (String) -> String) throws(CommandFailure) -> pid_t {
        // A new file, never through a link or into a FIFO left there.
        let log = open(side.log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw CommandFailure(message: "cannot write \(side.log.escapingControls()). Fix: \(logFix)") }
        defer { close(log) }
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, log, 1)
        posix_spawn_file_actions_adddup2(&actions, log, 2)
        posix_spawn_file_actions_addclose(&actions, log)
        posix_spawn_file_actions_addclose(&actions, closing)
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != AlternatingTurns.variable }
            .map { "\($0.key)=\($0.value)" } + [extraEnvironment]
        let argv = ([side.executable] + side.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, side.executable, &actions, nil, argv, envp)
        guard result == 0 else { throw CommandFailure(message: cannotStart(String(cString: strerror(result)))) }
        return pid
    }
}
