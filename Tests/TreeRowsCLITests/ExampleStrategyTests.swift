import Foundation
import Testing

/// The README's "Adding a strategy" example is a real package that builds and passes.
@Suite struct ExampleStrategyTests {
    static let example = TreeRowsExecutable.packageRoot.appendingPathComponent("docs/Examples/CustomStrategy")
    static let files = ["Package.swift", "Sources/MyStrategy/MyStrategy.swift", "Sources/check-my-strategy/main.swift"]

    @Test("The README shows the example's files unchanged", arguments: files)
    func readmeShowsTheFile(_ file: String) throws {
        let readme = try String(contentsOf: TreeRowsExecutable.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.example.appendingPathComponent(file), encoding: .utf8)
        #expect(readme.contains("```swift\n" + source.trimmingCharacters(in: .newlines) + "\n```"), "README.md does not show \(file) as it is")
    }

    @Test("The example package builds, and its strategy passes the fuzzer and the lock-step checker")
    func examplePackageBuildsAndPasses() throws {
        let arguments = ["swift", "build", "--package-path", Self.example.path, "--product", "check-my-strategy"]
        var build = try Self.run("/usr/bin/env", arguments)
        if build.status != 0 {
            // SwiftPM's incremental build of a path dependency can miss a source folder added
            // since the last build; a clean build tells a stale cache from a real failure.
            try? FileManager.default.removeItem(at: Self.example.appendingPathComponent(".build"))
            build = try Self.run("/usr/bin/env", arguments)
        }
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        let run = try Self.run(Self.example.appendingPathComponent(".build/debug/check-my-strategy").path, [])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("no disagreement") && run.output.contains("my-strategy: 0 disagreements"), "\(run.output)")
        #expect(run.output.contains("toggle-random my-strategy: median") && !run.output.contains("correct: false"), "\(run.output)")
    }

    /// Runs a program to its end; standard output and error together go through a file.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
