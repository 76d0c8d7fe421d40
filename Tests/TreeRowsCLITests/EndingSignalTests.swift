import Foundation
import Testing

/// A signal that ends a process ends every command at any point, before it has a temporary
/// too: SIGQUIT (Ctrl-\) is no crash (the Swift runtime's backtracer would print "Program
/// crashed" and let the command run on), and leaves no file behind, in its folder or in its
/// temporary folder (where `check` has made its scratch folder).
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
        let temporaries = try folder.subfolder("tmp")
        let process = Process()
        process.executableURL = try TreeRowsExecutable.location.get()
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaries.url.path]) { $1 }
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
        #expect(try folder.entries() == ["in", "stderr", "tmp"])
        #expect(try temporaries.entries() == [], "\(arguments)")
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

/// A run killed outright (SIGKILL to its whole process group: no handler runs) leaves its
/// scratch folder, with its children's logs, in the temporary folder; the next run there
/// removes it once it is old enough to be surely abandoned.
@Suite struct AbandonedScratchTests {
    @Test func theNextRunRemovesAKilledRunsFolder() throws {
        let folder = try TemporaryFolder("abandoned-scratch")
        defer { folder.remove() }
        let temporaries = try folder.subfolder("tmp")
        let check = try LongCheck(in: folder, extra: ["--strategies", "range-counts"], temporaries: temporaries.url.path)
        // The check prints its replay line before it makes its scratch folder: kill it once the folder is there.
        let made = ContinuousClock.now + .seconds(60)
        while check.process.isRunning && ContinuousClock.now < made, (try? temporaries.entries())?.isEmpty ?? true { usleep(20_000) }
        #expect(kill(-check.process.processIdentifier, SIGKILL) == 0)
        check.process.waitUntilExit()
        let left = try temporaries.entries()
        #expect(left.count == 1 && left.allSatisfy { $0.hasPrefix("treerows-scratch-") }, "\(left)")
        // Two minutes old, as a folder of a run killed earlier is.
        for name in left {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: temporaries.path(name))
        }

        let next = Process()
        next.executableURL = try TreeRowsExecutable.location.get()
        next.arguments = ["check", "--corpus", folder.path("tree.jsonl"), "--ops", "200", "--strategies", "range-counts"]
        next.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaries.url.path]) { $1 }
        next.standardOutput = FileHandle.nullDevice
        next.standardError = FileHandle.nullDevice
        try next.run()
        #expect(next.ended(within: .seconds(120)) && next.terminationStatus == 0)
        #expect(try temporaries.entries() == [])
    }
}
