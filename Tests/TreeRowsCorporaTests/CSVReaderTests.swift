import Foundation
import Testing
@testable import TreeRows
@testable import TreeRowsCorpora

@Suite struct CSVReaderTests {
    static func parse(_ text: String) throws(CorpusError) -> Corpus {
        try CorpusReader.parse(Array(text.utf8), file: "t.csv")
    }

    @Test func forestLayoutWithComment() throws {
        let corpus = try Self.parse("# recorded threads\nnode,parent,time,score\n0,-1,100,5\n1,0,160,2\n2,0,130,\n3,-1,200,-1\n")
        #expect(corpus.header?["comment"] == .string("recorded threads"))
        let tree = corpus.tree
        #expect(tree.implicitIDCount == 4, "ids 0..<n in order take the fast path")
        #expect(tree.children(of: Tree.root).map(tree.id(of:)) == [0, 3])
        #expect(tree.children(of: tree.index(of: 0)!).map(tree.id(of:)) == [1, 2])
        #expect(tree.time(of: tree.index(of: 2)!) == 130 && tree.score(of: tree.index(of: 2)!) == nil)
        #expect(tree.score(of: tree.index(of: 3)!) == -1)
    }

    @Test func anyOrderColumnsCRLFAndEmptyParent() throws {
        let corpus = try Self.parse("score,parent,node\r\n1,7,9\r\n2,,7\r\n3,7,8\r\n")
        let tree = corpus.tree
        #expect(tree.children(of: Tree.root).map(tree.id(of:)) == [7])
        #expect(tree.children(of: tree.index(of: 7)!).map(tree.id(of:)) == [9, 8])
        #expect(!tree.hasTimes && tree.hasScores)
    }

    @Test func gzipCompressedCSV() throws {
        let plain = "node,parent,time,score\n0,-1,1,1\n1,0,2,2\n"
        let corpus = try CorpusReader.parse(try Self.gzip(Array(plain.utf8)), file: "t.csv.gz")
        #expect(corpus.tree.nodeCount == 2)
        // Two concatenated gzip members are one stream.
        let twice = try CorpusReader.parse(try Self.gzip(Array("node,parent\n0,-1\n".utf8)) + Self.gzip(Array("1,0\n".utf8)), file: "t.gz")
        #expect(twice.tree.nodeCount == 2)
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int?
        var problem: String
        var testDescription: String { name }
    }

    static let bad: [Bad] = [
        Bad(name: "no node column", text: "id,parent\n1,-1\n", line: 1, problem: "must name the columns node and parent"),
        Bad(name: "wrong field count", text: "node,parent,time\n0,-1\n", line: 2, problem: "2 fields, but the header has 3"),
        Bad(name: "non-numeric parent", text: "node,parent\n0,-1\n1,x\n", line: 3, problem: "parent \"x\" is not a 64-bit integer"),
        Bad(name: "non-numeric time", text: "node,parent,time\n0,-1,1.5\n", line: 2, problem: "time \"1.5\" is not"),
        Bad(name: "integer overflow", text: "node,parent\n99999999999999999999,-1\n", line: 2, problem: "not a 64-bit integer"),
        Bad(name: "empty node", text: "node,parent\n,-1\n", line: 2, problem: "empty node id"),
        Bad(name: "quoted field", text: "node,parent\n\"0\",-1\n", line: 2, problem: "quoted fields"),
        Bad(name: "duplicate id", text: "node,parent\n0,-1\n0,-1\n", line: 3, problem: "duplicate id 0 (first defined on line 2)"),
        Bad(name: "unknown parent", text: "node,parent\n0,-1\n1,5\n", line: 3, problem: "parent 5 of node 1"),
        Bad(name: "cycle", text: "node,parent\n0,-1\n1,2\n2,1\n", line: 3, problem: "parent cycle: 1 -> 2 -> 1"),
        Bad(name: "header only", text: "node,parent,time,score\n", line: nil, problem: "header but no rows"),
        Bad(name: "comment only", text: "# nothing here\n", line: nil, problem: "empty file"),
    ]

    @Test(arguments: bad)
    func rejects(_ example: Bad) {
        do {
            let corpus = try Self.parse(example.text)
            Issue.record("accepted \(corpus.tree.nodeCount) nodes")
        } catch {
            #expect(error.problem.contains(example.problem), "\(error)")
            #expect(error.line == example.line, "\(error)")
            #expect(error.description.contains("Fix: "))
        }
    }

    @Test func truncatedAndCorruptGzip() throws {
        let compressed = try Self.gzip(Array(String(repeating: "node,parent\n0,-1\n", count: 1).utf8) + Array((1..<5000).map { "\($0),\($0 - 1)\n" }.joined().utf8))
        #expect(try CorpusReader.parse(compressed, file: "ok.gz").tree.nodeCount == 5000)
        do {
            _ = try CorpusReader.parse(Array(compressed.prefix(compressed.count / 2)), file: "cut.gz")
            Issue.record("accepted a truncated stream")
        } catch {
            #expect(error.problem.contains("truncated gzip stream"), "\(error)")
            #expect(error.byteOffset != nil)
        }
        var corrupt = compressed
        for index in 20..<40 { corrupt[index] ^= 0xA5 }
        do {
            _ = try CorpusReader.parse(corrupt, file: "bad.gz")
            Issue.record("accepted a corrupt stream")
        } catch {
            #expect(error.problem.contains("gzip"), "\(error)")
            #expect(error.description.hasPrefix("bad.gz: byte "), "\(error)")
        }
    }

    @Test("A 1,000,000-node parent cycle is named in one short line")
    func longCycleIsElided() {
        let count = 1_000_000
        let text = "node,parent\n0,-1\n" + (1...count).map { "\($0),\($0 == count ? 1 : $0 + 1)\n" }.joined()
        do {
            let corpus = try Self.parse(text)
            Issue.record("accepted \(corpus.tree.nodeCount) nodes")
        } catch {
            #expect(error.problem == "parent cycle: 1 -> 2 -> 3 -> 4 -> 5 -> 6 -> … 999989 more … -> 999996 -> 999997 -> 999998 -> 999999"
                        + " -> 1000000 -> 1 (1000000 nodes)", "\(error.problem.prefix(300))")
            #expect(error.description.count < 300)
        }
    }

    @Test("A 1,000,000-deep chain in CSV loads")
    func millionDeepChain() throws {
        var text = "node,parent\n0,-1\n"
        text.reserveCapacity(16_000_000)
        for index in 1..<1_000_000 { text += "\(index),\(index - 1)\n" }
        let tree = try Self.parse(text).tree
        #expect(tree.nodeCount == 1_000_000 && tree.depth(of: tree.index(of: 999_999)!) == 999_999)
    }

    /// Compresses with the system's `gzip`, as a user's export would be.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-c", "-n", input.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return [UInt8](output)
    }
}
