import ArgumentParser
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows check`: every strategy in lock-step with the reference.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every strategy in lock-step with the reference through seeded random operations.",
        discussion: """
            After every operation each strategy's diff is validated under UIKit's batch-update rules and \
            applied to the old rows, and the result must equal the reference's new rows. Prints, per strategy, \
            the operations, the disagreements (must be 0) and the median time per operation and per toggle. \
            Each strategy runs in a child process of its own: one that traps, overflows its stack, hangs or runs out \
            of memory is reported as CRASHED, with the operation it crashed in, and the others are checked as usual. \
            With --time, each strategy gets an equal share of the time left when its turn comes; the table covers the \
            operations done (a step past the watchdog's budget is a hang only past 32 times what the strategy's own \
            steps predict; a slow one runs on until the time is up). Exit code 1 when any strategy disagrees or \
            crashes; 130 when stopped by Ctrl-C (143 by SIGTERM), after the table of the operations done.
            """
    )

    @OptionGroup var corpus: CorpusOption

    @Option(parsing: .unconditional, help: "The number of random operations.")
    var ops = 2000

    @Option(parsing: .unconditional, help: "The seed of the operation sequence, 0 to 2^64-1.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Stop after this many seconds, with the table of the operations done (a step still running then is stopped within a second).",
        valueName: "seconds"))
    var time: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Compare all rows and check invariants every N operations.", valueName: "N"))
    var fullCheckEvery = 64

    @OptionGroup var strategySelection: StrategyOptions
    @OptionGroup var isolation: IsolationOptions
    @Flag(help: "Run the strategies in this process: faster to debug, but a strategy that traps, hangs or runs out of memory ends the run.")
    var inProcess = false

    func validate() throws {
        try OptionRange.whole(ops, "--ops", 1...Int.max)
        try OptionRange.whole(fullCheckEvery, "--full-check-every", 1...Int.max)
        if let time { try OptionRange.seconds(time, "--time") }
    }

    func run() throws {
        // First, so that a Ctrl-C while the corpus loads stops the run cleanly too.
        Interruption.install()
        let selected = try strategySelection.checked("check")
        // Each strategy runs in a child, whose crash report needs the backtracer set at start.
        if !inProcess { BacktraceSettings.restartIfNeeded() }
        let loaded = try corpus.load()
        // The corpus is read: from here SIGTERM stops the run as Ctrl-C does, with its table.
        Interruption.install(terminating: true)
        print("corpus \(loaded.file.escapingControls()): \(loaded.tree.nodeCount) nodes; \(ops) operations; seed \(seed)")
        print("replay: \(ToolStrategies.commandName) check --corpus \(corpus.corpus.escapingControls()) --ops \(ops) --seed \(seed)"
            + (fullCheckEvery == 64 ? "" : " --full-check-every \(fullCheckEvery)")
            + (strategySelection.strategies.map { " --strategies \($0)" } ?? ""))
        if let build = BenchmarkRunner.unmeasurableBuild {
            print("note: \(build); times are not representative (build with -c release, without the trait InternalChecks)")
        }
        let reports: [LockstepReport]
        let deadline = time.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
        let timeIsUp = { deadline.map { ContinuousClock.now >= $0 } ?? false }
        if inProcess {
            var checker = LockstepChecker(tree: loaded.tree, strategies: selected, seed: seed, fullCheckInterval: fullCheckEvery)
            reports = checker.run(operations: ops, shouldStop: { Interruption.requested || timeIsUp() })
        } else {
            let isolated: IsolatedCheck
            let limits = try isolation.limits()
            do { isolated = try IsolatedCheck(limits: limits) } catch { throw CommandFailure(message: "\(error)") }
            reports = isolated.run(tree: loaded.tree, strategies: selected, seed: seed, operations: ops, fullCheckInterval: fullCheckEvery,
                                   timeLimit: time.map { .milliseconds(Int64($0 * 1000)) }, shouldStop: Interruption.isRequested)
        }
        print(Self.table(reports))
        let stopped = Interruption.requested
        let outOfTime = !stopped && timeIsUp()
        let failing = reports.filter { $0.disagreements > 0 }
        for report in failing {
            for message in report.messages { print("\(report.strategy): \(message.escapingControls())") }
        }
        if outOfTime {
            let reported = Set(reports.map(\.strategy))
            let unchecked = selected.map { $0.name }.filter { !reported.contains($0) && $0 != ReferenceStrategy.name }
            print("time was up (--time \(time!)): the table covers the operations done"
                + (unchecked.isEmpty ? "" : "; not checked: " + unchecked.joined(separator: ", ")))
        }
        if stopped {
            let reported = Set(reports.map(\.strategy))
            let unchecked = selected.map { $0.name }.filter { !reported.contains($0) }
            print("stopped by \(Interruption.name): the table covers the operations done"
                + (unchecked.isEmpty ? "" : "; not checked: " + unchecked.joined(separator: ", ")))
        }
        if let failure = CommandFailure.failing(wrong: failing.filter { $0.crash == nil }.map(\.strategy), "disagreed with the reference",
                                                crashed: failing.filter { $0.crash != nil }.map(\.strategy),
                                                suffix: " (replay with --seed \(seed))") {
            throw failure
        }
        if stopped {
            throw CommandFailure(message: "stopped by \(Interruption.name) after \(reports.first?.operations ?? 0) of \(ops) operations",
                                 exitCode: Interruption.exitCode ?? 130)
        }
    }

    /// The per-strategy table.
    static func table(_ reports: [LockstepReport]) -> String {
        func time(_ summary: TimingSummary?) -> String {
            guard let nanoseconds = summary?.medianNanoseconds else { return "-" }
            return nanoseconds >= 1_000_000 ? "\(rounded(nanoseconds / 1_000_000)) ms"
                : nanoseconds >= 1_000 ? "\(rounded(nanoseconds / 1_000)) µs" : "\(rounded(nanoseconds)) ns"
        }
        let header = ["strategy", "operations", "disagreements", "median/op", "median toggle", "toggles"]
        let rows = reports.map {
            [$0.strategy, String($0.operations), $0.crash == nil ? String($0.disagreements) : "CRASHED", time($0.summary()),
             time($0.summary(of: "toggle")), String($0.summary(of: "toggle")?.count ?? 0)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    private static func rounded(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
    }
}
