import Foundation
import Testing

/// A message repeats a value from the input (an id, a number, a member name, a flag value)
/// whole up to 120 characters and no further: a 100,000-character value gives a message of
/// a few hundred bytes that says how long the value was.
@Suite struct EchoedValueTests {
    static let long = String(repeating: "a", count: 100_000)
    static let digits = String(repeating: "9", count: 100_000)

    @Test func longValuesAreCutInEveryMessage() async throws {
        let folder = try TemporaryFolder("echoed")
        defer { folder.remove() }
        try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": 2, "parent": "\#(Self.long)"}"#, to: "parent.jsonl")
        try folder.write(#"{"id": "\#(Self.long)"}"# + "\n" + #"{"id": "\#(Self.long)"}"#, to: "duplicate.jsonl")
        try folder.write(#"{"id": 1, "\#(Self.long)": 1, "\#(Self.long)": 2}"#, to: "member.jsonl")
        try folder.write(#"{"id": 1, "time": 1.\#(Self.digits)}"#, to: "number.jsonl")
        try folder.write("node,parent\n\(Self.digits),-1\n", to: "number.csv")
        try folder.write(#"{"id": 1, "parent": null}"#, to: "tree.jsonl")
        let runs: [[String]] = [
            ["corpus", "validate", "parent.jsonl"], ["corpus", "validate", "duplicate.jsonl"], ["corpus", "validate", "member.jsonl"],
            ["corpus", "validate", "number.jsonl"], ["corpus", "validate", "number.csv"],
            ["rows", "--corpus", "tree.jsonl", "--collapse", Self.long], ["rows", "--corpus", "tree.jsonl", "--sort", Self.long],
            ["rows", "--corpus", "tree.jsonl", "--heights", "--height-model", Self.long],
            ["check", "--corpus", "tree.jsonl", "--strategies", Self.long], ["check", "--corpus", "tree.jsonl", "--strategies", "range-counts,range-counts"],
        ]
        for arguments in runs {
            let result = try await TreeRowsExecutable.run(arguments, in: folder.url)
            #expect(result.exitCode == 2 && result.standardError.utf8.count < 1_000 && result.standardError.contains("Fix:"), "\(result)")
        }
    }
}
