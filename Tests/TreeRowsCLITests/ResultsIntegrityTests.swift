import Foundation
import Testing
import TreeRows

/// A results file says one thing per cell, within what a measurement can be, and a cell is
/// known by its three names, not by their joined text: `report` and `compare` refuse a
/// repeated cell or an impossible figure, naming it, and `compare` cannot match a base cell
/// with a head cell of other names. `bench` refuses a selection that would measure a cell twice.
@Suite struct ResultsIntegrityTests {
    /// A cell's JSON, with `overrides` (member name and JSON text) in place of its own members or beside them.
    static func cell(_ strategy: String = "a", corpus: String = "c", _ overrides: [(String, String)] = []) -> String {
        var members: [(String, String)] = [("strategy", #""\#(strategy)""#), ("corpus", #""\#(corpus)""#), ("operation", #""toggle-random""#),
                                           ("samples", "5"), ("medianNs", "100"), ("allocationsPerOp", "1"), ("correct", "true")]
        for (name, value) in overrides {
            if let index = members.firstIndex(where: { $0.0 == name }) { members[index].1 = value } else { members.append((name, value)) }
        }
        return "{" + members.map { #""\#($0.0)":\#($0.1)"# }.joined(separator: ",") + "}"
    }

    static func report(_ cells: [String]) -> String { #"{"schema":2,"machine":{},"results":["# + cells.joined(separator: ",") + #"],"exponents":[]}"# }

    /// Names joined with the separator of the displayed key: a base cell missing from the head
    /// stays missing.
    @Test(arguments: [("a · b", "c", "a", "b · c"), ("a", "b · c · toggle-random", "a · b", "c · toggle-random")])
    func cellsOfOtherNamesNeverMatch(_ baseStrategy: String, _ baseCorpus: String, _ headStrategy: String, _ headCorpus: String) async throws {
        // A cell both have, so that something is compared.
        let common = Self.cell("z")
        try await BenchCommandTests.withFiles([Self.report([Self.cell(baseStrategy, corpus: baseCorpus), common]),
                                               Self.report([Self.cell(headStrategy, corpus: headCorpus), common])]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1]])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains("1 of the head's 2 cells compared")
                && result.standardOutput.contains("missing from head: \(baseStrategy) · \(baseCorpus)"), "\(result)")
        }
    }

    @Test(arguments: ["compare", "report"])
    func aRepeatedCellIsRefused(_ command: String) async throws {
        let repeated = Self.report([Self.cell(), Self.cell("b"), Self.cell("a", [("allocationsPerOp", "1000")])])
        try await BenchCommandTests.withFiles([repeated, Self.report([Self.cell(), Self.cell("b")])]) { paths in
            let result = try await TreeRowsExecutable.run(command == "compare" ? ["compare", paths[0], paths[1]] : ["report", paths[0]])
            #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
            #expect(result.standardError.contains("results[2] is the cell of results[0] again (a · c · toggle-random)")
                && result.standardError.contains("Fix:"), "\(result)")
        }
    }

    /// Every kind of impossible figure, in `report` and `compare`: the entry and the field are named.
    @Test(arguments: [
        (#"nodes:-5"#, #""nodes" must be a whole number from 0 to 2^63-1, but it is -5"#),
        (#"nodes:18446744073709551616"#, #""nodes" must be a whole number from 0 to 2^63-1, but it is 18446744073709551616"#),
        (#"samples:1.5"#, #""samples" must be a whole number from 0 to 2^63-1, but it is 1.5"#),
        (#"peakResidentBytes:"lots""#, #""peakResidentBytes" must be a whole number from 0 to 2^63-1, but it is a string"#),
        (#"medianNs:-1e9"#, #""medianNs" must be a number from 0 to 1e+15, but it is -1e9"#),
        (#"medianNs:1e308"#, #""medianNs" must be a number from 0 to 1e+15, but it is 1e308"#),
        (#"p99Ns:1e20"#, #""p99Ns" must be a number from 0 to 1e+15, but it is 1e20"#),
        (#"allocationsPerOp:-1000"#, #""allocationsPerOp" must be a number from 0"#),
        (#"ratioToFastest:-2"#, #""ratioToFastest" must be a number from 0"#),
    ])
    func anImpossibleFigureIsRefused(_ member: String, _ message: String) async throws {
        let name = String(member.prefix { $0 != ":" }), value = String(member.drop { $0 != ":" }.dropFirst())
        let base = Self.cell(), bad = Self.cell("a", [(name, value)])
        try await BenchCommandTests.withFiles([Self.report([base]), Self.report([bad])]) { paths in
            for arguments in [["compare", paths[0], paths[1]], ["report", paths[1]]] {
                let result = try await TreeRowsExecutable.run(arguments)
                #expect(result.exitCode == 2 && !result.wasSignalled, "\(arguments[0]) \(member): \(result)")
                #expect(result.standardError.contains("results[0]: " + message), "\(arguments[0]) \(member): \(result)")
            }
        }
    }

    @Test(arguments: [["--corpus", "CORPUS", "--corpus", "CORPUS"], ["--sizes", "reddit:10,1e1"], ["--sizes", "chain:5,100,5"]])
    func benchRefusesASelectionThatMeasuresACellTwice(_ arguments: [String]) async throws {
        let folder = try TemporaryFolder("repeated-corpus")
        defer { folder.remove() }
        let corpus = try folder.write(#"{"id": 1, "parent": null}"# + "\n" + #"{"id": 2, "parent": 1}"#, to: "tiny.jsonl")
        let result = try await TreeRowsExecutable.run(["bench", "--operations", "build"] + arguments.map { $0 == "CORPUS" ? corpus : $0 })
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.contains("twice") && result.standardError.contains("Fix: name each"), "\(result)")
    }
}

extension ResultsIntegrityTests {
    /// A file of another kind, or results of another type, are named as what they are.
    @Test func anotherKindOfFileIsNamed() async throws {
        let folder = try TemporaryFolder("results-kind")
        defer { folder.remove() }
        let gzip = try folder.write([0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 20), to: "results.json")
        let object = try folder.write(#"{"schema":2,"machine":{},"results":{},"exponents":[]}"#, to: "object.json")
        for (file, words) in [(gzip, "is not a results file: it is"), (object, #""results" is an object, not an array"#)] {
            for arguments in [["report", file], ["compare", file, file]] {
                let result = try await TreeRowsExecutable.run(arguments)
                #expect(result.exitCode == 2 && result.standardError.contains(words), "\(arguments): \(result)")
            }
        }
    }
}
