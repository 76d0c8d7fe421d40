import Foundation
import Testing
import TreeRowsTestSupport

/// Standard output that cannot be written (a full disk, a closed pipe with SIGPIPE
/// ignored) is a one-line error and exit 2 in every command, never a trap and never a
/// silent exit 0.
@Suite struct StandardOutputTests {
    static let message = "cannot write to standard output"

    @Test(.linuxOnly("needs /dev/full (Linux), whose writes fail as on a full disk"), arguments: [
        ["rows", "--corpus", "reddit-worldnews-sxvem7"],
        ["corpus", "list"],
        ["corpus", "stats", "reddit-worldnews-sxvem7"],
        ["check", "--corpus", "reddit-worldnews-sxvem7", "--ops", "5"],
        ["replay", "Corpora/repros/stale-ancestor-counts.json"],
        ["--help"],
    ])
    func aFullDiskIsAnErrorInEveryCommand(_ arguments: [String]) async throws {
        let result = try await TreeRowsExecutable.run(arguments, standardOutputPath: "/dev/full")
        #expect(!result.wasSignalled && result.exitCode == 2, "\(result)")
        #expect(result.standardError.contains(Self.message), "\(result)")
    }

    @Test func aClosedPipeWithSIGPIPEIgnoredIsAnError() async throws {
        let tool = try TreeRowsExecutable.location.get().path
        // The tool's stdout is a pipe whose reader (head) exits after one byte.
        let output = try await SystemCommand.output(of: ["bash", "-c", """
            trap '' PIPE
            '\(tool)' rows --corpus reddit-worldnews-sxvem7 2>/dev/null | head -c 1 >/dev/null
            echo "status ${PIPESTATUS[0]}"
            """])
        #expect(String(decoding: output, as: UTF8.self).contains("status 2"), "\(String(decoding: output, as: UTF8.self))")
    }
}
