import Foundation
import Testing

/// Every option of every command that takes a value, found in the tool's own description of
/// itself (`--experimental-dump-help`), fed the edge values of the numeric types: the tool
/// answers each with exit code 0, 1 or 2 and never traps (a runtime failure, a signal).
/// Options that name files, strategies or operations are left out; the others get each
/// value after arguments that make an accepted run short.
@Suite struct NumericOptionEdgeTests {
    /// The values at the edges of Int, UInt64 and Double, and past them.
    static let edges = ["0", "-1", "9223372036854775807", "18446744073709551616", "1e300", "inf", "nan"]

    /// Options whose value names a file, a folder or something by name: not numbers.
    static let named: Set<String> = [
        "corpus", "out", "json", "output", "strategies", "operations", "shape", "expansion", "format", "metric", "strategy",
        "collapse", "sort", "height-model", "description", "help",
    ]

    /// A command path (`corpus generate`) and its options that take a value.
    struct Command: Sendable {
        var path: [String]
        var options: [String]
    }

    /// The commands and their value options, from the tool's description of itself.
    static func commands(in folder: TemporaryFolder) async throws -> [Command] {
        let dump = try await TreeRowsExecutable.run(["--experimental-dump-help"], in: folder.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any], "\(dump)")
        var found: [Command] = []
        func visit(_ command: [String: Any], path: [String]) {
            let options = (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument -> String? in
                guard argument["kind"] as? String == "option",
                      let long = (argument["names"] as? [[String: Any]])?.first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
                      !named.contains(long) else { return nil }
                return long
            }
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if subcommands.isEmpty || !options.isEmpty { found.append(Command(path: path, options: options)) }
            for subcommand in subcommands {
                guard let name = subcommand["commandName"] as? String, name != "help" else { continue }
                visit(subcommand, path: path + [name])
            }
        }
        visit(try #require(json["command"] as? [String: Any]), path: [])
        return found.filter { !$0.path.isEmpty && !$0.options.isEmpty }
    }

    /// Arguments that make each command's accepted run short, given the files in `folder`.
    static func base(_ path: [String], testing option: String) -> [String] {
        switch path {
        // The checked build's bench stops after its options are checked.
        case ["bench"]: return ["--corpus", "tree.jsonl", "--strategies", "full-rebuild", "--operations", "toggle-random",
                                "--repetitions", "3", "--budget", "20"]
        case ["check"]: return ["--corpus", "tree.jsonl", "--ops", "10"]
        case ["compare"]: return ["results.json", "results.json"]
        case ["report"]: return ["results.json"]
        case ["rows"]: return ["--corpus", "tree.jsonl"]
        case ["replay"]: return ["repro.json"]
        case ["fuzz"]: return ["--large-share", "0", "--out", "findings"] + (option == "iterations" ? [] : ["--time", "2"])
        case ["corpus", "generate"]: return ["--shape", "reddit", "--nodes", "50", "--seed", "1", "-o", "generated.trows"]
        case ["corpus", "import"]: return ["tree.jsonl", "-o", "imported.trows"]
        default: return []
        }
    }

    @Test func everyValueOptionTakesEveryEdgeValueWithoutATrap() async throws {
        let folder = try TemporaryFolder("edges")
        defer { folder.remove() }
        try folder.write((1...20).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }.joined(separator: "\n"),
                         to: "tree.jsonl")
        try folder.write(#"{"format": "treerows-repro", "version": 1, "strategy": "all", "tree": [{"id": "a", "parent": null, "expanded": true}, "#
            + #"{"id": "b", "parent": "a", "expanded": true}], "operations": [{"op": "toggle", "node": "a"}]}"#, to: "repro.json")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        let commands = try await Self.commands(in: folder)
        #expect(commands.count >= 6, "\(commands.map(\.path))")
        var tried = 0
        for command in commands {
            for option in command.options {
                for value in Self.edges {
                    let arguments = command.path + Self.base(command.path, testing: option) + ["--\(option)", value]
                    // A value that is accepted may mean a long run (`--iterations` at Int.max): only its start is checked.
                    let result = try await TreeRowsExecutable.run(arguments, in: folder.url, deadline: .seconds(4))
                    tried += 1
                    let crashed = ["Fatal error", "Program crashed", "crashReport", "runtime failure"].contains {
                        result.standardError.contains($0) || result.standardOutput.contains($0)
                    }
                    #expect(!crashed && (result.timedOut || !result.wasSignalled && [0, 1, 2].contains(result.exitCode)), "\(result)")
                }
            }
        }
        #expect(tried >= 100)
    }
}
