#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess
import Foundation
import TreeRowsCorpora

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
        /// The watchdog's standard budget per step.
        package var budget: StepMonitor.Budget
        /// The most resident memory, in bytes (`nil`: no limit).
        package var memoryLimit: Int?
        /// What to do with a step past its standard budget that is no hang by its strategy's
        /// own cost (``StepMonitor/hangMultiple``).
        package var slowSteps: SlowStepPolicy = .runOn
        /// A step past this much processor time is a hang whatever its strategy's cost
        /// predicts (`nil`: no ceiling).
        package var hangCeiling: Duration?

        /// The defaults: ``StepMonitor/Budget/standard`` and 2 GiB (the fuzzer's largest
        /// cases peak under 1 GiB with every built-in strategy).
        package static let standard = Limits(budget: .standard, memoryLimit: 2 << 30)

        package init(budget: StepMonitor.Budget, memoryLimit: Int?, slowSteps: SlowStepPolicy = .runOn, hangCeiling: Duration? = nil) {
            self.budget = budget
            self.memoryLimit = memoryLimit
            self.slowSteps = slowSteps
            self.hangCeiling = hangCeiling
        }
    }

    /// What to do with a slow step: one past its standard budget that its strategy's own
    /// measured cost says is no hang.
    package enum SlowStepPolicy: Sendable {
        /// Let it run (a fuzz worker, a check: the run's deadline bounds it).
        case runOn
        /// Stop the child: it ends ``Ending/slow(_:_:)`` (a benchmark cell, which has a
        /// budget of its own and measures a lower bound instead).
        case stop
    }

    /// How a child ended.
    package enum Ending {
        /// The closure returned these bytes.
        case finished([UInt8])
        /// The child died or was stopped: how, and its last record.
        case crashed(Crash, StepRecord)
        /// (``SlowStepPolicy/stop``) A step ran past its standard budget without being a hang
        /// (a hang needs the strategy's earlier steps of the same kind, past 32 times what they
        /// predict): the child was stopped; what the step had used.
        case slow(SlowStep, StepRecord)
        /// The parent stopped the child itself (``stop()``: a deadline, Ctrl-C): no finding.
        case stopped(StepRecord)
        /// A signal from outside TreeRows ended the child (SIGKILL, SIGTERM, SIGINT, SIGHUP
        /// that the parent did not send): no finding, nothing to replay.
        case killed(signal: Int32, StepRecord)
    }

    /// The child's process id.
    package let pid: pid_t
    /// The child's progress, in shared memory.
    package let record: UnsafeMutablePointer<StepRecord>
    private let limits: Limits
    /// The slots of a trap report shared with the child (``trapReport``), if it has one.
    private let trapSlots: UnsafeMutablePointer<UInt64>?
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
    private var stopping: (reason: StopReason, killAt: ContinuousClock.Instant, record: StepRecord)?

    /// Why the parent stops a child.
    private enum StopReason {
        case crash(Crash)
        case slow(SlowStep)
        case stopped
    }
    private var ending: Ending?
    /// The child crashed by itself and the backtracer is writing its report.
    private var crashedAlready = false

    private init(pid: pid_t, record: UnsafeMutablePointer<StepRecord>, trapSlots: UnsafeMutablePointer<UInt64>?, limits: Limits,
                 outputPath: String, resultPath: String) {
        self.pid = pid
        self.record = record
        self.trapSlots = trapSlots
        self.limits = limits
        self.outputPath = outputPath
        self.resultPath = resultPath
        lastBeat = clock.now
        lastMemoryCheck = clock.now
    }

    deinit {
        if ending == nil {
            killWithHelpers()
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        munmap(record, MemoryLayout<StepRecord>.stride)
        if let trapSlots { munmap(trapSlots, Self.trapSlotCount * MemoryLayout<UInt64>.stride) }
        unlink(outputPath)
        unlink(resultPath)
    }

    nonisolated(unsafe) private static var started = 0

    /// How many 64-bit slots a trap report has: the signal, the frame count, the frames.
    static let trapSlotCount = 40

    /// Forks a child that runs `body` and hands its bytes back.
    ///
    /// - Parameters:
    ///   - folder: Where the child's two files go (removed when this object goes).
    ///   - trapReport: Whether a fatal signal in the child (a trap, a bad access) is
    ///     reported by address (``trapReport``) at once, instead of by Swift's backtracer,
    ///     which names the frames but takes half a second or more: for runs that only need
    ///     to tell one crash site from another. A stack overflow or a hang is still the
    ///     backtracer's.
    /// - Complexity: one fork: O(pages of the parent) for the page tables.
    package static func start(limits: Limits, folder: String, trapReport: Bool = false, body: (StepMonitor) -> [UInt8]) -> ChildProcess {
        // What the child's answer needs is set up here, before the fork.
        ChildProtocol.prepare()
        started += 1
        let outputPath = "\(folder)/child-\(started).log"
        let resultPath = "\(folder)/child-\(started).result"
        guard let memory = mmap(nil, MemoryLayout<StepRecord>.stride, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANON, -1, 0),
              memory != MAP_FAILED else {
            fatalError("cannot map memory to share with a child: \(String(cString: strerror(errno)))")
        }
        let record = memory.bindMemory(to: StepRecord.self, capacity: 1)
        record.initialize(to: StepRecord())
        var trapSlots: UnsafeMutablePointer<UInt64>?
        if trapReport, let slots = mmap(nil, trapSlotCount * MemoryLayout<UInt64>.stride, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANON, -1, 0),
           slots != MAP_FAILED {
            trapSlots = slots.bindMemory(to: UInt64.self, capacity: trapSlotCount)
            trapSlots!.initialize(repeating: 0, count: trapSlotCount)
        }
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
            // A program the child starts (the backtracer, after a crash) gets no descriptor of
            // the parent's: a caller's pipe held open by it would keep the caller waiting.
            treerows_mark_close_on_exec_from(3)
            // Ctrl-C keeps the parent's handling (a parent that catches it stops its children
            // itself, after the step under way or at once); SIGTERM or SIGHUP ends the child, which the
            // parent reports as killed from outside unless it is stopping too.
            signal(SIGTERM, SIG_DFL)
            signal(SIGHUP, SIG_DFL)
            var terminate = sigset_t()
            sigemptyset(&terminate)
            sigaddset(&terminate, SIGTERM)
            sigaddset(&terminate, SIGHUP)
            pthread_sigmask(SIG_UNBLOCK, &terminate, nil)
            if let trapSlots { _ = treerows_install_trap_report(trapSlots, Int32(trapSlotCount)) }
            let monitor = StepMonitor(record: record, budget: limits.budget)
            StepMonitor.current = monitor
            let bytes = body(monitor)
            _exit(writeWhole(bytes, to: resultPath) ? 0 : 3)
        }
        return ChildProcess(pid: pid, record: record, trapSlots: trapSlots, limits: limits, outputPath: outputPath, resultPath: resultPath)
    }

    /// Where a fatal signal struck the child, if it was started with a trap report and one
    /// did: the signal, and the frames' addresses, the faulting instruction first.
    ///
    /// - Complexity: O(1).
    package var trapReport: (signal: Int32, frames: [UInt64])? {
        guard let trapSlots, trapSlots[0] != 0 else { return nil }
        let count = min(Int(trapSlots[1]), Self.trapSlotCount - 2)
        return (Int32(truncatingIfNeeded: trapSlots[0]), (0..<count).map { trapSlots[2 + $0] })
    }

    /// Writes `bytes` to a new file at `path` with the system's calls alone (what a forked
    /// child may use: no lock another thread of its parent may have held).
    ///
    /// - Returns: Whether every byte was written and the file closed.
    /// - Complexity: O(*b*) for *b* bytes.
    package static func writeWhole(_ bytes: [UInt8], to path: String) -> Bool {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard file >= 0 else { return false }
        let failed = AtomicFile.writeAll(bytes, to: file) != nil
        return close(file) == 0 && !failed
    }

    /// Sends SIGKILL to the child and to the programs it started (a backtracer writing a crash
    /// report), which would otherwise run on without it, some never ending.
    ///
    /// - Complexity: one read of the child's list of children on Linux.
    private func killWithHelpers() {
        var helpers = [pid_t](repeating: 0, count: 16)
        let count = treerows_children_of(pid, &helpers, Int32(helpers.count))
        kill(pid, SIGKILL)
        for helper in helpers.prefix(Int(max(0, count))) { kill(helper, SIGKILL) }
    }

    /// Asks the child to stop at its next operation (it reads ``StepRecord/stopRequested``).
    package func requestStop() { record.pointee.stopRequested = 1 }

    /// Stops the child now (SIGKILL): it ends ``Ending/stopped(_:)``, with the record as it
    /// stood, unless it had ended already. What its step was doing is no finding. A child
    /// already being stopped for a finding (a hang's backtrace being written) keeps its
    /// finding and is killed within ``stopGrace``.
    ///
    /// - Complexity: O(1).
    package func stop() {
        guard ending == nil else { return }
        guard stopping == nil else {
            stopping!.killAt = min(stopping!.killAt, clock.now + Self.stopGrace)
            return
        }
        stopping = (.stopped, clock.now, record.pointee)
        killWithHelpers()
    }

    /// How long a child asked to stop (``requestStop()``) may take to reach its next
    /// operation before it is stopped (``stop()``): a step of a slow strategy may run for
    /// minutes, and Ctrl-C or a deadline must not wait for it.
    package static let stopGrace = Duration.seconds(1)

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
                killWithHelpers()
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
                stopping = (.crash(crash), now, record.pointee)
                killWithHelpers()
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
            watch(now: now)
        }
        return nil
    }

    /// The watchdog, for a step past its standard budget in wall time.
    ///
    /// A step slowed down by other processes (the other workers, a busy machine) has not
    /// used its time in processor time. A hang is a step that has used the hang threshold
    /// (``hangThreshold(budget:predicted:ceiling:)``) in processor time, or been blocked
    /// (asleep on a lock, a sleep, a read) for four thresholds; a step that waits for a
    /// processor or a disk is the machine's slowness, not the strategy's: it gets 64. A step
    /// past the standard budget in processor time that is no hang is slow: it runs on, or is
    /// stopped (``SlowStepPolicy``).
    private func watch(now: ContinuousClock.Instant) {
        let step = record.pointee
        let budgetTime = Duration.nanoseconds(step.stepBudget)
        // Where a slow step is stopped (a benchmark cell), a hang needs the strategy's own steps
        // of this kind to go by: a first input past the budget may be superlinear, not stuck.
        let predicted = limits.slowSteps == .stop ? (step.stepPredictedOwnKind > 0 ? step.stepPredictedOwnKind : nil) : step.stepPredicted
        let hangTime = Self.hangThreshold(budget: budgetTime, predicted: predicted, ceiling: limits.hangCeiling)
        let waited = now - lastBeat
        let scheduling = Self.scheduling(of: pid)
        var used: Duration?
        if let before = processorAtBeat, let scheduling { used = scheduling.processor - before }
        let isHang = used.map { $0 >= hangTime || waited >= hangTime * (scheduling!.isAsleep ? 4 : 64) } ?? (waited >= hangTime)
        let isSlow = used.map { $0 >= budgetTime || waited >= budgetTime * 64 } ?? true
        guard isHang || isSlow && limits.slowSteps == .stop else { return }
        // A child that crashed waits for the backtracer (a second or more on a big
        // binary): that is no hang. SIGKILL only if the report never comes.
        if backtraceStarted() {
            stopping = (.crash(Crash(kind: .exit, message: "the backtracer did not finish")), now + .seconds(60), step)
            crashedAlready = true
            return
        }
        guard isHang else {
            let slow = SlowStep(processor: used, wall: waited, budget: budgetTime, predicted: .nanoseconds(step.stepPredicted),
                                nodes: Int(step.budgetNodes), elements: Int(step.budgetElements))
            stopping = (.slow(slow), now, step)
            killWithHelpers()
            return
        }
        let budget = Double(step.stepBudget) / 1e9
        if limits.memoryLimit != nil, resident - residentAtBeat > Self.runawayGrowth {
            // A step that neither ends nor stops growing: memory without bound, not a loop.
            let crash = Crash(kind: .memory, signal: SIGKILL, message: "resident memory grew from \(residentAtBeat >> 20) to "
                + "\(resident >> 20) MiB in one step that ran past the watchdog's \(String(format: "%.1f", budget)) s")
            stopping = (.crash(crash), now, step)
            killWithHelpers()
            return
        }
        let crash = Crash(kind: .hang, signal: SIGABRT,
                          message: Self.hangMessage(step, used: used, waited: waited, asleep: scheduling?.isAsleep ?? false,
                                                    ceiling: limits.hangCeiling))
        // SIGABRT first: the backtracer shows where it loops. Then SIGKILL.
        stopping = (.crash(crash), now + .seconds(10), step)
        // The backtracer lets the child run on: it stops at its next operation, if it reads its record.
        record.pointee.stopRequested = 1
        kill(pid, SIGABRT)
    }

    /// The processor time past which a step is a hang: its standard `budget`, or
    /// ``StepMonitor/hangMultiple`` times what its strategy's own cost `predicted` (in
    /// nanoseconds; 0: nothing measured) if that is more; never without a prediction (`nil`);
    /// at most `ceiling`.
    ///
    /// - Complexity: O(1).
    package static func hangThreshold(budget: Duration, predicted: Int64?, ceiling: Duration?) -> Duration {
        var threshold = never
        if let predicted {
            let own = Double(predicted) * StepMonitor.hangMultiple
            threshold = own <= budget.nanoseconds ? budget : own < 9e18 ? min(.nanoseconds(Int64(own)), never) : never
        }
        if let ceiling { threshold = min(threshold, ceiling) }
        return threshold
    }

    /// A threshold no step reaches (2^40 seconds), that a watchdog can still multiply.
    private static let never = Duration.seconds(Int64(1) << 40)

    /// A hang's message: which budget the step passed and by how much, the processor time
    /// it used in the wall time it took, and `blocked` when it was asleep.
    static func hangMessage(_ step: StepRecord, used: Duration?, waited: Duration, asleep: Bool, ceiling: Duration?) -> String {
        let seconds = { (time: Duration) in Self.format(time) }
        let budget = Duration.nanoseconds(step.stepBudget)
        let taken = used ?? waited
        var text = "a step ran past the watchdog's \(seconds(budget)) for a tree of \(step.budgetNodes) nodes"
            + (step.budgetElements > 1 ? " and an operation of \(step.budgetElements) elements (a page's replies or an accordion's siblings)" : "")
        let predicted = Duration.nanoseconds(step.stepPredicted)
        if let ceiling, taken >= ceiling, predicted * StepMonitor.hangMultiple > ceiling {
            text += ", and past the ceiling of \(seconds(ceiling)) (--hang-ceiling)"
        } else if step.stepPredicted > 0 {
            let times = taken.nanoseconds / max(1, predicted.nanoseconds)
            text += ", and past \(Int(StepMonitor.hangMultiple)) times the \(seconds(predicted)) its strategy's own measured steps"
                + " predict for it (\(times >= 100 ? String(Int(times)) : String(format: "%.1f", times))× the prediction)"
        } else {
            text += " (its strategy had no step measured yet to predict it by)"
        }
        if let used {
            text += " (it used \(String(format: "%.2f", used.nanoseconds / 1e9)) s of processor time in"
                + " \(String(format: "%.2f", waited.nanoseconds / 1e9)) s" + (asleep ? ", blocked)" : ")")
        }
        return text
    }

    /// `time` as `1.2 s`, `35 ms` or `120 µs`.
    static func format(_ time: Duration) -> String {
        let nanoseconds = time.nanoseconds
        if nanoseconds >= 1e9 { return String(format: "%.1f s", nanoseconds / 1e9) }
        if nanoseconds >= 1e6 { return String(format: "%.3g ms", nanoseconds / 1e6) }
        return String(format: "%.3g µs", nanoseconds / 1e3)
    }

    /// Waits for the child to end, watching it meanwhile: polls at doubling intervals, from
    /// 50 µs up to 50 ms, so that a short child is seen to end soon and a long one (a
    /// benchmark cell being timed) is woken from seldom.
    ///
    /// - Parameter shouldStop: Polled meanwhile (Ctrl-C, a deadline): once it answers
    ///   `true`, the child is asked to stop (``requestStop()``), and stopped (``stop()``) if
    ///   it has not ended ``stopGrace`` later.
    package func wait(stoppingWhen shouldStop: () -> Bool = { false }) -> Ending {
        var pause: UInt32 = 50
        var askedAt: ContinuousClock.Instant?
        while true {
            if let ending = poll() { return ending }
            if let askedAt {
                if clock.now - askedAt >= Self.stopGrace { stop() }
            } else if shouldStop() {
                requestStop()
                askedAt = clock.now
            }
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
        let last = stopping?.record ?? record.pointee
        switch stopping?.reason {
        case .stopped?:
            return .stopped(last)
        case .slow(let slow)?:
            return .slow(slow, last)
        case .crash(var crash)? where !crashedAlready:
            guard crash.kind == .hang else { return .crashed(crash, last) }
            // A hang's backtrace (SIGABRT) names the function it loops in.
            let traced = Crash(signal: SIGABRT, standardError: readLog())
            crash.function = traced.function
            crash.location = traced.location
            return .crashed(crash, last)
        default:
            break
        }
        if exited {
            return .crashed(Crash(kind: .exit, message: "the child exited with code \(code) before it finished"), last)
        }
        if stopping == nil && Self.outsideSignals.contains(signal) { return .killed(signal: signal, last) }
        return .crashed(Crash(signal: signal, standardError: readLog()), last)
    }

    /// The last 4 MiB of the child's log.
    private func readLog() -> [UInt8] {
        FileManager.default.contents(atPath: outputPath).map { Array($0.suffix(4 << 20)) } ?? []
    }

    /// Signals that end a child from outside, never by a crash of its own: a strategy that
    /// traps, overflows its stack or aborts ends by SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE
    /// or SIGABRT.
    static let outsideSignals: Set<Int32> = [SIGKILL, SIGTERM, SIGINT, SIGHUP]

    /// How much a step that outlasts the watchdog must have grown to be memory without
    /// bound rather than a loop (a loop that does not allocate grows by nothing).
    private static let runawayGrowth = 64 << 20

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
