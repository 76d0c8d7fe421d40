import Foundation
import Testing

/// Ctrl-C during a long `check` (far more operations than it will reach): the run stops at
/// the next operation, prints the table of the operations done and exits 130, whether the
/// signal reaches the tool alone (`kill`) or its whole process group with the children that
/// run the strategies (a terminal's Ctrl-C).
@Suite struct CheckInterruptTests {
    @Test(arguments: [false, true], [false, true])
    func ctrlCPrintsWhatWasChecked(_ wholeGroup: Bool, _ inProcess: Bool) async throws {
        let folder = try TemporaryFolder("check-interrupt")
        defer { folder.remove() }
        let tree = try folder.write((1...300).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }
            .joined(separator: "\n"), to: "tree.jsonl")
        let process = Process()
        // Foundation makes the tool the leader of a process group of its own, as a shell does.
        process.executableURL = try TreeRowsExecutable.location.get()
        process.arguments = ["check", "--corpus", tree, "--ops", "1000000000000",
                             "--strategies", "range-counts,preorder-btree"] + (inProcess ? ["--in-process"] : [])
        process.standardInput = FileHandle.nullDevice
        let output = folder.path("stdout"), errors = folder.path("stderr")
        FileManager.default.createFile(atPath: output, contents: nil)
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        // Past the start (the header is printed once the corpus is read), and some operations in.
        let started = ContinuousClock.now + .seconds(120)
        while process.isRunning && ContinuousClock.now < started,
              !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("replay:") {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .seconds(2))
        #expect(kill(wholeGroup ? -process.processIdentifier : process.processIdentifier, SIGINT) == 0)
        let ended = ContinuousClock.now + .seconds(120)
        while process.isRunning && ContinuousClock.now < ended { try await Task.sleep(for: .milliseconds(50)) }
        if process.isRunning {
            Issue.record("Ctrl-C did not stop the check")
            kill(-process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        let stdout = try String(contentsOfFile: output, encoding: .utf8), stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 130, "\(stdout)\n\(stderr)")
        #expect(stdout.contains("median/op") && stdout.contains("stopped by Ctrl-C: the table covers the operations done"), "\(stdout)")
        let done = try #require(stderr.firstMatch(of: /after (\d+) of 1000000000000 operations/), "\(stderr)")
        #expect(Int(done.1)! > 0, "\(stderr)")
        #expect(!stdout.contains("CRASHED"), "an interrupted strategy was taken for a crash: \(stdout)")
    }
}
