#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    ///   - shouldStop: Polled by the parent (Ctrl-C): the workers are told to stop.
    ///   - progress: Called now and then with the operations and cases of all workers.
    /// - Throws: when no temporary folder can be made for the children's files.
    public func run(shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }) throws -> [Fuzzer.Outcome] {
        let runner = try IsolatedRun(limits: limits)
        let fuzzers = workers.fuzzers
        let children = fuzzers.map { fuzzer in
            ChildProcess.start(limits: limits, folder: runner.folder.path) {
                let record = StepMonitor.record
                let outcome = fuzzer.run(shrinking: false, shouldStop: { record?.pointee.stopRequested ?? 0 != 0 }) { operations, cases in
                    record?.pointee.operations = Int64(operations)
                    record?.pointee.cases = Int64(cases)
                }
                return Array(outcome.json.serialized.utf8)
            }
        }
        var endings = [ChildProcess.Ending?](repeating: nil, count: children.count)
        var stopping = false
        var pause: UInt32 = 1_000
        while endings.contains(where: { $0 == nil }) {
            for (worker, child) in children.enumerated() where endings[worker] == nil {
                guard let ending = child.poll() else { continue }
                endings[worker] = ending
                if case .finished(let bytes) = ending, (try? JSONParser.parse(bytes))?["failure"] == nil { continue }
                stopping = true
            }
            if stopping || shouldStop() { for child in children { child.requestStop() } }
            progress(children.reduce(0) { $0 + Int($1.record.pointee.operations) }, children.reduce(0) { $0 + Int($1.record.pointee.cases) })
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        return zip(fuzzers, zip(children, endings)).map { fuzzer, pair in
            outcome(of: pair.1!, record: pair.0.record.pointee, fuzzer: fuzzer, runner: runner)
        }
    }

    /// A worker's outcome from how its child ended, its finding drawn again and shrunk.
    private func outcome(of ending: ChildProcess.Ending, record: StepRecord, fuzzer: Fuzzer, runner: IsolatedRun) -> Fuzzer.Outcome {
        var outcome: Fuzzer.Outcome
        let identity: FuzzCaseIdentity?
        let failure: Disagreement?
        switch ending {
        case .finished(let bytes):
            guard let json = try? JSONParser.parse(bytes), let read = Fuzzer.Outcome(json: json, strategies: fuzzer.strategies) else {
                let crash = Crash(kind: .exit, message: "the worker's outcome could not be read")
                return shrunk(Self.bare(record, fuzzer), identity: FuzzCaseIdentity(record),
                              failure: IsolatedRun.crashed(crash, record, fuzzer.strategies), fuzzer: fuzzer, runner: runner)
            }
            outcome = read
            identity = read.failure?.identity
            failure = read.failure?.disagreement
        case .crashed(let crash, let record):
            // What the worker ran is lost with it, but for its counts.
            outcome = Self.bare(record, fuzzer)
            identity = FuzzCaseIdentity(record)
            failure = IsolatedRun.crashed(crash, record, fuzzer.strategies)
        }
        guard let failure else { return outcome }
        return shrunk(outcome, identity: identity, failure: failure, fuzzer: fuzzer, runner: runner)
    }

    /// An outcome of the counts a dead worker left in its record.
    private static func bare(_ record: StepRecord, _ fuzzer: Fuzzer) -> Fuzzer.Outcome {
        Fuzzer.Outcome(operations: Int(record.operations), cases: Int(record.cases), elapsed: .zero, failure: nil, wasStopped: false,
                       tiers: [:], strategyTime: fuzzer.strategies.map { ($0.name, .zero) }, coverage: FuzzCoverage())
    }

    /// `outcome` with the finding of `failure` in the case `identity` names: drawn again,
    /// run again in a child, shrunk.
    private func shrunk(_ outcome: Fuzzer.Outcome, identity: FuzzCaseIdentity?, failure: Disagreement, fuzzer: Fuzzer,
                        runner: IsolatedRun) -> Fuzzer.Outcome {
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
        // Alone in a child, does it fail the same way again?
        if case .failure(let again) = runner.run(found, strategies: strategies, strictly: false),
           again.crash?.signature == failure.crash?.signature {
            let (small, disagreement) = runner.shrink(found, failing: again, strategies: strategies,
                                                      timeLimit: fuzzer.configuration.shrinkTimeLimit)
            finding.shrunk = small
            finding.disagreement = disagreement
        } else {
            finding.disagreement.problem += " (it did not fail the same way when its case ran again alone; the repro is the whole case)"
        }
        finding.shrinkElapsed = clock.now - start
        outcome.failure = finding
        return outcome
    }
}
