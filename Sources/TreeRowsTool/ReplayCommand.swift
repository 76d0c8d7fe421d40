import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows replay FILE...`: re-run repro files.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run repro files written by `fuzz`; exit 0 when all pass now.",
        discussion: """
            Each file is replayed against its own strategy, which may be `all` (every strategy this tool knows). \
            --strategies replays the files against other strategies instead, e.g. the fixed version of the one that failed. A pattern the shell left as it \
            is (it matched no file, as after a fuzz run that found nothing) is said and skipped. Exit code 1 if any still fails, \
            2 for an unreadable file.
            """)

    @Argument(help: "Repro files.") var files: [String]
    @OptionGroup var strategySelection: StrategyOptions

    @OptionGroup var isolation: IsolationOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one repro file") }
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
        for file in files {
            let repro: ReproFile
            do { repro = try ReproFile.read(contentsOf: file) } catch { throw CommandFailure(message: error.description) }
            do { _ = try repro.fuzzCase.makeTree() } catch {
                throw CommandFailure(message: "\(file): invalid tree: \(error)")
            }
            let strategies: [any RowStrategy.Type]
            do { strategies = try strategySelection.checked("replay", orElse: NameList(argument: repro.strategy)!, from: "its \"strategy\"") } catch {
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
            if let disagreement = found {
                failing += 1
                if disagreement.crash != nil {
                    print("FAIL \(file.escapingControls()): \(disagreement.strategy) crashed: \(disagreement.problem.escapingControls())")
                } else {
                    print("FAIL \(file.escapingControls()): \(disagreement.strategy) after operation \(disagreement.operationIndex): \(disagreement.problem.escapingControls())")
                }
            } else {
                print("pass \(file.escapingControls()) (\(repro.fuzzCase.nodes.count) nodes, \(repro.fuzzCase.operations.count) operations, \(strategySelection.strategies?.description ?? repro.strategy))")
            }
        }
        if failing > 0 { throw CommandFailure(message: "\(failing) of \(files.count) repro files still fail", exitCode: 1) }
    }

    /// Whether `argument` is a shell pattern that matched no file: it names no file, and its
    /// last component holds `*`, `?` or `[`.
    static func isUnmatchedPattern(_ argument: String) -> Bool {
        let name = argument.split(separator: "/").last.map(String.init) ?? argument
        return name.contains(where: { "*?[".contains($0) }) && !FileManager.default.fileExists(atPath: argument)
    }
}
