import Foundation
import Testing

/// Whatever a user or a file hands the tool (a file name, a strategy name, an id, a flag),
/// what the tool prints about it shows control characters as escapes: no ESC sequence
/// reaches the terminal, no carriage return or line break fakes a line, no bidirectional
/// override reorders a message.
@Suite struct MessageEscapingTests {
    /// A value with a colour sequence, a carriage return, a line break, a bell, NEL and a
    /// right-to-left override. Its last part starts a line only if a line break got through.
    static let hostile = "a\u{1B}[31m\rb\nFAKE\u{7}\u{85}\u{202E}"

    /// Every scalar a terminal acts on instead of showing, but the line feed.
    static func rawControls(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || $0.value == 0x2028
        }
    }

    /// The commands, their value options and their positional arguments, from the tool's
    /// description of itself.
    static func commands(in folder: TemporaryFolder) async throws -> [(path: [String], options: [String], positionals: Int)] {
        let dump = try await TreeRowsExecutable.run(["--experimental-dump-help"], in: folder.url)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any], "\(dump)")
        var found: [(path: [String], options: [String], positionals: Int)] = []
        func visit(_ command: [String: Any], path: [String]) {
            let arguments = command["arguments"] as? [[String: Any]] ?? []
            let options = arguments.compactMap { argument -> String? in
                guard argument["kind"] as? String == "option",
                      let long = (argument["names"] as? [[String: Any]])?.first(where: { $0["kind"] as? String == "long" })?["name"] as? String,
                      long != "help" else { return nil }
                return long
            }
            let positionals = arguments.filter { $0["kind"] as? String == "positional" }.count
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            if !path.isEmpty && subcommands.isEmpty { found.append((path, options, positionals)) }
            for subcommand in subcommands {
                guard let name = subcommand["commandName"] as? String, name != "help" else { continue }
                visit(subcommand, path: path + [name])
            }
        }
        visit(try #require(json["command"] as? [String: Any]), path: [])
        return found
    }

    /// The hostile value in every value option and every positional argument of every
    /// command, one at a time, with an unknown flag, and inside the files the tool reads.
    @Test func noCommandEchoesAControlCharacter() async throws {
        let folder = try TemporaryFolder("escapes")
        defer { folder.remove() }
        try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": 2, "parent": 1}"#, to: "tree.jsonl")
        // Files whose contents carry the value: an unknown parent, a strategy name, a repro's node.
        let escaped = String(decoding: try JSONSerialization.data(withJSONObject: [Self.hostile], options: [.fragmentsAllowed]), as: UTF8.self)
            .dropFirst().dropLast()
        try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": 2, "parent": \#(escaped)}"#, to: "orphan.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10).replacingOccurrences(of: "\"range-counts\"", with: escaped), to: "results.json")
        try folder.write(#"{"format": "treerows-repro", "version": 1, "strategy": \#(escaped), "tree": [{"id": "a", "parent": null, "expanded": true}], "#
            + #""operations": [{"op": "toggle", "node": \#(escaped)}]}"#, to: "repro.json")
        var runs: [[String]] = [
            ["rows", "--corpus", "orphan.jsonl"], ["corpus", "stats", "orphan.jsonl"], ["corpus", "import", "orphan.jsonl", "-o", "x.trows"],
            ["compare", "results.json", "tree.jsonl"], ["report", "results.json"], ["replay", "repro.json"],
            ["check", "--corpus", "tree.jsonl", "--ops", "5", "--\(Self.hostile)"],
        ]
        for command in try await Self.commands(in: folder) {
            // A fuzz run that the value does not stop is kept short.
            let short = command.path == ["fuzz"] ? ["--time", "1", "--large-share", "0"] : []
            for option in command.options { runs.append(command.path + (["time", "large-share"].contains(option) ? [] : short) + ["--\(option)", Self.hostile]) }
            for position in 0..<command.positionals {
                runs.append(command.path + (0..<command.positionals).map { $0 == position ? Self.hostile : "results.json" })
            }
        }
        #expect(runs.count >= 40)
        for arguments in runs {
            let result = try await TreeRowsExecutable.run(arguments, in: folder.url, deadline: .seconds(20))
            let lines = (result.standardOutput + result.standardError).split(separator: "\n")
            #expect(Self.rawControls(result.standardError).isEmpty && Self.rawControls(result.standardOutput).isEmpty
                && !lines.contains { $0.hasPrefix("FAKE") }, "\(result)")
        }
    }
}
