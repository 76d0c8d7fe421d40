import Foundation

/// A `check` of a 300-node tree with far more operations than it will reach, started and
/// left running until a test signals it: its stdout and stderr go to files in the folder.
///
/// Everything here blocks its thread instead of awaiting: an awaiting test can wait minutes
/// for a thread of the shared pool while other tests compute, and its check burns a core
/// all that time.
struct LongCheck {
    let process = Process()
    let output: String
    let errors: String

    /// Starts the check and returns once it has printed its replay line (it is checking).
    ///
    /// - Parameters:
    ///   - extra: More arguments (`--strategies`, `--in-process`).
    ///   - temporaries: The tool's TMPDIR, when not the test's own.
    init(in folder: TemporaryFolder, extra: [String], temporaries: String? = nil) throws {
        let tree = try folder.write((1...300).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }
            .joined(separator: "\n"), to: "tree.jsonl")
        // Foundation makes the tool the leader of a process group of its own, as a shell does.
        process.executableURL = try TreeRowsExecutable.location.get()
        process.arguments = ["check", "--corpus", tree, "--ops", "1000000000000"] + extra
        process.standardInput = FileHandle.nullDevice
        if let temporaries { process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporaries]) { $1 } }
        (output, errors) = (folder.path("stdout"), folder.path("stderr"))
        FileManager.default.createFile(atPath: output, contents: nil)
        FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        let started = ContinuousClock.now + .seconds(120)
        while process.isRunning && ContinuousClock.now < started,
              !((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("replay:") {
            usleep(50_000)
        }
    }
}

extension Process {
    /// Waits up to `limit` for the process to end; kills its process group if it did not.
    ///
    /// - Returns: Whether it ended by itself.
    func ended(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        while isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        let ended = !isRunning
        if !ended { kill(-processIdentifier, SIGKILL) }
        waitUntilExit()
        return ended
    }
}
