import Testing
import TreeRows
import TreeRowsCorpora

/// `JSONLinesReader.parse(_:file:)` on well-formed input: headers, ids, order, optional fields.
@Suite("JSONLinesReader")
struct JSONLinesReaderTests {
    /// Parses `lines` joined by line feeds.
    static func parse(_ lines: [String], file: String = "test.jsonl") throws(CorpusError) -> Corpus {
        try JSONLinesReader.parse(Array(lines.joined(separator: "\n").utf8), file: file)
    }

    /// The rows of every node, all expanded, as `depth id`.
    static func rows(_ tree: Tree) -> [String] {
        ReferenceStrategy.walk(tree).map { "\($0.depth) \(tree.id(of: $0.node))" }
    }

    /// The ids of the children of `id` (`nil`: the top-level nodes), in order.
    static func children(of id: NodeID?, in tree: Tree) throws -> [NodeID] {
        let node = try id.map { try #require(tree.index(of: $0)) } ?? Tree.root
        return tree.children(of: node).map(tree.id(of:))
    }

    @Test func firstObjectWithoutAnIDIsTheHeader() throws {
        let corpus = try Self.parse([#"{"source": "test", "nodes": 2}"#, #"{"id": 1}"#, #"{"id": 2, "parent": 1}"#])
        #expect(corpus.header?["source"] == .string("test"))
        #expect(corpus.header?["nodes"]?.integer == 2)
        #expect(corpus.tree.nodeCount == 2)
        #expect(corpus.file == "test.jsonl")
    }

    @Test func headerMembersAreTheKnownOnesOrStartWithX() throws {
        // "pages" and "missingParents" hold lists, which ThreadFormatTests and ThreadPageTests check.
        let line = "{" + JSONLinesReader.headerKeys.filter { $0 != CorpusPage.headerKey && $0 != MissingParentRows.headerKey }.map { "\"\($0)\": \"v\"" }.joined(separator: ", ")
            + #", "x-author": "me"}"#
        let corpus = try Self.parse([line, #"{"id": 1}"#])
        #expect(corpus.header?["x-author"] == .string("me"))
        #expect(corpus.tree.nodeCount == 1)
    }

    @Test func headerMayFollowBlankLines() throws {
        let corpus = try Self.parse(["", "  ", #"{"source": "test"}"#, #"{"id": 1}"#])
        #expect(corpus.header?["source"] == .string("test"))
        #expect(corpus.tree.nodeCount == 1)
    }

    @Test func fileWithoutHeader() throws {
        let corpus = try Self.parse([#"{"id": 1}"#, #"{"id": 2}"#])
        #expect(corpus.header == nil)
        #expect(Self.rows(corpus.tree) == ["0 1", "0 2"])
    }

    @Test func integerAndStringIDs() throws {
        let corpus = try Self.parse([
            #"{"id": 17339478, "parent": null}"#, #"{"id": "hxv9iee", "parent": 17339478}"#,
            #"{"id": -3, "parent": "hxv9iee"}"#, #"{"id": 9223372036854775807}"#,
        ])
        let tree = corpus.tree
        #expect(tree.index(of: .integer(17_339_478)) != nil)
        #expect(tree.index(of: .string("hxv9iee")) != nil)
        #expect(tree.index(of: .integer(-3)) != nil)
        #expect(tree.index(of: .integer(.max)) != nil)
        #expect(tree.index(of: .string("17339478")) == nil)
        #expect(Self.rows(tree) == ["0 17339478", "1 hxv9iee", "2 -3", "0 9223372036854775807"])
    }

    @Test func integerFiveAndStringFiveAreDifferentNodes() throws {
        let corpus = try Self.parse([#"{"id": 5}"#, #"{"id": "5"}"#, #"{"id": 6, "parent": "5"}"#, #"{"id": 7, "parent": 5}"#])
        let tree = corpus.tree
        let integer = try #require(tree.index(of: .integer(5)))
        let string = try #require(tree.index(of: .string("5")))
        #expect(integer != string)
        #expect(tree.nodeCount == 4)
        #expect(try Self.children(of: .integer(5), in: tree) == [.integer(7)])
        #expect(try Self.children(of: .string("5"), in: tree) == [.integer(6)])
    }

    @Test func childrenBeforeTheirParentsKeepLineOrderAmongSiblings() throws {
        let corpus = try Self.parse([
            #"{"id": "c1", "parent": "p"}"#,
            #"{"id": "g", "parent": "c2"}"#,
            #"{"id": "c2", "parent": "p"}"#,
            #"{"id": "t1"}"#,
            #"{"id": "p", "parent": null}"#,
            #"{"id": "c3", "parent": "p"}"#,
        ])
        let tree = corpus.tree
        #expect(try Self.children(of: nil, in: tree) == ["t1", "p"])
        #expect(try Self.children(of: "p", in: tree) == ["c1", "c2", "c3"])
        #expect(try Self.children(of: "c2", in: tree) == ["g"])
        #expect(Self.rows(tree) == ["0 t1", "0 p", "1 c1", "1 c2", "2 g", "1 c3"])
        let grandchild = try #require(tree.index(of: "g"))
        #expect(tree.depth(of: grandchild) == 2)
        #expect(tree.id(of: tree.parent(of: grandchild)) == "c2")
    }

    @Test func missingOrNullParentMeansTopLevel() throws {
        let corpus = try Self.parse([#"{"id": 1}"#, #"{"id": 2, "parent": null}"#, #"{"id": 3, "parent": 1}"#])
        let tree = corpus.tree
        #expect(try Self.children(of: nil, in: tree) == [1, 2])
        for id: NodeID in [1, 2] {
            let node = try #require(tree.index(of: id))
            #expect(tree.parent(of: node) == Tree.root)
            #expect(tree.depth(of: node) == 0)
        }
    }

    @Test func timeAndScoreArePresentNullOrAbsent() throws {
        let corpus = try Self.parse([
            #"{"id": 1, "time": 1529339082, "score": -3}"#,
            #"{"id": 2, "time": null, "score": null}"#,
            #"{"id": 3}"#,
            #"{"id": 4, "time": 0, "score": 0}"#,
            #"{"id": 5, "score": 120}"#,
        ])
        let tree = corpus.tree
        func fields(_ id: NodeID) throws -> [Int64?] {
            let node = try #require(tree.index(of: id))
            return [tree.time(of: node), tree.score(of: node)]
        }
        #expect(try fields(1) == [1_529_339_082, -3])
        #expect(try fields(2) == [nil, nil])
        #expect(try fields(3) == [nil, nil])
        #expect(try fields(4) == [0, 0])
        #expect(try fields(5) == [nil, 120])
    }

    @Test func extremeValuesAreKeptExactly() throws {
        let corpus = try Self.parse([#"{"id": 1, "time": -9223372036854775807, "score": 9223372036854775807}"#])
        let node = try #require(corpus.tree.index(of: 1))
        #expect(corpus.tree.score(of: node) == .max)
        #expect(corpus.tree.time(of: node) == .min + 1)
    }

    @Test("Int64.min is rejected: it stands for an absent field")
    func smallestIntegerIsRejected() {
        #expect(throws: CorpusError.self) { try Self.parse([#"{"id": 1, "time": -9223372036854775808}"#]) }
        #expect(throws: CorpusError.self) { try Self.parse([#"{"id": 1, "score": -9223372036854775808}"#]) }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let corpus = try JSONLinesReader.parse([0xEF, 0xBB, 0xBF] + Array(#"{"id": 1, "parent": null}"#.utf8), file: "bom.jsonl")
        #expect(corpus.tree.nodeCount == 1)
    }

    @Test func unknownMembersAreIgnored() throws {
        // Nested ones too; a line whose members are a thread service's ("kids") is a document,
        // which ThreadFormatTests shows refused.
        let corpus = try Self.parse([#"{"id": 1, "text": "hi", "tags": [2], "deleted": true}"#])
        #expect(corpus.tree.nodeCount == 1)
    }

    @Test func blankLinesAreSkipped() throws {
        let corpus = try Self.parse(["", #"{"id": 1}"#, "   ", "\t", "", #"{"id": 2, "parent": 1}"#, "", ""])
        #expect(Self.rows(corpus.tree) == ["0 1", "1 2"])
    }

    @Test func carriageReturnLineEndings() throws {
        let bytes = Array("{\"source\": \"x\"}\r\n{\"id\": 1}\r\n\r\n{\"id\": 2, \"parent\": 1}\r\n".utf8)
        let corpus = try JSONLinesReader.parse(bytes, file: "crlf.jsonl")
        #expect(corpus.header != nil)
        #expect(Self.rows(corpus.tree) == ["0 1", "1 2"])
    }

    @Test func lastLineWithoutLineFeed() throws {
        let corpus = try JSONLinesReader.parse(Array("{\"id\": 1}\n{\"id\": 2}".utf8), file: "x.jsonl")
        #expect(corpus.tree.nodeCount == 2)
    }
}
