import Foundation
import Testing

/// A signal that ends a process ends every command at any point, before it has a temporary
/// too: SIGQUIT (Ctrl-\) is no crash (the Swift runtime's backtracer would print "Program
/// crashed" and let the command run on), and leaves no file behind.
@Suite struct EndingSignalTests {
    /// Commands that block reading a FIFO nobody writes: the signal arrives while they wait.
    static let blocked: [[String]] = [
        ["corpus", "validate", "in"], ["corpus", "stats", "in"], ["rows", "--corpus", "in"], ["check", "--corpus", "in"],
        ["corpus", "import", "in", "-o", "out.trows"], ["replay", "in"], ["report", "in"],
    ]

    @Test(arguments: blocked, [SIGQUIT, SIGTERM])
    func aSignalEndsABlockedCommand(_ arguments: [String], _ signalNumber: Int32) throws {
        let folder = try TemporaryFolder("ending-signal")
        defer { folder.remove() }
        #expect(mkfifo(folder.path("in"), 0o600) == 0)
        let process = Process()
        process.executableURL = try TreeRowsExecutable.location.get()
        process.arguments = arguments
        process.currentDirectoryURL = folder.url
        let errors = folder.path("stderr")
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        // Opening the FIFO's write end returns once the tool has opened it: it is in its
        // command, past start-up, and waits for bytes that never come.
        let writer = open(folder.path("in"), O_WRONLY)
        defer { close(writer) }
        #expect(kill(process.processIdentifier, signalNumber) == 0)
        let ended = process.ended(within: .seconds(60))
        let stderr = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(ended && process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber,
                "\(arguments): \(stderr.prefix(1_000))")
        #expect(!stderr.contains("crashed") && !stderr.contains("Backtracing"), "\(arguments): \(stderr.prefix(1_000))")
        #expect(try folder.entries() == ["in", "stderr"])
    }

    /// SIGQUIT to a `check`'s whole process group, children included, while they run: the
    /// run stops as it does on SIGTERM (its summary, exit 128 + 3), and no process crashes.
    @Test func quitEndsACheckAndItsChildren() throws {
        let folder = try TemporaryFolder("quit-check")
        defer { folder.remove() }
        let check = try LongCheck(in: folder, extra: ["--strategies", "range-counts"])
        #expect(kill(-check.process.processIdentifier, SIGQUIT) == 0)
        let ended = check.process.ended(within: .seconds(60))
        let stderr = try String(contentsOfFile: check.errors, encoding: .utf8)
        #expect(ended && check.process.terminationReason == .exit && check.process.terminationStatus == 128 + SIGQUIT,
                "\(stderr.prefix(1_000))")
        #expect(stderr.contains("stopped by SIGQUIT"), "\(stderr.prefix(1_000))")
        #expect(!stderr.contains("crashed") && !stderr.contains("Backtracing"), "\(stderr.prefix(1_000))")
    }
}
