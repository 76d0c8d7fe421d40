#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TreeRows
import TreeRowsCorpora

/// ``FuzzWorkers`` in child processes: each worker is a ``ChildProcess`` that runs its
/// ``Fuzzer`` for the whole run, so a strategy that traps, overflows its stack, hangs or
/// exhausts memory ends one worker, not the run, and becomes a finding like a disagreement.
///
/// A worker announces every case before it draws it (``FuzzCaseIdentity`` in its
/// ``StepRecord``), and the step it is on. When a worker crashes, or hands back a
/// disagreement, the parent draws the case again (the reference alone generates its
/// operations), runs it in a child to see it fail again, and shrinks it with every
/// candidate in a child of its own (``IsolatedRun``): a candidate is kept when it ends the
/// same way. The first finding stops the other workers, which hand back what they ran.
public struct IsolatedFuzzer {
    /// The workers: their configurations, strategies and recorded trees.
    public var workers: FuzzWorkers
    /// The watchdog's budget and the memory limit of each child.
    package var limits: ChildProcess.Limits

    /// Creates an isolated run of `workers` with the default limits.
    public init(workers: FuzzWorkers) {
        self.workers = workers
        limits = .standard
    }

    /// Creates an isolated run with these limits.
    ///
    /// - Parameters:
    ///   - hangBase: The watchdog's budget of one step (an operation and its checks, on one
    ///     strategy) on a small tree; each node of the tree adds `hangPerNode`.
    ///   - memoryLimit: The most resident memory of a child, in bytes (`nil`: none).
    public init(workers: FuzzWorkers, hangBase: Duration, hangPerNode: Duration, memoryLimit: Int?) {
        self.workers = workers
        limits = ChildProcess.Limits(budget: StepMonitor.Budget(base: hangBase, perNode: hangPerNode), memoryLimit: memoryLimit)
    }

    /// Runs every worker to the end and returns their outcomes, worker 0 first, findings shrunk.
    ///
    /// - Parameters:
    ///   - shouldStop: Polled by the parent (Ctrl-C): the workers are told to stop, and
    ///     stopped ``stopGrace`` later if they have not.
    ///   - progress: Called now and then with the operations and cases of all workers.
    /// - Throws: when no temporary folder can be made for the children's files.
    public func run(shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }) throws -> [Fuzzer.Outcome] {
        try run(shouldStop: shouldStop, status: { progress($0.operations, $0.cases) }).outcomes
    }

    /// What the workers have done so far, for a status line.
    package struct Progress {
        package var operations: Int
        package var cases: Int
        /// Workers that found something.
        package var findings: Int
    }

    /// A whole run: the outcomes, and how it ended.
    package struct Ending {
        /// Per worker, worker 0 first, findings shrunk.
        package var outcomes: [Fuzzer.Outcome]
        /// Cases stopped in the middle of a step (at the deadline, on Ctrl-C, or when another
        /// worker's finding stopped the run): not findings.
        package var cutShort: Int
        /// Workers that a signal from outside TreeRows ended: the worker and the signal.
        package var killed: [(worker: Int, signal: Int32)]
    }

    /// Runs every worker until its time, its operations, `shouldStop` or a finding.
    ///
    /// At the time limit the workers are told to stop; one still in a step ``stopGrace``
    /// later (a slow strategy's step may take minutes) is stopped,
    /// and its outcome is its last checkpoint (``Fuzzer/checkpointInterval``) with the counts of
    /// its record: its case is cut short, not a finding. A worker ended by a signal from outside
    /// stops the run; it is not started again and is no finding.
    ///
    /// - Throws: when no temporary folder can be made for the children's files.
    package func run(shouldStop: () -> Bool, status: (Progress) -> Void) throws -> Ending {
        var runner = try IsolatedRun(limits: limits)
        let fuzzers = workers.fuzzers
        let clock = ContinuousClock()
        let deadline = workers.configuration.timeLimit.map { clock.now + $0 }
        let checkpoints = fuzzers.indices.map { "\(runner.folder.path)/worker-\($0).outcome" }
        let children = fuzzers.enumerated().map { worker, fuzzer in
            ChildProcess.start(limits: limits, folder: runner.folder.path) { monitor in
                let outcome = fuzzer.run(shrinking: false, shouldStop: { monitor.stopRequested }, progress: { _, _ in },
                                         checkpoint: { Self.writeCheckpoint($0, to: checkpoints[worker]) }, observer: monitor)
                return ChildProtocol.encode(ChildReply.fuzzed(FuzzWorkerReport(outcome)))
            }
        }
        var endings = [ChildProcess.Ending?](repeating: nil, count: children.count)
        // How long each worker ran, for the summary of one that left only a checkpoint.
        var ran = [Duration](repeating: .zero, count: children.count)
        let started = clock.now
        var found = false
        var askedAt: ContinuousClock.Instant?
        var pause: UInt32 = 1_000
        while endings.contains(where: { $0 == nil }) {
            let now = clock.now
            if askedAt == nil && (found || shouldStop() || deadline.map { now >= $0 } == true) {
                askedAt = now
                for child in children { child.requestStop() }
            }
            if let askedAt, now - askedAt >= Self.stopGrace {
                for (worker, child) in children.enumerated() where endings[worker] == nil { child.stop() }
            }
            for (worker, child) in children.enumerated() where endings[worker] == nil {
                guard let ending = child.poll() else { continue }
                endings[worker] = ending
                ran[worker] = clock.now - started
                switch ending {
                case .finished(let bytes):
                    if let report = try? Self.report(bytes), report.failure != nil { found = true }
                case .crashed:
                    found = true
                case .killed:
                    // Not started again: the run stops with what the others did.
                    if askedAt == nil {
                        askedAt = clock.now
                        for child in children { child.requestStop() }
                    }
                case .slow, .stopped:
                    break
                }
            }
            status(Progress(operations: children.reduce(0) { $0 + Int($1.record.pointee.operations) },
                            cases: children.reduce(0) { $0 + Int($1.record.pointee.cases) }, findings: found ? 1 : 0))
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        // Ctrl-C starts no child: a finding is written as found, not run again nor shrunk;
        // one during shrinking stops it.
        let interrupted = shouldStop()
        var cutShort = 0
        var killed: [(worker: Int, signal: Int32)] = []
        var outcomes: [Fuzzer.Outcome] = []
        withoutActuallyEscaping(shouldStop) { shouldStop in
            runner.shouldStop = shouldStop
            for (worker, (fuzzer, (child, ending))) in zip(fuzzers, zip(children, endings)).enumerated() {
                switch ending! {
                case .killed(let signal, let record) where !interrupted:
                    killed.append((worker, signal))
                    outcomes.append(Self.checkpoint(checkpoints[worker], record: record, fuzzer: fuzzer, ran: ran[worker]))
                case .killed(_, let record), .stopped(let record), .slow(_, let record):
                    cutShort += 1
                    var outcome = Self.checkpoint(checkpoints[worker], record: record, fuzzer: fuzzer, ran: ran[worker])
                    outcome.wasStopped = interrupted
                    outcomes.append(outcome)
                case .finished, .crashed:
                    outcomes.append(outcome(of: ending!, record: child.record.pointee, fuzzer: fuzzer, runner: runner,
                                            checkpoint: checkpoints[worker], ran: ran[worker], shrinking: !interrupted))
                }
            }
            runner.shouldStop = { false }
        }
        return Ending(outcomes: outcomes, cutShort: cutShort, killed: killed)
    }

    /// How long a worker asked to stop may take to reach its next operation before it is
    /// stopped: a quarter of a second (what it did meanwhile is in its checkpoint, at most
    /// ``Fuzzer/checkpointInterval`` old, and in its record's counts).
    package static let stopGrace = Duration.milliseconds(250)

    /// The worker's report in a child's answer or a checkpoint file.
    ///
    /// - Complexity: O(*b*) for *b* bytes.
    private static func report(_ bytes: [UInt8]) throws(ChildProtocolError) -> FuzzWorkerReport {
        try ChildProtocol.answer(bytes, asked: "a fuzz worker's outcome") { if case .fuzzed(let report) = $0 { report } else { nil } }
    }

    /// Writes `outcome` to `path` whole or not at all (a new file renamed over the old).
    private static func writeCheckpoint(_ outcome: Fuzzer.Outcome, to path: String) {
        let temporary = path + ".new"
        if ChildProcess.writeWhole(ChildProtocol.encode(ChildReply.fuzzed(FuzzWorkerReport(outcome))), to: temporary) {
            rename(temporary, path)
        }
    }

    /// The outcome of a worker that was stopped or crashed, as complete as a finished one's
    /// where it can be: its last checkpoint, with what its record counted since (operations
    /// and cases, which move on between checkpoints) and the time since, given to the tier
    /// of the case under way; or those counts alone, when it left no checkpoint.
    ///
    /// - Parameter ran: How long the worker ran.
    private static func checkpoint(_ path: String, record: StepRecord, fuzzer: Fuzzer, ran: Duration) -> Fuzzer.Outcome {
        var outcome = Fuzzer.Outcome(operations: 0, cases: 0, elapsed: .zero, failure: nil, wasStopped: false, tiers: [:],
                                     strategyTime: fuzzer.strategies.map { ($0.name, .zero) }, coverage: FuzzCoverage())
        if let bytes = FileManager.default.contents(atPath: path),
           let saved = (try? Self.report(Array(bytes)))?.outcome(strategies: fuzzer.strategies) {
            outcome = saved
        }
        let operations = max(0, Int(record.operations) - outcome.operations), cases = max(0, Int(record.cases) - outcome.cases)
        outcome.operations += operations
        outcome.cases += cases
        if record.tier >= 0 {
            let tier: FuzzTier = record.tier == 0 ? .small : .large
            outcome.tiers[tier, default: Fuzzer.TierStatistics()].operations += operations
            outcome.tiers[tier, default: Fuzzer.TierStatistics()].cases += cases
            outcome.tiers[tier, default: Fuzzer.TierStatistics()].elapsed += max(.zero, ran - outcome.elapsed)
        }
        outcome.elapsed = max(outcome.elapsed, ran)
        return outcome
    }

    /// A worker's outcome from how its child ended, its finding drawn again and shrunk.
    ///
    /// - Parameters:
    ///   - checkpoint: The worker's checkpoint file, for the counts of a worker that crashed.
    ///   - ran: How long the worker ran.
    private func outcome(of ending: ChildProcess.Ending, record: StepRecord, fuzzer: Fuzzer, runner: IsolatedRun,
                         checkpoint: String, ran: Duration, shrinking: Bool) -> Fuzzer.Outcome {
        var outcome: Fuzzer.Outcome
        let identity: FuzzCaseIdentity?
        let failure: Disagreement?
        switch ending {
        case .finished(let bytes):
            let read: Fuzzer.Outcome?
            let problem: String
            do throws(ChildProtocolError) {
                read = try Self.report(bytes).outcome(strategies: fuzzer.strategies)
                problem = "it is not of this run's strategies"
            } catch {
                (read, problem) = (nil, error.description)
            }
            guard let read else {
                let crash = Crash(kind: .exit, message: "the worker's outcome could not be read: \(problem)")
                return shrunk(Self.checkpoint(checkpoint, record: record, fuzzer: fuzzer, ran: ran), identity: FuzzCaseIdentity(record),
                              failure: IsolatedRun.crashed(crash, record, Self.active(record, fuzzer)), fuzzer: fuzzer, runner: runner,
                              shrinking: shrinking)
            }
            outcome = read
            identity = read.failure?.identity
            failure = read.failure?.disagreement
        case .crashed(let crash, let record):
            // What the worker ran since its last checkpoint is lost with it, but for its counts.
            outcome = Self.checkpoint(checkpoint, record: record, fuzzer: fuzzer, ran: ran)
            identity = FuzzCaseIdentity(record)
            failure = IsolatedRun.crashed(crash, record, Self.active(record, fuzzer))
        case .slow(_, let record), .stopped(let record), .killed(_, let record):
            return Self.checkpoint(checkpoint, record: record, fuzzer: fuzzer, ran: ran)
        }
        guard let failure else { return outcome }
        return shrunk(outcome, identity: identity, failure: failure, fuzzer: fuzzer, runner: runner, shrinking: shrinking)
    }

    /// The strategies the case under way ran, in the order its session had them: a record's
    /// strategy index counts among them.
    private static func active(_ record: StepRecord, _ fuzzer: Fuzzer) -> [any RowStrategy.Type] {
        guard let identity = FuzzCaseIdentity(record) else { return fuzzer.strategies }
        return fuzzer.strategies.enumerated().filter { identity.runs($0.offset) }.map(\.element)
    }

    /// `outcome` with the finding of `failure` in the case `identity` names: drawn again,
    /// run again in a child, shrunk.
    private func shrunk(_ outcome: Fuzzer.Outcome, identity: FuzzCaseIdentity?, failure: Disagreement, fuzzer: Fuzzer,
                        runner: IsolatedRun, shrinking: Bool) -> Fuzzer.Outcome {
        var outcome = outcome
        let clock = ContinuousClock()
        let start = clock.now
        let failing = fuzzer.strategies.filter { $0.name == failure.strategy }
        let strategies = failing.isEmpty ? fuzzer.strategies : failing
        guard let identity else {
            // Died outside any case (before the first was drawn): nothing to replay.
            let empty = FuzzCase(nodes: [], operations: [])
            outcome.failure = Fuzzer.Finding(found: empty, shrunk: empty, disagreement: failure, caseNumber: 0, tier: .small,
                                             scenario: nil, shrinkElapsed: .zero,
                                             identity: FuzzCaseIdentity(tier: .small, caseNumber: 0, samplerPosition: 0, samplerDrawn: 0, caseSeed: 0))
            return outcome
        }
        let (found, scenario) = fuzzer.regenerate(identity, through: max(failure.operationIndex, 0))
        var finding = Fuzzer.Finding(found: found, shrunk: found, disagreement: failure, caseNumber: identity.caseNumber,
                                     tier: identity.tier, scenario: scenario, shrinkElapsed: .zero, identity: identity)
        guard shrinking else {
            finding.disagreement.problem += " (not run again nor shrunk: the run was stopped; the repro is the whole case)"
            outcome.failure = finding
            return outcome
        }
        if failure.aspect == .retainedMemory {
            // Retained memory is measured, not replayed: each candidate runs again and again
            // in a child of its own, and is kept while the strategy still retains on it.
            if let strategy = failing.first, let counter = fuzzer.allocationCounter,
               let (small, disagreement) = Shrinker.shrink(found, timeLimit: fuzzer.configuration.shrinkTimeLimit, failure: { candidate in
                   runner.retainedMemory(candidate, strategy: strategy, counter: counter)?.failure(strategy: strategy.name)
               }) {
                finding.shrunk = small
                finding.disagreement = disagreement
                // How the worker's memory grew, from the worker's own account.
                if let grew = failure.problem.range(of: " (the worker's") { finding.disagreement.problem += failure.problem[grew.lowerBound...] }
            }
            finding.shrinkElapsed = clock.now - start
            outcome.failure = finding
            return outcome
        }
        // Replays in new processes of the tool, to learn whether it always fails.
        var probe = FlakeProbe(folder: runner.folder.path, memoryLimit: limits.memoryLimit)
        probe.shouldStop = runner.shouldStop
        let names = strategies.map { $0.name }.joined(separator: ",")
        // A flaky finding's found case shrunk against its rate, under the condition it fails
        // most in: a candidate is kept when it fails in as many new processes as make a miss
        // unlikely at that rate. The case itself is not run again first (it was just seen
        // failing like `failing`, and a rerun could pass and end the shrinking). The finding
        // then records the shrunk case's own rate (a candidate may fail less often); whether
        // it shrank.
        func shrinkAgainstRate(_ finding: inout Fuzzer.Finding, failing: Disagreement, flakiness: Flakiness) -> Bool {
            guard let (small, disagreement) = Shrinker.shrink(finding.found, timeLimit: fuzzer.configuration.shrinkTimeLimit, known: failing,
                                                              failure: { candidate in
                probe.failure(of: candidate, strategy: names, under: flakiness, timeLimit: .seconds(10), like: failure)
            }), small != finding.found else { return false }
            finding.shrunk = small
            finding.disagreement = disagreement
            if let again = probe.probe(small, strategy: names), again.conditionFailures > 0 { finding.flakiness = again }
            return true
        }
        // Alone in a child, does it fail the same way again?
        if case .failure(let again) = runner.run(found, strategies: strategies, strictly: false),
           again.crash?.signature == failure.crash?.signature {
            let (small, disagreement) = runner.shrink(found, failing: again, strategies: strategies,
                                                      timeLimit: fuzzer.configuration.shrinkTimeLimit)
            finding.shrunk = small
            finding.disagreement = disagreement
            // Failing twice in forks is no proof that it always fails: a repro that a user's
            // replay passes half the time must say so. A hang or runaway memory is not
            // replayed again (each run would cost the watchdog's time).
            if failure.crash?.kind != .hang && failure.crash?.kind != .memory {
                if let confirmation = probe.confirm(small, strategy: names, runs: small.nodes.count > 10_000 ? 3 : 10),
                   confirmation.failures < confirmation.runs,
                   let flakiness = probe.probe(small, strategy: names) {
                    finding.flakiness = flakiness
                    // Flaky in children too, it may have passed every candidate: no smaller
                    // case yet, so it is shrunk against the rate the new processes showed.
                    let seen = finding.disagreement
                    let shrank = small == found && flakiness.conditionFailures > 0
                        && shrinkAgainstRate(&finding, failing: seen, flakiness: flakiness)
                    finding.disagreement.problem += " (flaky: \(finding.flakiness!.summary)\(shrank ? "; shrunk against the found case's rate" : ""))"
                }
            }
        } else {
            // It did not fail again in a fork of this process: replayed afresh, how often does it?
            finding.flakiness = probe.probe(found, strategy: names)
            if let flakiness = finding.flakiness, flakiness.conditionFailures > 0 {
                // Flaky: shrunk against its rate, under the condition it fails most in.
                if shrinkAgainstRate(&finding, failing: failure, flakiness: flakiness) {
                    finding.disagreement.problem += " (flaky: \(finding.flakiness!.summary); shrunk against the found case's rate)"
                } else {
                    finding.disagreement.problem += " (flaky: \(flakiness.summary))"
                }
            } else {
                finding.disagreement.problem += " (it did not fail the same way when its case ran again alone"
                    + "\(finding.flakiness.map { "; \($0.summary)" } ?? ""); the repro is the whole case)"
            }
        }
        if runner.shouldStop() {
            finding.disagreement.problem += " (the run was stopped while the finding was replayed and shrunk: the repro is the"
                + " smallest case reached by then)"
        }
        finding.shrinkElapsed = clock.now - start
        outcome.failure = finding
        return outcome
    }
}
