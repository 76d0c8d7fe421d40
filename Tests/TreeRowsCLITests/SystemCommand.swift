import Foundation

/// A system tool (`gzip`, a headless browser) run through `/usr/bin/env`, for inputs the
/// tests must not make, and views they must not take, with the code under test.
enum SystemCommand {
    /// A tool that failed or could not start.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `arguments` (the tool's name first) with `inputPath` as standard input and
    /// returns standard output; throws unless the tool exits with 0. With `discardingErrors`,
    /// the tool's standard error (a browser's log lines) goes nowhere.
    ///
    /// Standard output goes to a temporary file, so a large output cannot block the child.
    static func output(of arguments: [String], input inputPath: String? = nil, discardingErrors: Bool = false) async throws -> [UInt8] {
        let folder = try TemporaryFolder("system-command")
        defer { folder.remove() }
        let outputPath = folder.path("stdout")
        guard FileManager.default.createFile(atPath: outputPath, contents: nil) else {
            throw Failure(description: "cannot create \(outputPath)")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let inputPath {
            guard let input = FileHandle(forReadingAtPath: inputPath) else { throw Failure(description: "cannot read \(inputPath)") }
            process.standardInput = input
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = output
        if discardingErrors { process.standardError = FileHandle.nullDevice }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try output.close()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "`\(arguments.joined(separator: " "))` failed with status \(process.terminationStatus)")
        }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: outputPath)))
    }

    /// The file at `path` compressed by `gzip -c -n` (no name or time stamp in the header,
    /// so the same input gives the same bytes).
    static func gzip(_ path: String) async throws -> [UInt8] {
        try await output(of: ["gzip", "-c", "-n"], input: path)
    }
}
