#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess
import Foundation

/// A forked child that runs one closure of this process, so that a strategy's trap, fatal
/// signal, stack overflow, hang or runaway memory ends the child and is reported to the
/// parent as a ``Crash`` instead of ending the run.
///
/// The child writes its standard output and standard error to a file (where Swift's
/// backtracer leaves its crash report), its result to another, and its progress to a
/// ``StepRecord`` in memory shared with the parent. The parent polls: the child's exit, the
/// heartbeat against the step's budget (a hang: SIGABRT, so the backtrace shows where it
/// loops, then SIGKILL), and the child's resident memory against the limit (SIGKILL). A
/// step is a hang once it has used its budget in processor time (on Linux; elsewhere in
/// wall time), or has been blocked (asleep) for four budgets in wall time: a step slowed
/// down by other processes on a busy machine, waiting for a processor or a disk, is not a
/// hang until 64 budgets.
///
/// Fork, not spawn: the child starts with the parent's memory (the case to run, the
/// strategies), so nothing is serialized on the way in. The closure must not use threads or
/// locks that another thread of the parent may hold; the harness's runs use neither.
package final class ChildProcess {
    /// What a child may use.
    package struct Limits: Sendable {
        /// The watchdog's budget per step.
        package var budget: StepMonitor.Budget
        /// The most resident memory, in bytes (`nil`: no limit).
        package var memoryLimit: Int?

        /// The defaults: ``StepMonitor/Budget/standard`` and 2 GiB (the fuzzer's largest
        /// cases peak under 1 GiB with every built-in strategy).
        package static let standard = Limits(budget: .standard, memoryLimit: 2 << 30)

        package init(budget: StepMonitor.Budget, memoryLimit: Int?) {
            self.budget = budget
            self.memoryLimit = memoryLimit
        }
    }

    /// How a child ended.
    package enum Ending {
        /// The closure returned these bytes.
        case finished([UInt8])
        /// The child died or was stopped: how, and its last record.
        case crashed(Crash, StepRecord)
    }

    /// The child's process id.
    package let pid: pid_t
    /// The child's progress, in shared memory.
    package let record: UnsafeMutablePointer<StepRecord>
    private let limits: Limits
    private let outputPath: String
    private let resultPath: String
    private let clock = ContinuousClock()
    private var lastHeartbeat: UInt64 = 0
    private var lastBeat: ContinuousClock.Instant
    private var lastMemoryCheck: ContinuousClock.Instant
    /// The resident memory when the heartbeat last moved, and the latest reading.
    private var residentAtBeat = 0
    private var resident = 0
    /// The child's processor time when the heartbeat was last seen to move (`nil` where it
    /// cannot be read).
    private var processorAtBeat: Duration?
    /// Why the parent is stopping the child, when it sends SIGKILL if it is still there, and
    /// the child's record when the parent decided: a child that took SIGABRT from outside
    /// runs on while its backtrace is written, into later steps and cases.
    private var stopping: (crash: Crash, killAt: ContinuousClock.Instant, record: StepRecord)?
    private var ending: Ending?
    /// The child crashed by itself and the backtracer is writing its report.
    private var crashedAlready = false

    private init(pid: pid_t, record: UnsafeMutablePointer<StepRecord>, limits: Limits, outputPath: String, resultPath: String) {
        self.pid = pid
        self.record = record
        self.limits = limits
        self.outputPath = outputPath
        self.resultPath = resultPath
        lastBeat = clock.now
        lastMemoryCheck = clock.now
    }

    deinit {
        if ending == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        munmap(record, MemoryLayout<StepRecord>.stride)
        unlink(outputPath)
        unlink(resultPath)
    }

    nonisolated(unsafe) private static var started = 0

    /// Forks a child that runs `body` and hands its bytes back.
    ///
    /// - Parameter folder: Where the child's two files go (removed when this object goes).
    /// - Complexity: one fork: O(pages of the parent) for the page tables.
    package static func start(limits: Limits, folder: String, body: () -> [UInt8]) -> ChildProcess {
        started += 1
        let outputPath = "\(folder)/child-\(started).log"
        let resultPath = "\(folder)/child-\(started).result"
        guard let memory = mmap(nil, MemoryLayout<StepRecord>.stride, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANON, -1, 0),
              memory != MAP_FAILED else {
            fatalError("cannot map memory to share with a child: \(String(cString: strerror(errno)))")
        }
        let record = memory.bindMemory(to: StepRecord.self, capacity: 1)
        record.initialize(to: StepRecord())
        fflush(nil)
        let pid = treerows_fork()
        if pid < 0 { fatalError("cannot fork a child: \(String(cString: strerror(errno)))") }
        if pid == 0 {
            // The child: its output to the log, its progress to the record, its result to a file.
            let log = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            if log >= 0 {
                dup2(log, 1)
                dup2(log, 2)
                close(log)
            }
            StepMonitor.record = record
            StepMonitor.budget = limits.budget
            let bytes = body()
            let file = open(resultPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            var written = 0
            while file >= 0 && written < bytes.count {
                let count = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
                if count <= 0 { _exit(3) }
                written += count
            }
            _exit(file >= 0 && close(file) == 0 ? 0 : 3)
        }
        return ChildProcess(pid: pid, record: record, limits: limits, outputPath: outputPath, resultPath: resultPath)
    }

    /// Asks the child to stop at its next operation (it reads ``StepRecord/stopRequested``).
    package func requestStop() { record.pointee.stopRequested = 1 }

    /// How the child ended, if it has; otherwise runs the watchdog and the memory check once.
    ///
    /// - Complexity: O(1), plus reading the child's files once it ended.
    package func poll() -> Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            let ended = end(status: status)
            ending = ended
            return ended
        }
        let now = clock.now
        if let stopping {
            // The backtracer lets a child that took SIGABRT from outside run on once its
            // report is out: SIGKILL then, or at the deadline.
            if now >= stopping.killAt || !crashedAlready && now - lastMemoryCheck >= .milliseconds(50) && reportIsWritten() {
                kill(pid, SIGKILL)
            }
            lastMemoryCheck = now
            return nil
        }
        if let memoryLimit = limits.memoryLimit, now - lastMemoryCheck >= .milliseconds(20) {
            lastMemoryCheck = now
            resident = ResidentMemory.currentBytes(of: pid)
            if resident > memoryLimit {
                let crash = Crash(kind: .memory, signal: SIGKILL,
                                  message: "resident memory \(resident >> 20) MiB over the limit of \(memoryLimit >> 20) MiB")
                stopping = (crash, now, record.pointee)
                kill(pid, SIGKILL)
                return nil
            }
        }
        let heartbeat = record.pointee.heartbeat
        if heartbeat != lastHeartbeat {
            lastHeartbeat = heartbeat
            lastBeat = now
            residentAtBeat = resident
            processorAtBeat = Self.scheduling(of: pid)?.processor
        } else if record.pointee.stepBudget > 0 && now - lastBeat > .nanoseconds(record.pointee.stepBudget) {
            // Past the budget in wall time. A step slowed down by other processes (the other
            // workers, a busy machine) has not used the budget in processor time: a hang is a
            // step that has, or one blocked (asleep on a lock, a sleep, a read) for four
            // budgets. A step that waits for a processor or a disk is the machine's slowness,
            // not the strategy's: it gets 64 budgets.
            let budgetTime = Duration.nanoseconds(record.pointee.stepBudget)
            let waited = now - lastBeat
            let scheduling = Self.scheduling(of: pid)
            var used: Duration?
            if let before = processorAtBeat, let scheduling {
                let spent = scheduling.processor - before
                used = spent
                if spent < budgetTime && waited < budgetTime * (scheduling.isAsleep ? 4 : 64) {
                    return nil
                }
            }
            // A child that crashed waits for the backtracer (a second or more on a big
            // binary): that is no hang. SIGKILL only if the report never comes.
            if backtraceStarted() {
                stopping = (Crash(kind: .exit, message: "the backtracer did not finish"), now + .seconds(60), record.pointee)
                crashedAlready = true
                return nil
            }
            let budget = Double(record.pointee.stepBudget) / 1e9
            if limits.memoryLimit != nil, resident - residentAtBeat > Self.runawayGrowth {
                // A step that neither ends nor stops growing: memory without bound, not a loop.
                let crash = Crash(kind: .memory, signal: SIGKILL, message: "resident memory grew from \(residentAtBeat >> 20) to "
                    + "\(resident >> 20) MiB in one step that ran past the watchdog's \(String(format: "%.1f", budget)) s")
                stopping = (crash, now, record.pointee)
                kill(pid, SIGKILL)
                return nil
            }
            let crash = Crash(kind: .hang, signal: SIGABRT,
                              message: "a step ran past the watchdog's \(String(format: "%.1f", budget)) s for a tree of \(record.pointee.budgetNodes) nodes"
                                + (record.pointee.budgetElements > 1 ? " and an operation of \(record.pointee.budgetElements) elements (a page's replies or an accordion's siblings)" : "")
                                + Self.spending(used: used, waited: waited, asleep: scheduling?.isAsleep ?? false))
            // SIGABRT first: the backtracer shows where it loops. Then SIGKILL.
            stopping = (crash, now + .seconds(10), record.pointee)
            // The backtracer lets the child run on: it stops at its next operation, if it reads its record.
            record.pointee.stopRequested = 1
            kill(pid, SIGABRT)
        }
        return nil
    }

    /// Waits for the child to end, watching it meanwhile: polls at doubling intervals, from
    /// 50 µs up to 50 ms, so that a short child is seen to end soon and a long one (a
    /// benchmark cell being timed) is woken from seldom.
    ///
    /// - Parameter shouldStop: Polled meanwhile (Ctrl-C): once it answers `true`, the child
    ///   is asked to stop (``requestStop()``).
    package func wait(stoppingWhen shouldStop: () -> Bool = { false }) -> Ending {
        var pause: UInt32 = 50
        while true {
            if let ending = poll() { return ending }
            if shouldStop() { requestStop() }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// Whether the last 64 KiB of the child's log contain any of `markers`.
    private func logEnds(containing markers: String...) -> Bool {
        guard let log = FileManager.default.contents(atPath: outputPath) else { return false }
        let text = String(decoding: log.suffix(1 << 16), as: UTF8.self)
        return markers.contains { text.contains($0) }
    }

    /// Whether the child's log shows the backtracer at work (the child crashed).
    private func backtraceStarted() -> Bool { logEnds(containing: "Backtracing from", "*** Program crashed") }

    /// Whether the child's log holds a whole crash report.
    private func reportIsWritten() -> Bool { logEnds(containing: "\"backtraceTime\"") }

    /// Reads what the child left, once it ended with `status`.
    private func end(status: Int32) -> Ending {
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        let signal = status & 0x7F
        if exited && code == 0 && stopping == nil, let bytes = FileManager.default.contents(atPath: resultPath) {
            return .finished(Array(bytes))
        }
        let log = FileManager.default.contents(atPath: outputPath).map { Array($0.suffix(4 << 20)) } ?? []
        let last = stopping?.record ?? record.pointee
        if var crash = stopping?.crash, !crashedAlready {
            guard crash.kind == .hang else { return .crashed(crash, last) }
            // A hang's backtrace (SIGABRT) names the function it loops in.
            let traced = Crash(signal: SIGABRT, standardError: log)
            crash.function = traced.function
            crash.location = traced.location
            return .crashed(crash, last)
        }
        if exited {
            return .crashed(Crash(kind: .exit, message: "the child exited with code \(code) before it finished"), last)
        }
        return .crashed(Crash(signal: signal, standardError: log), last)
    }

    /// How much a step that outlasts the watchdog must have grown to be memory without
    /// bound rather than a loop (a loop that does not allocate grows by nothing).
    private static let runawayGrowth = 64 << 20

    /// What a hang's message says of its step: the processor time it used in the wall time
    /// it took, and whether it was asleep (blocked) when stopped.
    private static func spending(used: Duration?, waited: Duration, asleep: Bool) -> String {
        guard let used else { return "" }
        let seconds = { (time: Duration) in String(format: "%.2f", time.nanoseconds / 1e9) }
        return " (it used \(seconds(used)) s of processor time in \(seconds(waited)) s" + (asleep ? ", blocked)" : ")")
    }

    /// What the scheduler says of process `pid`: the processor time (user and system) it has
    /// used, and whether it is asleep (blocked on a lock, a sleep or a read) rather than
    /// running, waiting for a processor or waiting for a disk. `nil` where it cannot be read
    /// (then the watchdog goes by wall time alone).
    ///
    /// - Complexity: one read of `/proc/PID/stat` on Linux.
    private static func scheduling(of pid: pid_t) -> (processor: Duration, isAsleep: Bool)? {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // After the command's closing parenthesis: state is field 3, utime and stime 14 and 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        let ticks = Int64(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0 else { return nil }
        return (.nanoseconds((user + system) * (1_000_000_000 / ticks)), fields[0] == "S")
        #else
        return nil
        #endif
    }
}
