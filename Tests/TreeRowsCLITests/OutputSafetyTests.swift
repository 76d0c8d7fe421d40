import Foundation
import Testing

/// Output files as a hostile but realistic user meets them: special files and links at the
/// output path, predictable temporaries, outputs that cannot be written, interrupted
/// writes and outputs onto inputs. Nothing is replaced that is not a regular file, nothing
/// half-written or hidden is left, and a bad output path fails before any work.
@Suite struct OutputSafetyTests {
    static let generate = ["corpus", "generate", "--shape", "reddit", "--nodes", "300", "--seed", "1", "-o"]

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    static func temporaries(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
    }

    /// Output names as short and odd as the filesystem allows, in the working folder: each
    /// command that writes a file or a folder takes them (Foundation's path functions trap
    /// on some one-character names).
    @Test(arguments: ["z", "r", "x-", ".z", "é", "z.", " "])
    func anyNameTheFilesystemTakesIsAnOutput(_ name: String) async throws {
        let folder = try TemporaryFolder("short-name")
        defer { folder.remove() }
        let generated = try await TreeRowsExecutable.run(Self.generate + [name], in: folder.url)
        #expect(generated.exitCode == 0 && FileManager.default.fileExists(atPath: folder.path(name)), "\(generated)")
        let imported = try await TreeRowsExecutable.run(["corpus", "import", name, "-o", name + name], in: folder.url)
        #expect(imported.exitCode == 0 && FileManager.default.fileExists(atPath: folder.path(name + name)), "\(imported)")
        let fuzzed = try await TreeRowsExecutable.run(["fuzz", "--iterations", "20", "--large-share", "0", "--out", name + name + name],
                                                      in: folder.url)
        #expect(fuzzed.exitCode == 0, "\(fuzzed)")
        #expect(try Self.temporaries(in: folder).isEmpty)
    }

    /// Output names as long as the filesystem allows (255 bytes), in ASCII and in two- and
    /// three-byte UTF-8, written by every command that writes a file: the temporary beside
    /// each is named within the limit too, and none is left.
    @Test(arguments: [233, 234, 240, 254, 255])
    func anyLengthTheFilesystemTakesIsAnOutput(_ bytes: Int) async throws {
        let folder = try TemporaryFolder("long-name")
        defer { folder.remove() }
        let names = [String(repeating: "a", count: bytes - 1) + "g", String(repeating: "é", count: (bytes - 1) / 2) + "i"
                     + (bytes % 2 == 0 ? "j" : ""), String(repeating: "中", count: bytes / 3) + String(repeating: "r", count: bytes % 3)]
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        for name in names {
            #expect(name.utf8.count == bytes)
            let generated = try await TreeRowsExecutable.run(Self.generate + [name], in: folder.url)
            #expect(generated.exitCode == 0 && FileManager.default.fileExists(atPath: folder.path(name)), "\(generated)")
            let imported = try await TreeRowsExecutable.run(["corpus", "import", name, "-o", name], in: folder.url)
            #expect(imported.exitCode == 2 && imported.standardError.contains("is also an input"), "\(imported)")
            let reported = try await TreeRowsExecutable.run(["report", "results.json", "-o", name], in: folder.url)
            let report = try String(contentsOfFile: folder.path(name), encoding: .utf8)
            #expect(reported.exitCode == 0 && report.hasPrefix("# TreeRows benchmark"), "\(reported)\n\(report.prefix(300))")
        }
        #expect(try Self.temporaries(in: folder).isEmpty)
    }

    @Test func aFIFOAtTheOutputPathIsWrittenNotReplaced() async throws {
        let folder = try TemporaryFolder("fifo-output")
        defer { folder.remove() }
        let fifo = folder.path("out.trows")
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader that keeps the FIFO open, so the writer does not wait for one.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        let result = try await TreeRowsExecutable.run(Self.generate + [fifo])
        #expect(result.exitCode == 0, "\(result)")
        #expect(Self.kind(fifo) == S_IFIFO, "the FIFO was replaced by a regular file")
        var buffer = [UInt8](repeating: 0, count: 65_536)
        #expect(read(reader, &buffer, buffer.count) > 0, "nothing came through the FIFO")
    }

    @Test func aSymbolicLinkStaysALinkAndItsFileGetsTheOutput() async throws {
        let folder = try TemporaryFolder("link-output")
        defer { folder.remove() }
        try folder.write([1, 2, 3], to: "real.trows")
        try FileManager.default.createSymbolicLink(atPath: folder.path("out.trows"), withDestinationPath: "real.trows")
        let result = try await TreeRowsExecutable.run(Self.generate + [folder.path("out.trows")])
        #expect(result.exitCode == 0, "\(result)")
        #expect(Self.kind(folder.path("out.trows")) == S_IFLNK, "the link was replaced")
        let written = try #require(FileManager.default.contents(atPath: folder.path("real.trows")))
        #expect(written.count > 100)
        let dangling = folder.path("dangling.trows")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
        let refused = try await TreeRowsExecutable.run(Self.generate + [dangling])
        #expect(refused.exitCode == 2 && refused.standardError.contains("Fix:"), "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    /// The old writer used `.NAME.PID.tmp`; links planted at such names for the next pids
    /// made it write through them. A planted link at every name of that pattern for a
    /// range of pids around the child's is never followed now.
    @Test func plantedLinksAtPredictableTemporaryNamesAreNotFollowed() async throws {
        let folder = try TemporaryFolder("planted-links")
        defer { folder.remove() }
        try folder.write(Array("victim".utf8), to: "victim")
        let next = getpid()
        for pid in next..<(next + 400) {
            try FileManager.default.createSymbolicLink(atPath: folder.path(".out.trows.\(pid).tmp"), withDestinationPath: folder.path("victim"))
        }
        let result = try await TreeRowsExecutable.run(Self.generate + [folder.path("out.trows")])
        #expect(result.exitCode == 0, "\(result)")
        #expect(String(decoding: FileManager.default.contents(atPath: folder.path("victim")) ?? Data(), as: UTF8.self) == "victim")
        #expect(Self.kind(folder.path("out.trows")) == S_IFREG)
    }

    @Test func aMissingOutputFolderFailsBeforeAnyWork() async throws {
        let folder = try TemporaryFolder("missing-folder")
        defer { folder.remove() }
        let json = folder.path("no/such/folder/results.json")
        let bench = try await TreeRowsExecutable.run(["bench", "--operations", "toggle-random", "--json", json])
        // The path is checked first, before the build is even looked at (a checked build refuses to bench).
        #expect(bench.exitCode == 2 && bench.standardOutput.isEmpty && bench.standardError.contains("does not exist"), "\(bench)")
        for arguments in [Self.generate + [folder.path("no/x.trows")],
                          ["corpus", "import", "Corpora/recorded/reddit-worldnews-sxvem7.jsonl", "-o", folder.path("no/x.trows")]] {
            let result = try await TreeRowsExecutable.run(arguments)
            #expect(result.exitCode == 2 && result.standardError.contains("does not exist") && result.standardOutput.isEmpty, "\(result)")
        }
    }

    @Test func outputOntoAnInputIsRefusedAndModesAreKept() async throws {
        let folder = try TemporaryFolder("output-onto-input")
        defer { folder.remove() }
        let source = try #require(FileManager.default.contents(atPath: TreeRowsExecutable.packageRoot
            .appendingPathComponent("Corpora/recorded/reddit-worldnews-sxvem7.jsonl").path))
        let input = try folder.write([UInt8](source), to: "thread.jsonl")
        let onto = try await TreeRowsExecutable.run(["corpus", "import", input, "-o", input])
        #expect(onto.exitCode == 2 && onto.standardError.contains("is also an input"), "\(onto)")
        #expect(FileManager.default.contents(atPath: input) == source, "the input was replaced")

        let private_ = try folder.write([0], to: "private.trows")
        chmod(private_, 0o600)
        let result = try await TreeRowsExecutable.run(Self.generate + [private_])
        #expect(result.exitCode == 0, "\(result)")
        var status = stat()
        stat(private_, &status)
        #expect(status.st_mode & 0o777 == 0o600, "mode \(String(status.st_mode & 0o777, radix: 8))")
    }

    /// SIGINT while the temporary exists (held by a test hook) removes it. The hold is long
    /// (10 minutes, ended by the signal): beside tests that block the 2 cores' worker
    /// threads, this test may not run again for minutes after starting the child.
    /// Each signal that ends the process (SIGPIPE too, unless the test runner started the
    /// tool with it ignored, where it stays ignored and is not sent here).
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    func anInterruptedWriteLeavesNoTemporary(_ signalNumber: Int32) async throws {
        let folder = try TemporaryFolder("interrupted-write")
        defer { folder.remove() }
        let process = Process()
        process.executableURL = try TreeRowsExecutable.location.get()
        process.arguments = Self.generate + [folder.path("out.trows")]
        process.environment = ProcessInfo.processInfo.environment.merging(["TREEROWS_TEST_HOLD_TEMPORARY_US": "600000000"]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen: [String] = []
        let deadline = ContinuousClock.now + .seconds(600)
        while seen.isEmpty && process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(25))
            seen = try Self.temporaries(in: folder)
        }
        #expect(!seen.isEmpty, "the temporary never appeared")
        kill(process.processIdentifier, signalNumber)
        let ended = ContinuousClock.now + .seconds(60)
        while process.isRunning && ContinuousClock.now < ended { try await Task.sleep(for: .milliseconds(25)) }
        if process.isRunning {
            Issue.record("signal \(signalNumber) did not end the write")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signalNumber)
        let left = try Self.temporaries(in: folder)
        #expect(left.isEmpty, "left: \(left)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.trows")))
    }
}
