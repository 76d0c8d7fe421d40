import Foundation
import Testing
import TreeRows

/// The example package (docs/Examples/CustomStrategy) is what an outside user writes: it
/// depends on TreeRows by path, and its three-line tool is the whole command with its own
/// strategies. Built and run as that user would, in release (what bench needs).
@Suite(.serialized) struct ExampleStrategyTests {
    static let example = TreeRowsExecutable.packageRoot.appendingPathComponent("docs/Examples/CustomStrategy")
    static let files = ["Package.swift", "Sources/MyStrategy/MyStrategy.swift", "Sources/my-treerows/main.swift"]

    @Test("docs/OwnStrategy.md links each of the example's files", arguments: files)
    func guideLinksTheFile(_ file: String) throws {
        let guide = try String(contentsOf: TreeRowsExecutable.packageRoot.appendingPathComponent("docs/OwnStrategy.md"), encoding: .utf8)
        #expect(guide.contains("](Examples/CustomStrategy/\(file))"), "docs/OwnStrategy.md does not link \(file)")
    }

    /// A dependent's builds run no invariant checks unless it asks: the manifest's only trait
    /// is `InternalChecks`, no default trait turns it on, every target's check flag depends
    /// on it, and the example asks for no trait. (Read from the manifest rather than from a
    /// debug build of the example: that build is a whole build of the package again, which
    /// CI cannot spare; a checked tool's refusal to benchmark is `benchRefusesABuildWithChecks`.)
    @Test func aDependentGetsNoInvariantChecksUnlessItAsks() throws {
        // A scratch folder of its own: `swift test` holds the lock of the package's.
        let scratch = try TemporaryFolder("dump-package")
        defer { try? FileManager.default.removeItem(at: scratch.url) }
        let dump = try Self.run("/usr/bin/env", ["swift", "package", "--package-path", TreeRowsExecutable.packageRoot.path,
                                                 "--scratch-path", scratch.url.path, "dump-package"])
        try #require(dump.status == 0, "\(dump.output)")
        let start = try #require(dump.output.firstIndex(of: "{"), "\(dump.output)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.output[start...].utf8)) as? [String: Any])
        let traits = try #require(manifest["traits"] as? [[String: Any]])
        #expect(traits.compactMap { $0["name"] as? String } == ["InternalChecks"], "\(traits)")
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var flagged = 0
        for target in targets {
            for setting in target["settings"] as? [[String: Any]] ?? [] where "\(setting)".contains("TREEROWS_INTERNAL_CHECKS") {
                flagged += 1
                let condition = setting["condition"] as? [String: Any]
                #expect(condition?["traits"] as? [String] == ["InternalChecks"],
                        "\(target["name"] ?? "?"): \(setting)")
            }
        }
        #expect(flagged >= 4, "the check flag is set in TreeRows, TreeRowsCorpora, TreeRowsHarness and TreeRowsTool")
        let example = try String(contentsOf: Self.example.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!example.contains("traits"), "the example asks for a trait")
    }

    /// The release tool: fuzz, a planted bug's repro saved and replayed, the kept repros,
    /// bench with allocations, bytes per node, exponents and the verdict, report, compare.
    @Test func releaseToolRunsEveryCommandOnTheUsersStrategy() throws {
        let tool = try Self.build("release")
        let folder = try TemporaryFolder("example")
        defer { try? FileManager.default.removeItem(at: folder.url) }

        let check = try Self.run(tool, ["check", "--corpus", "reddit-worldnews-sxvem7", "--ops", "20"])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("my-strategy") && check.output.contains("my-strategy-draft"), "\(check.output)")

        let fuzz = try Self.run(tool, ["fuzz", "--strategies", "my-strategy", "--time", "5", "--jobs", "1", "--out", folder.path("clean")])
        #expect(fuzz.status == 0 && fuzz.output.contains("no disagreement"), "\(fuzz.output)")

        let draft = try Self.run(tool, ["fuzz", "--strategies", "my-strategy-draft", "--time", "30", "--jobs", "1", "--out", folder.path("findings")])
        #expect(draft.status == 1, "\(draft.output)")
        // Its first finding is the trap, in its own function and line, not the end of the run.
        #expect(draft.output.contains("crash: my-strategy-draft in ") && draft.output.contains(" case ") && draft.output.contains(": trap: ")
            && draft.output.contains("at MyStrategyDraft.insert(_:under:at:time:score:) (MyStrategyDraft.swift:"), "\(draft.output)")
        let repros = try FileManager.default.contentsOfDirectory(atPath: folder.path("findings"))
        let repro = try #require(repros.first { $0.hasPrefix("my-strategy-draft-seed1-") }, "\(repros)")
        #expect(draft.output.contains("replay: my-treerows replay \(folder.path("findings"))/\(repro)"), "\(draft.output)")
        let replay = try Self.run(tool, ["replay", folder.path("findings/\(repro)")])
        #expect(replay.status == 1 && replay.output.contains("FAIL") && replay.output.contains("my-strategy-draft crashed: trap: "),
                "\(replay.output)")
        // The draft's finding, replayed against the fixed strategy.
        let fixed = try Self.run(tool, ["replay", folder.path("findings/\(repro)"), "--strategies", "my-strategy"])
        #expect(fixed.status == 0 && fixed.output.contains("pass") && fixed.output.contains("my-strategy)"), "\(fixed.output)")

        // The cost search on the user's O(n) strategy, undeclared: its toggle walks the tree
        // (a cliff against the built-in strategies), its row(at:) reads an array (none).
        let cliffs = try Self.run(tool, ["cliffs", "--strategies", "my-strategy", "--steps", "toggle,row-at", "--time", "30",
                                         "--out", folder.path("cliffs")])
        #expect(cliffs.status == 1 && cliffs.output.contains("cliff: my-strategy: toggle at ")
            && !cliffs.output.contains("cliff: my-strategy: row-at"), "\(cliffs.output)")

        let kept = try FileManager.default.contentsOfDirectory(atPath: Self.example.appendingPathComponent("Repros").path)
            .filter { $0.hasSuffix(".json") }.map { Self.example.appendingPathComponent("Repros/\($0)").path }
        try #require(!kept.isEmpty)
        let regression = try Self.run(tool, ["replay"] + kept)
        #expect(regression.status == 0 && regression.output.contains("pass"), "\(regression.output)")

        // Redirected to a file and killed during the run, bench keeps the cells it finished.
        let cut = folder.path("cut-short.txt")
        let killed = try Self.start(tool, ["bench", "--corpus", "reddit-worldnews-sxvem7", "--strategies", "reference,my-strategy",
                                           "--operations", "build,toggle-random,insert-reply,expand-all,collapse-all",
                                           "--budget", "2000"], output: cut)
        var printed = ""
        for _ in 0..<600 where !printed.contains("· build") && killed.isRunning {
            Thread.sleep(forTimeInterval: 0.1)
            printed = (try? String(contentsOfFile: cut, encoding: .utf8)) ?? ""
        }
        #expect(killed.isRunning, "bench finished before it could be killed")
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        #expect(printed.contains("· build") && printed.contains("my-strategy"), "a killed bench kept: \(printed)")

        var results: [String] = []
        for run in ["a", "b"] {
            let bench = try Self.run(tool, [
                "bench", "--corpus", "reddit-worldnews-sxvem7", "--sizes", "reddit:1e3,1e4", "--strategies", "reference,range-counts,my-strategy",
                "--operations", "build,toggle-random,insert-reply", "--repetitions", "20", "--budget", "40", "--json", folder.path("\(run).json"),
            ])
            #expect(bench.status == 0, "\(bench.output)")
            // Allocations, bytes per node and the growth with size, as the JSON keeps them.
            let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.path("\(run).json"))))
            let entries = try #require((written as? [String: Any])?["results"] as? [[String: Any]], "\(run).json")
            #expect(entries.contains { $0["strategy"] as? String == "my-strategy" }, "\(entries.count) entries")
            #expect(entries.allSatisfy { $0["allocationsPerOp"] != nil && !($0["allocationsPerOp"] is NSNull) }, "a cell without allocation figures")
            #expect(entries.contains { $0["operation"] as? String == "build" && $0["strategyBytesPerNode"] != nil && !($0["strategyBytesPerNode"] is NSNull) })
            #expect(((written as? [String: Any])?["exponents"] as? [Any])?.isEmpty == false, "no growth of the median with size")
            #expect(bench.output.contains("verdict: For trees like reddit-worldnews-sxvem7, reddit:1000 and reddit:10000, use "), "\(bench.output)")
            results.append(folder.path("\(run).json"))
        }

        let report = try Self.run(tool, ["report", results[0], "--format", "markdown"])
        // The verdict, the strategies × operations table, then what made the results: the user's own tool and its TreeRows.
        #expect(report.status == 0 && report.output.hasPrefix("# TreeRows benchmark\n\n**For trees like "), "\(report.output.prefix(400))")
        #expect(report.output.contains("\n| operation | ") && report.output.contains(" my-strategy"), "\(report.output.prefix(1_000))")
        #expect(report.output.contains("\nBuilt with: TreeRows \(TreeRowsVersion.current), commit ") && report.output.contains(" (tool my-treerows)\n"),
                "\(report.output.prefix(2_000))")
        let compare = try Self.run(tool, ["compare", results[0], results[1]])
        #expect(compare.output.hasPrefix("compare allocations, threshold 10%"), "\(compare.output)")
        #expect(compare.output.split(separator: "\n").contains { $0.hasPrefix("my-strategy ") }, "\(compare.output)")
    }

    /// Builds the example's tool in `configuration` and returns its path.
    /// The example's tool, built as a dependent builds it; `TREEROWS_EXAMPLE_TOOL` names one
    /// already built (`.ci/test` builds it on a copy of its release build, which a build of
    /// its own here would repeat).
    static func build(_ configuration: String) throws -> String {
        if configuration == "release", let built = ProcessInfo.processInfo.environment["TREEROWS_EXAMPLE_TOOL"] {
            try #require(FileManager.default.isExecutableFile(atPath: built), "TREEROWS_EXAMPLE_TOOL=\(built) is not an executable file")
            return built
        }
        let arguments = ["swift", "build", "--package-path", example.path, "-c", configuration, "--product", "my-treerows"]
        var build = try run("/usr/bin/env", arguments)
        if build.status != 0 {
            // SwiftPM's incremental build of a path dependency can miss a source folder added
            // since the last build; a clean build tells a stale cache from a real failure.
            try? FileManager.default.removeItem(at: example.appendingPathComponent(".build"))
            build = try run("/usr/bin/env", arguments)
        }
        try #require(build.status == 0, "swift build failed:\n\(build.output)")
        return example.appendingPathComponent(".build/\(configuration)/my-treerows").path
    }

    /// Runs a program to its end in the example's folder; standard output and error together
    /// go through a file.
    /// Starts `executable` with standard output and error going to the file `output`.
    static func start(_ executable: String, _ arguments: [String], output: String) throws -> Process {
        guard FileManager.default.createFile(atPath: output, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = example
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = example
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
    }
}
