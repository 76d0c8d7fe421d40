import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// The whole `treerows` command (rows, check, fuzz, replay, bench, report, compare, corpus)
/// as a library: a dependent runs it with its own strategies beside the built-in ones.
///
/// A tool of your own is one file, `Sources/my-treerows/main.swift`:
///
/// ```swift
/// import TreeRows
/// import TreeRowsTool
/// TreeRowsTool.main(strategies: BuiltinStrategies.all + [MyStrategy.self])
/// ```
///
/// Every subcommand then knows `my-strategy` by its ``RowStrategy/name``: `fuzz --strategies`,
/// `bench --strategies`, `rows --strategy`, and `replay` of the repro files that name it.
/// Allocations are counted with jemalloc, which this product links as the process's malloc.
public enum TreeRowsTool {
    /// Parses the process's arguments and runs the subcommand; never returns.
    ///
    /// Exit codes: 0 success; 1 a finding (a disagreement, a wrong strategy, a regression);
    /// 2 bad input or a bad flag, or standard output that cannot be written, with a message
    /// on standard error naming the fix; 3 (`replay`) a flaky repro file not reproduced;
    /// 130 stopped by Ctrl-C, 143 by SIGTERM.
    ///
    /// - Parameter strategies: The strategies the tool knows, in the order `all` lists them.
    ///   Names must be unique, non-empty, without commas, and not `all`.
    public static func main(strategies: [any RowStrategy.Type]) -> Never {
        if let problem = ToolStrategies.problem(with: strategies) {
            StandardError.error(problem)
            exit(2)
        }
        ToolStrategies.all = strategies
        // A process started to replay a case afresh (a flaky finding) does that and exits; the
        // case may be a fuzzing variant's.
        ExecutedReplay.serveIfRequested(strategies: ToolStrategies.known)
        // The help wraps at COLUMNS; a width too narrow for one word (0, 1, -5, junk) would
        // print the option names alone, so such a value is dropped for the terminal's own.
        if let columns = getenv("COLUMNS").map({ String(cString: $0) }), !(Int(columns).map { (40...10_000).contains($0) } ?? false) {
            unsetenv("COLUMNS")
        }
        Temporaries.installHandlers()
        StandardOutput.lineBuffered()
        TreeRowsCommand.main()
        TreeRowsCommand.exit(0)
    }
}

/// The root command: parses the subcommand and maps failures to exit codes.
struct TreeRowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ToolStrategies.commandName,
        abstract: "Compare strategies that turn expandable comment trees into list rows and batch-update diffs.",
        subcommands: [BenchCommand.self, CliffsCommand.self, CompareCommand.self, GateCommand.self, ReportCommand.self, RowsCommand.self, CheckCommand.self, CorpusCommand.self, FuzzCommand.self, ReplayCommand.self]
    )

    /// Runs the command; bad input and bad flags exit with code 2 and a message on stderr.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            StandardError.error(failure.message)
            exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and friends: their text is the output.
                print(fullMessage(for: error))
                exit(0)
            }
            // The parser's messages span lines (the error, then usage), and the error echoes
            // what was typed: its control characters, line breaks included, are shown as escapes.
            let typed = self.message(for: error)
            let message = (typed.isEmpty ? fullMessage(for: error) : fullMessage(for: error)
                .replacingOccurrences(of: typed, with: typed.escapingControls())).escapingControls(keepingLineBreaks: true)
            if !message.isEmpty { StandardError.write(message + "\n") }
            // Usage errors (unknown flag, missing value) are bad input like any other: 2.
            exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// Ends the process with `code`, unless standard output could not be written: then
    /// with 2 and a message.
    static func exit(_ code: Int32) -> Never {
        if let problem = StandardOutput.finish() {
            StandardError.error(problem)
            Foundation.exit(2)
        }
        Foundation.exit(code)
    }
}
