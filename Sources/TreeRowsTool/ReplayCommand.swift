import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows replay FILE...`: re-run repro files.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run repro files written by `fuzz` and `cliffs`; exit 0 when all pass now.",
        discussion: """
            Each file is replayed against its own strategy, which may be `all` (every strategy this tool knows). \
            --strategies replays the files against other strategies instead, e.g. the fixed version of the one that failed. A pattern the shell left as it \
            is (it matched no file, as after a fuzz run that found nothing) is said and skipped. A file that records a flaky \
            failure (fuzz found it failing only sometimes, and wrote how often and under which condition) is rerun under that \
            condition, in new processes, --runs times. A file that records memory the strategy's instances retain is \
            measured again, the case run 5 times in one process. Exit code 1 if any still fails; 3 if none fails but a flaky \
            file's failure did not show where its recorded rate leaves a fair chance of that (not reproduced, not known fixed), \
            or retained memory could not be measured; 2 for an unreadable file. A cost repro file (written by `cliffs`) is \
            measured again at its sizes and judged as `cliffs` judged it: FAIL while the cliff is there, pass when it is gone.
            """)

    @Argument(help: "Repro files.") var files: [String]
    @Option(help: ArgumentHelp("Reruns of a flaky file's case under its recorded condition (default: enough that its recorded rate would show with 99% chance, at least as many as it records, at most 100).", valueName: "N"))
    var runs: Int?
    @OptionGroup var strategySelection: StrategyOptions

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one repro file") }
        if let runs, !(1...10_000).contains(runs) { throw ValidationError("--runs must be 1 to 10000, got \(runs)") }
    }

    /// Measures the cliff of the cost repro `file` again (its strategy's, or each of
    /// `--strategies`), each probe in a child leaving its files in `folder`.
    ///
    /// - Returns: How many strategies still show it.
    /// - Throws: ``CommandFailure`` for an unreadable file or an unknown strategy.
    func replayCost(_ file: String, folder: String) throws(CommandFailure) -> Int {
        let repro: CostRepro
        do { repro = try CostRepro.read(contentsOf: file) } catch { throw CommandFailure(message: error.description) }
        let named: [any RowStrategy.Type]
        do { named = try strategySelection.selected(orElse: NameList(names: [repro.cliff.strategy]), from: "its \"strategy\"") } catch {
            throw strategySelection.strategies == nil ? CommandFailure(message: "\(file.escapingControls()): \(error.message)") : error
        }
        var configuration = CostSearch.Configuration(strategies: named, yardsticks: CostSearch.Configuration.builtinYardsticks)
        configuration.seed = repro.cliff.seed
        if let counter = JemallocCounter() { configuration.counter = counter }
        let limits = CostIsolation.limits(hangTimeout: isolation.hangTimeout)
        let search = CostSearch(configuration, host: CostIsolation(limits: limits, folder: folder), shouldStop: { Interruption.requested })
        var failing = 0
        for strategy in named {
            var cliff = repro.cliff
            cliff.strategy = strategy.name
            let (still, growth) = search.remeasure(cliff)
            if Interruption.requested {
                throw CommandFailure(message: "\(file.escapingControls()): stopped before the cliff was measured again", exitCode: Interruption.exitCode ?? 2)
            }
            if let still {
                failing += 1
                print("FAIL \(file.escapingControls()): still a cliff: \(still.summary)")
            } else {
                let now = growth.map(CostSearch.describe) ?? "not measured"
                print("pass \(file.escapingControls()): the cliff is gone for \(strategy.name): \(cliff.candidate) now \(now)"
                    + " (this file records \(CostSearch.describe(repro.cliff.growth)))")
            }
        }
        return failing
    }

    func run() throws {
        // Each file runs in a child, whose crash report needs the backtracer set at start.
        BacktraceSettings.restartIfNeeded()
        let limits = try isolation.limits()
        let runner: IsolatedRun
        do { runner = try IsolatedRun(limits: limits) } catch { throw CommandFailure(message: "\(error)") }
        // A shell leaves a pattern that matched nothing as it is: a fuzz run that found nothing
        // writes no repro file, so `replay findings/*.json` is told so, not refused.
        let unmatched = files.filter { Self.isUnmatchedPattern($0) }
        for pattern in unmatched { print("no repro files match \(pattern.escapingControls()) (a clean fuzz run writes none)") }
        let files = files.filter { !Self.isUnmatchedPattern($0) }
        if files.isEmpty { return }
        var failing = 0
        var notReproduced = 0
        for file in files {
            if let bytes = FileManager.default.contents(atPath: file), CostRepro.isCostRepro(Array(bytes)) {
                failing += try replayCost(file, folder: runner.folder.path)
                continue
            }
            let repro: ReproFile
            do { repro = try ReproFile.read(contentsOf: file) } catch { throw CommandFailure(message: error.description) }
            do { _ = try repro.fuzzCase.makeTree() } catch {
                throw CommandFailure(message: "\(file): invalid tree: \(error)")
            }
            let strategies: [any RowStrategy.Type]
            do { strategies = try strategySelection.checked("replay", orElse: NameList(argument: repro.strategy)!, from: "its \"strategy\"",
                                                                        variants: false) } catch {
                throw strategySelection.strategies == nil ? CommandFailure(message: "\(file): \(error.message)") : error
            }
            // Building an empty tree and doing nothing to it compares nothing.
            if repro.fuzzCase.nodes.isEmpty && repro.fuzzCase.operations.isEmpty {
                throw CommandFailure(message: "\(file.escapingControls()): an empty tree and no operations leave nothing to replay."
                    + " Fix: give the repro's tree nodes or its operations")
            }
            let found: Disagreement?
            switch runner.run(repro.fuzzCase, strategies: strategies, strictly: true) {
            case .pass: found = nil
            case .failure(let disagreement): found = disagreement
            case .invalid(let error):
                throw CommandFailure(message: "\(file): \(error). Fix: name nodes that exist at that point, new ids, positions"
                    + " within the parent's children; or let the fuzzer write the file")
            case .stopped:
                throw CommandFailure(message: "\(file): stopped before the replay finished (Ctrl-C, or a signal from outside)",
                                     exitCode: Interruption.exitCode ?? 2)
            }
            if found == nil, let recorded = repro.disagreement, recorded.aspect == .retainedMemory {
                // The rows pass; what the file records is memory the strategy's instances leave
                // allocated, measured again by running the case again and again in one process.
                let counts = "\(repro.fuzzCase.nodes.count) nodes, \(repro.fuzzCase.operations.count) operations"
                let records = "this file records: \(recorded.strategy) \(recorded.found.map { "retained \($0)" } ?? "retained memory")"
                let counter = JemallocCounter()
                let measured = counter.map { counter in
                    strategies.map { strategy in (strategy.name, runner.retainedMemory(repro.fuzzCase, strategy: strategy, counter: counter)) }
                } ?? []
                if let (name, retained) = measured.first(where: { $0.1?.retains == true }), let retained {
                    failing += 1
                    print("FAIL \(file.escapingControls()): \(name) \(retained.summary), run \(RetainedMemory.runs) times in one process"
                        + " (\(records))")
                } else if !measured.isEmpty, measured.allSatisfy({ $0.1 != nil }) {
                    print("pass \(file.escapingControls()) (\(counts)): fixed: run \(RetainedMemory.runs) times in one process, it retains"
                        + " nothing now (\(records))")
                } else {
                    notReproduced += 1
                    let why = counter == nil ? "this process cannot tell its live memory (jemalloc is not its malloc)"
                        : "the measuring child did not finish"
                    print("not reproduced \(file.escapingControls()) (\(counts)): the rows pass, and \(why), so the retained memory"
                        + " this file records was not measured (\(records))")
                }
                continue
            }
            var rerun: FlakyRerun?
            if found == nil, repro.disagreement != nil, let flakiness = repro.flakiness {
                rerun = rerunFlaky(repro, file: file, flakiness: flakiness, strategies: strategies, limits: limits, folder: runner.folder.path)
            }
            if let refused = rerun?.refused {
                throw CommandFailure(message: "\(file.escapingControls()): its case could not be replayed in a new process: \(refused)")
            }
            if let rerun, rerun.failure != nil || rerun.failedRun != nil {
                failing += 1
                let what = rerun.failure.map { "\($0.strategy) after operation \($0.operationIndex): \($0.problem.escapingControls())" }
                    ?? "\(strategies.map { $0.name }.joined(separator: ","))" + " crashed"
                print("FAIL \(file.escapingControls()): \(what) (in run \(rerun.failedRun ?? 0) of up to \(rerun.planned) \(rerun.condition.phrase);"
                    + " the file records: \(repro.flakiness!.summary))")
            } else if let rerun, let flakiness = repro.flakiness {
                let chance = flakiness.chanceOfPassing(rerun.runs)
                let counts = "\(repro.fuzzCase.nodes.count) nodes, \(repro.fuzzCase.operations.count) operations"
                if rerun.runs > 0 && chance < 0.01 {
                    print("pass \(file.escapingControls()) (\(counts)): fixed: it passed \(rerun.runs) runs \(flakiness.condition.phrase), where the"
                        + " failure this file records (\(flakiness.summary)) passes so many with a chance of \(Self.chance(chance))")
                } else {
                    notReproduced += 1
                    let passed = "passed now (\(rerun.runs) runs \(flakiness.condition.phrase))"
                    if flakiness.rate == 0 {
                        // More runs cannot tell a fix from a failure that never recurred.
                        print("not reproduced \(file.escapingControls()) (\(counts)): \(passed), and the failure this file records"
                            + " did not recur when it was recorded either (\(flakiness.summary)): its case alone does not show it")
                    } else {
                        let more = max(rerun.runs * 2, flakiness.runsToSee(chance: 0.01, limit: 1_000))
                        print("not reproduced \(file.escapingControls()) (\(counts)): \(passed),"
                            + " but this file records a failure (\(flakiness.summary)): likely flaky. Rerun:"
                            + " \(ToolStrategies.commandName) replay \(file.escapingControls()) --runs \(more)")
                    }
                }
            } else if let disagreement = found {
                failing += 1
                let recorded = repro.flakiness.map { " (this file records: \($0.summary))" } ?? ""
                if disagreement.crash != nil {
                    print("FAIL \(file.escapingControls()): \(disagreement.strategy) crashed: \(disagreement.problem.escapingControls())" + recorded)
                } else {
                    print("FAIL \(file.escapingControls()): \(disagreement.strategy) after operation \(disagreement.operationIndex): \(disagreement.problem.escapingControls())"
                        + recorded)
                }
            } else {
                let recorded = repro.disagreement.map { recorded in
                    ": fixed: this file records a failure of \(recorded.strategy) after operation \(recorded.operationIndex)"
                        + " (\(String(recorded.problem.prefix(200)).escapingControls())), which no longer occurs"
                } ?? ""
                print("pass \(file.escapingControls()) (\(repro.fuzzCase.nodes.count) nodes, \(repro.fuzzCase.operations.count) operations, \(strategySelection.strategies?.description ?? repro.strategy))" + recorded)
            }
        }
        if failing > 0 { throw CommandFailure(message: "\(failing) of \(files.count) repro files still fail", exitCode: 1) }
        if notReproduced > 0 {
            throw CommandFailure(message: "\(notReproduced) of \(files.count) repro files record a flaky failure that did not show this time:"
                + " not reproduced, and not known to be fixed. Fix: rerun with the --runs each line names", exitCode: 3)
        }
    }

    /// What rerunning a flaky file's case under its condition showed.
    struct FlakyRerun {
        var condition: Flakiness.Condition
        /// Runs planned, and done.
        var planned: Int
        var runs: Int
        /// The run (from 1) that failed, and what was wrong when the strategy answered.
        var failedRun: Int?
        var failure: Disagreement?
        /// Why the new process could not be asked (another build of the tool answered).
        var refused: String?
    }

    /// Reruns the case of a flaky file under its recorded condition in new processes, up
    /// to ``runs`` times (or the default), stopping at the first failure.
    private func rerunFlaky(_ repro: ReproFile, file: String, flakiness: Flakiness, strategies: [any RowStrategy.Type],
                            limits: ChildProcess.Limits, folder: String) -> FlakyRerun {
        // A file whose failure never recurred in the probe gets as many runs as the probe had.
        let count = runs ?? (flakiness.rate == 0 ? max(1, flakiness.conditionRuns)
            : min(100, max(flakiness.conditionRuns, flakiness.runsToSee(chance: 0.01, limit: 100))))
        var rerun = FlakyRerun(condition: flakiness.condition, planned: count, runs: 0)
        let names = strategies.map { $0.name }.joined(separator: ",")
        for _ in 1...count {
            if Interruption.requested { break }
            let outcome = ExecutedReplay.run(reproPath: file, strategy: names, under: flakiness, timeLimit: .seconds(60),
                                             memoryLimit: limits.memoryLimit, folder: folder)
            // A run that gave no answer (out of time, ended from outside) is no pass; one that
            // cannot be asked stops the reruns.
            if case .noAnswer(let reason) = outcome {
                rerun.refused = reason
                if reason != nil { break }
                continue
            }
            rerun.runs += 1
            if case .failed(_, let found) = outcome {
                rerun.failedRun = rerun.runs
                rerun.failure = found
                break
            }
        }
        return rerun
    }

    /// A chance as "1 in 1,250".
    static func chance(_ value: Double) -> String {
        guard value > 0 else { return "0" }
        return "1 in \(Int((1 / value).rounded()))"
    }

    /// Whether `argument` is a shell pattern that matched no file: it names no file, and its
    /// last component holds `*`, `?` or `[`.
    static func isUnmatchedPattern(_ argument: String) -> Bool {
        let name = argument.split(separator: "/").last.map(String.init) ?? argument
        return name.contains(where: { "*?[".contains($0) }) && !FileManager.default.fileExists(atPath: argument)
    }
}
