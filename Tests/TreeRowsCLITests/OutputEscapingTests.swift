import Foundation
import Testing
@testable import TreeRowsTool
import TreeRowsHarness

/// What the tool prints on standard output about its input (a corpus file's name, a spec's
/// name and description, an id, a bench cell's corpus) shows control characters as
/// escapes: no escape sequence, bell or NUL reaches the terminal, and no line break in a
/// name starts a line of its own.
@Suite struct OutputEscapingTests {
    static let hostile = MessageEscapingTests.hostile

    /// `text` as a JSON string, quotes included.
    static func json(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    static var hostileJSON: String { json(hostile) }

    /// Whether `output` shows the hostile text only escaped (tabs lay out rows' columns).
    static func clean(_ output: String) -> Bool {
        MessageEscapingTests.rawControls(output).allSatisfy { $0 == "\t" } && !output.split(separator: "\n").contains { $0.hasPrefix("FAKE") }
    }

    @Test func commandsEscapeNamesAndIDsFromTheirInput() async throws {
        let folder = try TemporaryFolder("output-escapes")
        defer { folder.remove() }
        let corpus = "t\(Self.hostile).jsonl"
        try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": \#(Self.hostileJSON), "parent": 1}"# + "\n"
                         + #"{"id": "\u0000\u009b2J\u0007", "parent": 1}"#, to: corpus)
        let synthetic = try folder.subfolder("Corpora").subfolder("synthetic")
        let spec = #"{"shape": "reddit", "nodes": 5, "seed": 1, "description": \#(Self.hostileJSON)}"#
        try synthetic.write(spec, to: "evil.json")
        try synthetic.write(spec, to: "n\(Self.hostile).json")
        let runs: [[String]] = [
            ["rows", "--corpus", corpus], ["corpus", "stats", corpus], ["corpus", "validate", corpus], ["corpus", "list"],
            ["check", "--corpus", corpus, "--ops", "5", "--in-process"], ["corpus", "stats", "evil"],
        ]
        for arguments in runs {
            let result = try await TreeRowsExecutable.run(arguments, in: folder.url, deadline: .seconds(60))
            #expect(result.exitCode == 0 && Self.clean(result.standardOutput), "\(result)")
        }
        let listing = try await TreeRowsExecutable.run(["corpus", "list"], in: folder.url)
        #expect(listing.standardOutput.contains(Self.hostile.escapingControls()), "\(listing)")
    }

    @Test func rowsShowsEveryIDReversibly() async throws {
        let folder = try TemporaryFolder("rows-escapes")
        defer { folder.remove() }
        let ids = ["a\\b", "\u{1B}]0;pwned\u{7}", "\u{9B}2J", "x\u{0}y", "tab\there", "r\rn\n", "\u{202E}rtl", "\\u{1B}"]
        let lines = ids.map { #"{"id": \#(Self.json($0)), "parent": null}"# }
        let file = try folder.write(lines.joined(separator: "\n"), to: "ids.jsonl")
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", file])
        #expect(result.exitCode == 0 && Self.clean(result.standardOutput), "\(result)")
        #expect(result.outputLines == ["0\ta\\\\b", "0\t\\u{1B}]0;pwned\\u{7}", "0\t\\u{9B}2J", "0\tx\\0y", "0\ttab\\there", "0\tr\\rn\\n",
                                       "0\t\\u{202E}rtl", "0\t\\\\u{1B}"], "\(result)")
    }

    @Test func importRefusesADescriptionOfMoreThanOneLine() async throws {
        let folder = try TemporaryFolder("import-description")
        defer { folder.remove() }
        let file = try folder.write(#"{"id": 1, "parent": null}"#, to: "t.jsonl")
        for description in ["a\u{1B}[31m", "two\nlines", "bell\u{7}", "\u{202E}"] {
            let result = try await TreeRowsExecutable.run(["corpus", "import", file, "-o", folder.path("out.trows"), "--description", description])
            #expect(result.exitCode == 2 && result.standardError.contains("one line of plain text") && Self.clean(result.standardError), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("out.trows")))
        }
    }

    @Test func benchTablesEscapeTheCorpusName() {
        func result(_ strategy: String, _ median: Double) -> BenchmarkResult {
            BenchmarkResult(strategy: strategy, corpus: "f\u{1B}[31m\n.jsonl", nodes: 3, operation: "build", samples: 5, medianNanoseconds: median,
                            p90Nanoseconds: median, p99Nanoseconds: median, operationsPerSecond: 1e9 / median, allocationsPerOperation: 1,
                            bytesPerOperation: 1, peakResidentBytes: 1, ratioToReference: 1, ratioToFastest: 1, correct: true)
        }
        let results = [result("range-counts", 10), result("reference", 100)]
        let lines = BenchTable.cell(results) + BenchTable.summary(BenchmarkReport(machine: [], results: results, exponents: []))
        #expect(lines.contains { $0.contains("f\\u{1B}[31m\\n.jsonl (3 nodes)") }, "\(lines)")
        #expect(lines.allSatisfy { !$0.contains("\n") && MessageEscapingTests.rawControls($0).isEmpty }, "\(lines)")
    }

    /// A wrong cell's line says what was wrong at which input, on one escaped line (a node id
    /// from the corpus may hold anything).
    @Test func aWrongCellsLineSaysWhyOnOneLine() {
        var wrong = BenchmarkResult(strategy: "mine", corpus: "c", nodes: 3, operation: "toggle-random", samples: 5, medianNanoseconds: 10,
                                    p90Nanoseconds: 10, p99Nanoseconds: 10, operationsPerSecond: 1e8, allocationsPerOperation: 0,
                                    bytesPerOperation: 0, peakResidentBytes: 1, ratioToReference: 1, ratioToFastest: 1, correct: false)
        wrong.disagreement = StepDisagreement(.rows, "row(at: 1) is 1:\"a\u{1B}[2J\nb\", reference 1:\"c\"")
        wrong.disagreementStep = "input 4 (toggle #2)"
        let lines = BenchTable.cell([wrong])
        #expect(lines.contains("mine is wrong at input 4 (toggle #2): row(at: 1) is 1:\"a\\u{1B}[2J\\nb\", reference 1:\"c\""), "\(lines)")
        #expect(lines.allSatisfy { !$0.contains("\n") && MessageEscapingTests.rawControls($0).isEmpty }, "\(lines)")
    }
}
