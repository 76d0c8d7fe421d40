import ArgumentParser
import Foundation

/// `treerows`: turn comment trees into list rows with each strategy, and check them.
@main
struct TreeRowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treerows",
        abstract: "Compare strategies that turn expandable comment trees into list rows and batch-update diffs.",
        subcommands: [BenchCommand.self, CompareCommand.self, ReportCommand.self, RowsCommand.self, CheckCommand.self, CorpusCommand.self, FuzzCommand.self, ReplayCommand.self]
    )

    /// Runs the command; bad input and bad flags exit with code 2 and a message on stderr.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            StandardError.write("treerows: error: \(failure.message)\n")
            Foundation.exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { StandardError.write(message + "\n") }
            // Usage errors (unknown flag, missing value) are bad input like any other: 2.
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }
}
