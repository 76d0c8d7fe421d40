import Foundation
import Testing
import TreeRows
import TreeRowsCorpora

/// Every file in `Corpora/recorded/`: it reads, and the tree holds exactly its lines.
@Suite("Recorded corpora")
struct RecordedCorpusTests {
    @Test func folderHoldsTheRecordedFiles() {
        #expect(RecordedCorpora.fileNames.count >= 6, "\(RecordedCorpora.folder.path): \(RecordedCorpora.fileNames)")
        #expect(RecordedCorpora.fileNames.contains("hn-17338700.jsonl"))
    }

    @Test(arguments: RecordedCorpora.fileNames)
    func readsAndCountsEveryLine(_ name: String) throws {
        let path = RecordedCorpora.path(of: name)
        let corpus = try CorpusReader.read(contentsOf: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        #expect(corpus.tree.nodeCount == lines.count - 1)
        let header = try #require(corpus.header, "\(name) has no header line")
        #expect(header["nodes"]?.integer == Int64(corpus.tree.nodeCount))
        #expect(corpus.file == path)
        try corpus.tree.checkInvariants()
    }

    /// Parent links and sibling order checked against Foundation's own JSON parser.
    @Test(arguments: RecordedCorpora.fileNames)
    func matchesFoundationsReading(_ name: String) throws {
        let path = RecordedCorpora.path(of: name)
        let tree = try CorpusReader.read(contentsOf: path).tree
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var childrenInLineOrder: [NodeID?: [NodeID]] = [:]
        var parents: [NodeID: NodeID?] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let id = try #require(Self.nodeID(object["id"]), "line \(line)")
            let parent = Self.nodeID(object["parent"])
            parents[id] = parent
            childrenInLineOrder[parent, default: []].append(id)
        }
        #expect(parents.count == tree.nodeCount)
        for (id, parent) in parents {
            let node = try #require(tree.index(of: id), "\(id) missing")
            let expectedParent = try parent.map { try #require(tree.index(of: $0)) } ?? Tree.root
            #expect(tree.parent(of: node) == expectedParent, "parent of \(id)")
        }
        for (parent, children) in childrenInLineOrder {
            let node = try parent.map { try #require(tree.index(of: $0)) } ?? Tree.root
            #expect(tree.children(of: node).map(tree.id(of:)) == children, "children of \(String(describing: parent))")
        }
    }

    /// An id as Foundation reads it: a string, or an integral number.
    static func nodeID(_ value: Any?) -> NodeID? {
        if let text = value as? String { return .string(text) }
        if let number = value as? NSNumber { return .integer(number.int64Value) }
        return nil
    }
}
