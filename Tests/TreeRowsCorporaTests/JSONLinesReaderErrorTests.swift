import Testing
import TreeRowsCorpora

/// Every error of `JSONLinesReader.parse(_:file:)`: the line it names and a description that
/// reads `FILE:LINE: problem. Fix: what to do`.
@Suite("JSONLinesReader errors")
struct JSONLinesReaderErrorTests {
    /// An input that must be rejected.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var lines: [String]
        /// The 1-based line the error must name; `nil` for a whole-file problem.
        var line: Int?
        /// Pieces the description must contain.
        var mentions: [String]
        var testDescription: String { name }

        init(_ name: String, _ lines: [String], line: Int?, mentions: [String]) {
            self.name = name
            self.lines = lines
            self.line = line
            self.mentions = mentions
        }
    }

    static let header = #"{"source": "test", "nodes": 3}"#
    static let file = "dir/bad.jsonl"

    static let cases: [Case] = [
        // Malformed JSON.
        Case("malformed JSON: unterminated object", [header, #"{"id": 1}"#, #"{"id": 2, "parent": 1"#],
             line: 3, mentions: ["invalid JSON", "column 22"]),
        Case("malformed JSON: trailing garbage", [#"{"id": 1} {"id": 2}"#], line: 1, mentions: ["invalid JSON", "column 11"]),
        Case("malformed JSON after blank lines", ["", #"{"id": 1}"#, "", "", "{id: 2}"], line: 5,
             mentions: ["invalid JSON", "column 2"]),
        // Lines that are JSON but not objects.
        Case("non-object line: array", [header, #"{"id": 1}"#, "[1, 2]"], line: 3, mentions: ["expected a JSON object, found an array"]),
        Case("non-object line: number first", ["42", #"{"id": 1}"#], line: 1, mentions: ["found a number"]),
        Case("non-object line: string", [#"{"id": 1}"#, #""2""#], line: 2, mentions: ["found a string"]),
        Case("non-object line: null", [#"{"id": 1}"#, "null"], line: 2, mentions: ["found null"]),
        // A first line without "id" is the header only when it holds header members.
        Case("a misspelled id on the first line", [#"{"ID": 1, "parent": null}"#, #"{"id": 2, "parent": 1}"#], line: 1,
             mentions: [#""ID" is not a header member (it looks like a node's)"#, #"spell the member "id", in lower case"#]),
        Case("a node's member on the first line", [#"{"parent": null, "time": 5}"#, #"{"id": 2}"#], line: 1,
             mentions: [#""parent" is not a header member"#, "give it an \"id\""]),
        Case("an unknown header member", [#"{"source": "t", "author": "me"}"#, #"{"id": 2}"#], line: 1,
             mentions: [#""author" is not a header member"#, "x-"]),
        Case("a repeated member in a node", [#"{"id": 1}"#, #"{"id": 2, "parent": 1, "parent": 3}"#], line: 2,
             mentions: [#"the member name "parent" appears twice"#]),
        // Missing ids.
        Case("missing id after a node", [#"{"id": 1}"#, #"{"parent": 1}"#], line: 2, mentions: [#"missing "id""#]),
        Case("second object without an id", [header, #"{"source": "again"}"#, #"{"id": 1}"#], line: 2,
             mentions: [#"missing "id""#]),
        // Ids and parents of the wrong type.
        Case("id is a boolean", [#"{"id": true}"#], line: 1, mentions: [#""id" is a boolean"#]),
        Case("id is null", [header, #"{"id": null}"#], line: 2, mentions: [#""id" is null"#]),
        Case("id is an array", [#"{"id": [1]}"#], line: 1, mentions: [#""id" is an array"#]),
        Case("id is an object", [#"{"id": {"n": 1}}"#], line: 1, mentions: [#""id" is an object"#]),
        Case("id is a fraction", [#"{"id": 1}"#, #"{"id": 1.5}"#], line: 2, mentions: [#""id" must be a 64-bit integer, but it is 1.5"#]),
        Case("id has an exponent", [#"{"id": 1e3}"#], line: 1, mentions: [#""id" must be a 64-bit integer, but it is 1e3"#]),
        Case("id beyond 64 bits", [#"{"id": 9223372036854775808}"#], line: 1,
             mentions: [#""id" must be a 64-bit integer, but it is 9223372036854775808, past the 64-bit range"#]),
        Case("parent is a boolean", [#"{"id": 1}"#, #"{"id": 2, "parent": false}"#], line: 2, mentions: [#""parent" is a boolean"#]),
        Case("parent is a fraction", [#"{"id": 1}"#, #"{"id": 2, "parent": 1.0}"#], line: 2, mentions: [#""parent" must be a 64-bit integer, but it is 1.0"#]),
        // Duplicates.
        Case("duplicate string id", [header, #"{"id": "a"}"#, #"{"id": "b"}"#, #"{"id": "a", "parent": "b"}"#], line: 4,
             mentions: [#"duplicate id "a""#, "first defined on line 2"]),
        Case("duplicate integer id after blank lines", [#"{"id": 7}"#, "", #"{"id": 8}"#, "", #"{"id": 7}"#], line: 5,
             mentions: ["duplicate id 7", "first defined on line 1"]),
        // Parents that do not exist.
        Case("unknown parent", [header, #"{"id": 1}"#, #"{"id": 2, "parent": 3}"#], line: 3,
             mentions: ["parent 3 of node 2 is not defined"]),
        Case("unknown parent: string id names an integer id", [#"{"id": 5}"#, #"{"id": 6, "parent": "5"}"#], line: 2,
             mentions: [#"parent "5" of node 6"#]),
        // Cycles.
        Case("cycle of two: a -> b -> a", [header, #"{"id": "r"}"#, #"{"id": "a", "parent": "b"}"#, #"{"id": "b", "parent": "a"}"#],
             line: 3, mentions: ["parent cycle", #""a" -> "b" -> "a""#]),
        Case("cycle of three", [#"{"id": 1, "parent": 3}"#, #"{"id": 2, "parent": 1}"#, #"{"id": 3, "parent": 2}"#, #"{"id": 4}"#],
             line: 1, mentions: ["parent cycle", "1 -> 3 -> 2 -> 1"]),
        Case("node that is its own parent", [#"{"id": 1}"#, #"{"id": "x", "parent": "x"}"#], line: 2,
             mentions: ["parent cycle", #""x" -> "x""#]),
        Case("tail hanging off a cycle", [#"{"id": "t", "parent": "a"}"#, #"{"id": "a", "parent": "b"}"#, #"{"id": "b", "parent": "a"}"#],
             line: 2, mentions: ["parent cycle", #""a" -> "b" -> "a""#]),
        // Files without nodes.
        Case("empty file", [], line: nil, mentions: ["empty file"]),
        Case("only blank lines", ["", "  ", "\t", ""], line: nil, mentions: ["empty file"]),
        Case("header only", [header], line: nil, mentions: ["header but no nodes"]),
        Case("header and blank lines only", ["", header, "", ""], line: nil, mentions: ["header but no nodes"]),
        // Time and score.
        Case("time is a string", [#"{"id": 1}"#, #"{"id": 2, "time": "abc"}"#], line: 2,
             mentions: [#""time" must be a 64-bit integer, but it is a string"#]),
        Case("time is a fraction", [#"{"id": 1, "time": 1.5}"#], line: 1, mentions: [#""time" must be a 64-bit integer, but it is 1.5"#]),
        Case("time has an exponent", [#"{"id": 1, "time": 1e9}"#], line: 1, mentions: [#""time" must be a 64-bit integer, but it is 1e9"#]),
        Case("time beyond 64 bits", [#"{"id": 1, "time": 99999999999999999999}"#], line: 1,
             mentions: [#""time" must be a 64-bit integer, but it is 99999999999999999999, past the 64-bit range"#]),
        Case("score is a fraction", [header, #"{"id": 1, "score": 1.5}"#], line: 2,
             mentions: [#""score" must be a 64-bit integer, but it is 1.5"#]),
        Case("score is a boolean", [#"{"id": 1, "score": true}"#], line: 1, mentions: [#""score" must be a 64-bit integer, but it is a boolean"#]),
        Case("score is a string", [#"{"id": 1, "score": "12"}"#], line: 1, mentions: [#""score" must be a 64-bit integer, but it is a string"#]),
    ]

    @Test(arguments: cases)
    func rejects(_ example: Case) {
        let error: CorpusError
        do {
            let corpus = try JSONLinesReader.parse(Array(example.lines.joined(separator: "\n").utf8), file: Self.file)
            Issue.record("accepted: \(corpus.tree.nodeCount) nodes")
            return
        } catch let caught {
            error = caught
        }
        #expect(error.file == Self.file)
        #expect(error.line == example.line)
        let description = error.description
        let place = example.line.map { "\(Self.file):\($0): " } ?? "\(Self.file): "
        #expect(description.hasPrefix(place), "description: \(description)")
        #expect(description.contains(". Fix: "), "description: \(description)")
        #expect(!error.fix.isEmpty)
        for piece in example.mentions {
            #expect(description.contains(piece), "description: \(description)")
        }
    }

    @Test func invalidUTF8InAnIDNamesLineAndColumn() throws {
        let bytes = Array(#"{"id": 1}"#.utf8) + [0x0A] + Array(#"{"id": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let error = try #require(throws: CorpusError.self) {
            try JSONLinesReader.parse(bytes, file: "utf8.jsonl")
        }
        #expect(error.line == 2)
        #expect(error.description.hasPrefix("utf8.jsonl:2: invalid JSON at column "), "\(error)")
        #expect(error.description.contains("invalid UTF-8"), "\(error)")
        #expect(error.description.contains(". Fix: "), "\(error)")
    }

    @Test func missingFile() throws {
        let path = RecordedCorpora.folder.appendingPathComponent("no-such-corpus.jsonl").path
        let error = try #require(throws: CorpusError.self) { try CorpusReader.read(contentsOf: path) }
        #expect(error.line == nil)
        #expect(error.description.hasPrefix("\(path): no such file. Fix: "), "\(error)")
    }

    @Test func folderInsteadOfAFile() throws {
        let path = RecordedCorpora.folder.path
        let error = try #require(throws: CorpusError.self) { try CorpusReader.read(contentsOf: path) }
        #expect(error.line == nil)
        #expect(error.description.hasPrefix("\(path): is a folder, not a file. Fix: "), "\(error)")
    }
}
