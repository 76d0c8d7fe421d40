import Foundation

/// The built `treerows` binary, run end to end as a user would (swift-argument-parser's
/// `AssertExecuteCommand` approach): arguments in; stdout, stderr and exit code out.
enum TreeRowsExecutable {
    /// The package root: `Tests/TreeRowsCLITests/TreeRowsExecutable.swift`, three levels up.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A failure to find or start the binary.
    struct NotFound: Error, CustomStringConvertible {
        var description: String
    }

    /// The folders that may hold the binary, most specific first: the products folder the
    /// tests run from (on Linux `Bundle.main.bundleURL` is that folder, e.g.
    /// `.build/x86_64-unknown-linux-gnu/debug`; on macOS the `.xctest` bundle sits in it),
    /// the test runner's own folder, then the package's `.build/debug` and `.build/release`.
    static var candidateFolders: [URL] {
        var folders: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles {
            folders.append(bundle.bundleURL)
            if bundle.bundleURL.pathExtension == "xctest" { folders.append(bundle.bundleURL.deletingLastPathComponent()) }
        }
        if let runner = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: runner).deletingLastPathComponent())
        }
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        folders.append(packageRoot.appendingPathComponent(".build/release"))
        return folders
    }

    /// The binary's location, or a description of everywhere it was looked for.
    static let location: Result<URL, NotFound> = locate("treerows")

    /// `treerows-mutants`: the tool with every planted mutant (Tests/MutantTool).
    static let mutantsLocation: Result<URL, NotFound> = locate("treerows-mutants")

    /// The location of the built product `name`.
    static func locate(_ name: String) -> Result<URL, NotFound> {
        var tried: [String] = []
        for folder in candidateFolders {
            let candidate = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate.path) {
                return .success(candidate.standardizedFileURL)
            }
            if !tried.contains(candidate.path) { tried.append(candidate.path) }
        }
        return .failure(NotFound(description: "the \(name) binary was not found; build it with `swift build --build-tests` "
            + "(Bundle.main.bundleURL = \(Bundle.main.bundleURL.path)). Looked for:\n" + tried.joined(separator: "\n")))
    }

    /// How long a child may run when its test names no deadline: a hang becomes a failure
    /// naming the command. The suites' own time limits are a backstop of 10 minutes, since
    /// they also count the time a test waits for a thread on a loaded machine (all tests
    /// start at once; a 2-minute limit failed 50 quick runs on a 2-core CI runner).
    static let defaultDeadline: Duration = .seconds(300)

    /// Runs `treerows arguments` in `directory` (the package root by default) and waits for it.
    ///
    /// Output goes to temporary files rather than pipes, so a large output cannot block the
    /// child; with `standardOutputPath` (e.g. `/dev/full`), standard output goes there instead
    /// and the result's `standardOutput` is empty.
    ///
    /// - Parameters:
    ///   - deadline: The run is killed (SIGKILL) when it lasts longer, and the result says it
    ///     ``ExecutionResult/timedOut``. The default, ``defaultDeadline``, catches a hung child.
    ///   - environment: Variables set (over this process's) for the run.
    static func run(_ arguments: [String], in directory: URL = packageRoot, standardOutputPath: String? = nil,
                    mutants: Bool = false, deadline: Duration = defaultDeadline, environment: [String: String] = [:]) async throws -> ExecutionResult {
        let executable = try (mutants ? mutantsLocation : location).get()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("treerows-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil),
              FileManager.default.createFile(atPath: errorURL.path, contents: nil) else {
            throw NotFound(description: "cannot create output files in \(folder.path)")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: standardOutputPath ?? outputURL.path))
        let error = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        nonisolated(unsafe) let running = process
        let killer = Task { () -> Bool in
            try? await Task.sleep(for: deadline)
            guard !Task.isCancelled, running.isRunning else { return false }
            kill(running.processIdentifier, SIGKILL)
            return true
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        killer.cancel()
        let timedOut = await killer.value
        try output.close()
        try error.close()
        return ExecutionResult(timedOut: timedOut,
            commandLine: ([executable.lastPathComponent] + arguments).joined(separator: " "),
            exitCode: process.terminationStatus,
            wasSignalled: process.terminationReason == .uncaughtSignal,
            standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
            standardError: try String(contentsOf: errorURL, encoding: .utf8))
    }
}
