/// What one run of the `treerows` binary produced.
struct ExecutionResult: Sendable {
    /// Whether the run outlasted its deadline and was killed.
    var timedOut = false
    /// The command line, for failure messages: `treerows rows --corpus …`.
    var commandLine: String
    /// The exit code, or the signal number when `wasSignalled` (a crash or a trap).
    var exitCode: Int32
    var wasSignalled: Bool
    var standardOutput: String
    var standardError: String

    /// The output lines, without the final line feed's empty remainder.
    var outputLines: [Substring] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast(standardOutput.hasSuffix("\n") ? 1 : 0)
    }
}

extension ExecutionResult: CustomStringConvertible {
    /// The command line, the exit code and the start of both streams.
    var description: String {
        func excerpt(_ text: String) -> String {
            text.count <= 2_000 ? text : String(text.prefix(2_000)) + "… (\(text.utf8.count) bytes)"
        }
        return "$ \(commandLine)\n\(timedOut ? "killed at its deadline, " : "")\(wasSignalled ? "killed by signal" : "exit code") \(exitCode)\n--- stdout:\n\(excerpt(standardOutput))\n--- stderr:\n\(excerpt(standardError))"
    }
}
