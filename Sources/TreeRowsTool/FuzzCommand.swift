import ArgumentParser
import Foundation
import Synchronization
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness


/// `treerows fuzz`: differential fuzzing of every strategy against the reference.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz strategies against the reference; shrink any disagreement to a replayable repro file.",
        discussion: """
            Small tier: synthetic shapes of up to --max-nodes nodes and subtrees of the recorded threads, 16 \
            operations each. Large tier (--large-share of the time, 45% by default): trees of 1,000 to \
            1,150,000 nodes (more than 2^16 and 2^20 rows, chains deeper than 100,000, sibling lists and expanded \
            blocks longer than 100,000, whole recorded threads) and cases of up to 3,000 operations; four ninths of \
            that time goes to region churn (40 to 160,000 nodes, thousands of replies poured into one region and \
            taken out again), steered towards the structural events strategies report (see --coverage). Operations: \
            every operation of the core with every parameter at its edge values. After every operation each \
            strategy must have the reference's rows, a diff that passes the validator and turns the old rows into \
            the new ones, agreeing queries, and intact invariants (on big trees: on samples, and every 16 \
            operations). Runs 60 seconds unless told otherwise. Exit code 0: no disagreement; 1: a disagreement, \
            shrunk and written to --out; 2: a worker killed from outside; 130: stopped by Ctrl-C; 143: by SIGTERM. \
            --time bounds the run: a step still running when it is up is stopped, and its case counted as cut short, \
            not as a finding (a finding's shrinking adds at most --shrink-time). Hang or slow: a step past the \
            watchdog's budget (--hang-timeout) is a hang only if it is also past 32 times what the strategy's own \
            measured steps of that kind predict for it (or past --hang-ceiling); otherwise it is slow and runs on.
            """)

    @Option(parsing: .unconditional, help: "The seed from which every tree and operation flows, 0 to 2^64-1 (worker 0's seed; the others derive theirs).")
    var seed: UInt64 = 1
    @Option(parsing: .unconditional, help: "The number of operations, over all workers, from 1.") var iterations: Int?
    @Option(parsing: .unconditional, help: ArgumentHelp("Run for this many seconds (default: 60 unless --iterations is given).", valueName: "seconds"))
    var time: Double?
    @Option(parsing: .unconditional, help: "The largest tree of the small tier, from 1 to 1000000 (the large tier draws larger ones).")
    var maxNodes = Fuzzer.Configuration().maximumNodes
    /// The most nodes `--max-nodes` takes: a small case of a million nodes already costs its
    /// strategies hundreds of MB.
    static let maximumSmallNodes = 1_000_000
    @OptionGroup var strategySelection: StrategyOptions
    @Option(help: ArgumentHelp("Where to write repro files, created at the start (default: a new folder fuzz-findings-seed<S> here, made on a finding).", valueName: "dir"))
    var out: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Parallel workers (default: the number of cores).", valueName: "N"))
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    @Option(parsing: .unconditional, help: ArgumentHelp("The share of the time spent on large cases, 0 to 1.", valueName: "fraction"))
    var largeShare = Fuzzer.Configuration().largeShare
    @Option(parsing: .unconditional, help: ArgumentHelp("The most seconds shrinking a finding may take.", valueName: "seconds"))
    var shrinkTime: Double = 60
    @Flag(help: "Print how often each feature (operation x condition, parameter edge value, size threshold) was exercised.")
    var coverage = false
    @OptionGroup var isolation: IsolationOptions
    @OptionGroup var memory: MemoryLimitOption
    @Flag(help: "Run the workers as threads of this process, as the Fuzzer API does: faster to debug, but a strategy that traps, hangs or runs out of memory ends the run.")
    var inProcess = false

    func validate() throws {
        if iterations != nil && time != nil { throw ValidationError("give --iterations or --time, not both") }
        if let iterations { try OptionRange.whole(iterations, "--iterations", 1...Int.max) }
        if let time { try OptionRange.seconds(time, "--time") }
        try OptionRange.whole(maxNodes, "--max-nodes", 1...Self.maximumSmallNodes)
        try OptionRange.whole(jobs, "--jobs", 1...256)
        if !(0...1).contains(largeShare) { throw ValidationError("--large-share must be a number from 0 to 1 (got \(largeShare))") }
        try OptionRange.seconds(shrinkTime, "--shrink-time")
    }

    /// Refuses a run whose workers together would need more memory than the limit, or one
    /// worker more than each child may take (`--rss-limit-mb`), where a strategy would be
    /// blamed for running out of memory.
    func checkMemory(_ configuration: Fuzzer.Configuration, strategies: Int) throws(CommandFailure) {
        let worker = FuzzMemoryEstimate.bytesPerWorker(configuration, strategies: strategies)
        let largest = FuzzMemoryEstimate.largestNodes(configuration)
        let fix = "fuzz smaller trees (--max-nodes\(configuration.largeShare > 0 ? ", --large-share 0" : "")), fewer strategies or fewer --jobs"
        if !inProcess, let limit = try isolation.memoryLimit(needing: worker), worker > limit {
            throw CommandFailure(message: "a worker fuzzing \(strategies) strategies on trees of up to \(largest) nodes needs an estimated"
                + " \(MemoryLimitOption.format(worker)), more than --rss-limit-mb \(limit >> 20) allows each worker: the strategies would be"
                + " blamed for running out of memory. Fix: \(fix), or --rss-limit-mb \(IsolationOptions.suggestedMegabytes(worker)) or more")
        }
        let (total, overflow) = worker.multipliedReportingOverflow(by: jobs)
        try memory.require(overflow ? .max : total, for: "fuzz with \(jobs) workers, \(strategies) strategies and trees of up to \(largest) nodes",
                           fix: fix)
    }

    func run() throws {
        // The workers' crash reports need the backtracer set before the process starts.
        if !inProcess { BacktraceSettings.restartIfNeeded() }
        // First, so that a Ctrl-C or SIGTERM while the recorded threads load stops the run cleanly too.
        Interruption.install(terminating: true)
        let selected = try strategySelection.checked("fuzz")
        if let out { try OutputPath.checkFolder(out, option: "--out") }
        let recorded = Fuzzer.builtinRecorded
        var configuration = Fuzzer.Configuration(seed: seed, maximumNodes: maxNodes, largeShare: largeShare,
                                                 shrinkTimeLimit: .milliseconds(Int(shrinkTime * 1000)))
        if let iterations {
            configuration.operations = iterations
            configuration.timeLimit = nil
        } else if let time {
            configuration.timeLimit = .milliseconds(Int(time * 1000))
        }
        try checkMemory(configuration, strategies: selected.count)
        // Made once the run is accepted, so that a finding hours later has its folder: what
        // the system refuses (a link to nothing, a folder of /proc) is said before any work.
        if out != nil { _ = try outputFolder() }
        var workers = FuzzWorkers(configuration: configuration, jobs: jobs, strategies: selected, recorded: recorded)
        // Each worker watches its live memory across cases, to blame a strategy that retains.
        workers.allocationCounter = JemallocCounter()
        let onTerminal = isatty(STDERR_FILENO) == 1
        let clock = ContinuousClock()
        let start = clock.now
        let status = FuzzStatusLine(onTerminal: onTerminal, timeLimit: configuration.timeLimit, start: start)
        let outcomes: [Fuzzer.Outcome]
        var cutShort = 0
        var killed: [(worker: Int, signal: Int32)] = []
        if inProcess {
            outcomes = workers.run(shouldStop: { Interruption.requested }) { status.show(operations: $0, cases: $1, findings: 0) }
        } else {
            var isolated = IsolatedFuzzer(workers: workers, hangBase: isolation.hangBase, hangPerNode: isolation.hangPerNode,
                                          memoryLimit: try isolation.memoryLimit())
            isolated.limits.hangCeiling = isolation.hangCeilingDuration
            do {
                let ending = try isolated.run(shouldStop: { Interruption.requested }) {
                    status.show(operations: $0.operations, cases: $0.cases, findings: $0.findings)
                }
                (outcomes, cutShort, killed) = (ending.outcomes, ending.cutShort, ending.killed)
            } catch {
                throw CommandFailure(message: "\(error)")
            }
        }
        status.clear()
        // The rates are the run's: a finding's replays and shrinking come after it.
        let ran = outcomes.map(\.elapsed).max() ?? .zero
        let elapsed = ran > .zero ? min(ran, clock.now - start) : clock.now - start
        let summary = FuzzSummary(outcomes: outcomes, elapsed: elapsed)
        let names = summary.strategyTime.map(\.name).joined(separator: ", ")
        let seeds = workers.seeds
        let seedText = seeds.count == 1 ? "seed \(seed)" : "seed \(seed); \(seeds.count) workers, seeds \(seeds.map(String.init).joined(separator: ", "))"
        print("fuzz: \(summary.operations) operations in \(summary.cases) cases on \(names) beside the reference;"
            + " \(Int(summary.operationsPerSecond)) operations/s; \(seedText)")
        print(summary.tierLines.joined(separator: "\n"))
        print(summary.strategyLine)
        if cutShort > 0 {
            let when = Interruption.requested ? "by \(Interruption.name)"
                : killed.isEmpty && outcomes.allSatisfy({ $0.failure == nil }) ? "when the time was up" : "when the run stopped"
            print("  cut short: \(cutShort) case\(cutShort == 1 ? "" : "s"), stopped in the middle of a step \(when) (not a finding)")
        }
        if coverage { print(summary.coverageTable) }
        let findings = outcomes.enumerated().compactMap { worker, outcome in outcome.failure.map { (worker, $0) } }
        if findings.isEmpty, let (worker, signal) = killed.first {
            let name = Self.signalNames[signal].map { "\($0) (signal \(signal))" } ?? "signal \(signal)"
            throw CommandFailure(message: "worker \(worker) (seed \(seeds[worker])) was ended by \(name) from outside \(ToolStrategies.commandName),"
                + " so the run stopped; that is no finding of its strategies, and nothing was written to replay. Fix: find what"
                + " sent it (the system's out-of-memory killer logs to dmesg for SIGKILL) and run again")
        }
        guard !findings.isEmpty else {
            if let exitCode = Interruption.exitCode {
                print("no disagreement (stopped by \(Interruption.name))")
                throw CommandFailure(message: "stopped by \(Interruption.name); nothing found", exitCode: exitCode)
            }
            // A run that checked nothing does not pass.
            guard summary.operations > 0 else {
                throw CommandFailure(message: "no operation ran in \(time.map { "--time \($0)" } ?? "the run"): the first case was not done"
                    + " by then, so nothing was checked. Fix: give --time 1 or more")
            }
            print("no disagreement")
            return
        }
        let folder = try outputFolder()
        for (worker, finding) in findings {
            let workerSeed = seeds[worker]
            let stream = finding.identity.stream.rawValue
            let file = "\(folder)/\(finding.disagreement.strategy)-seed\(workerSeed)-\(stream)\(finding.caseNumber).json"
            let repro = ReproFile(fuzzCase: finding.shrunk, strategy: finding.disagreement.strategy, seed: workerSeed,
                                  caseNumber: finding.caseNumber, caseStream: stream, disagreement: finding.disagreement,
                                  flakiness: finding.flakiness)
            try OutputPath.write(Array(repro.json.utf8), to: file)
            let scenario = finding.scenario.map { " (\($0.rawValue))" } ?? ""
            let kind = finding.disagreement.crash != nil ? "crash" : finding.disagreement.aspect == .retainedMemory ? "retained memory" : "disagreement"
            print("\(kind): \(finding.disagreement.strategy) in \(finding.identity.name)"
                + "\(scenario) of seed \(workerSeed): \(finding.disagreement.problem.prefix(2_000))")
            print("shrunk from \(finding.found.nodes.count) nodes and \(finding.found.operations.count) operations"
                + " to \(finding.shrunk.nodes.count) nodes and \(finding.shrunk.operations.count) operations"
                + " in \(String(format: "%.1f", finding.shrinkElapsed.nanoseconds / 1e9)) s")
            print("repro: \(file.escapingControls())")
            print("replay: \(ToolStrategies.commandName) replay \(file.escapingControls())")
        }
        let crashed = Set(findings.filter { $0.1.disagreement.crash != nil }.map { $0.1.disagreement.strategy }).sorted()
        let retaining = Set(findings.filter { $0.1.disagreement.aspect == .retainedMemory }.map { $0.1.disagreement.strategy }).sorted()
        let disagreed = Set(findings.filter { $0.1.disagreement.crash == nil && $0.1.disagreement.aspect != .retainedMemory }
            .map { $0.1.disagreement.strategy }).sorted()
        throw CommandFailure.failing(wrong: disagreed, "disagreed with the reference", crashed: crashed, retaining: retaining)!
    }

    /// The names of the signals that end a worker from outside.
    static let signalNames: [Int32: String] = [SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"]

    /// `--out`, or a new folder `fuzz-findings-seed<S>[-K]` in the working directory.
    private func outputFolder() throws(CommandFailure) -> String {
        try OutputPath.findingsFolder(out, orNew: "fuzz-findings-seed\(seed)")
    }
}
