import ArgumentParser
import TreeRows
import TreeRowsHarness

/// `treerows replay FILE...`: re-run repro files.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run repro files written by `fuzz`; exit 0 when all pass now.",
        discussion: """
            A file's strategy may be `all` (every strategy this tool knows). --strategies replays the files against \
            other strategies instead, e.g. the fixed version of the one that failed. Exit code 1 if any still fails, \
            2 for an unreadable file.
            """)

    @Argument(help: "Repro files.") var files: [String]
    @Option(help: ArgumentHelp("Replay against these strategies instead of each file's: all, or names separated by commas.",
                               valueName: "all|a,b"))
    var strategies: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one repro file") }
    }

    func run() throws {
        var failing = 0
        for file in files {
            let repro: ReproFile
            do { repro = try ReproFile.read(contentsOf: file) } catch { throw CommandFailure(message: error.description) }
            do { _ = try repro.fuzzCase.makeTree() } catch {
                throw CommandFailure(message: "\(file): invalid tree: \(error)")
            }
            let named = self.strategies ?? repro.strategy
            let strategies: [any RowStrategy.Type]
            do { strategies = try ToolStrategies.parseList(named, option: "--strategies") } catch {
                throw self.strategies == nil ? CommandFailure(message: "\(file): \(error.message)") : error
            }
            let found: Disagreement?
            do { found = try DifferentialRun.replay(repro.fuzzCase, strategies: strategies) } catch {
                throw CommandFailure(message: "\(file): \(error). Fix: name nodes that exist at that point, new ids, positions"
                    + " within the parent's children; or let the fuzzer write the file")
            }
            if let disagreement = found {
                failing += 1
                print("FAIL \(file): \(disagreement.strategy) after operation \(disagreement.operationIndex): \(disagreement.problem)")
            } else {
                print("pass \(file) (\(repro.fuzzCase.nodes.count) nodes, \(repro.fuzzCase.operations.count) operations, \(named))")
            }
        }
        if failing > 0 { throw CommandFailure(message: "\(failing) of \(files.count) repro files still fail", exitCode: 1) }
    }
}
