import Testing
import TreeRows
import TreeRowsCorpora

/// Reply chains hundreds of thousands deep: reading them must not recurse.
@Suite("Deep chain")
struct DeepChainTests {
    /// Lines `{"id":i,"parent":i-1}` for `i` in `order`, after a header; node 0 is top-level.
    static func chain(_ order: some Collection<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(order.count * 32)
        bytes.append(contentsOf: #"{"source":"generated chain"}"#.utf8)
        bytes.append(0x0A)
        for id in order {
            bytes.append(contentsOf: #"{"id":"#.utf8)
            bytes.append(contentsOf: String(id).utf8)
            bytes.append(contentsOf: #","parent":"#.utf8)
            bytes.append(contentsOf: (id == 0 ? "null" : String(id - 1)).utf8)
            bytes.append(contentsOf: "}\n".utf8)
        }
        return bytes
    }

    /// Checks that `corpus` is the chain 0 -> 1 -> … -> `length` − 1.
    static func expectChain(_ corpus: Corpus, length: Int) throws {
        let tree = corpus.tree
        #expect(tree.nodeCount == length)
        let top = try #require(tree.index(of: 0))
        #expect(tree.depth(of: top) == 0)
        #expect(tree.children(of: Tree.root) == [top])
        let deepest = try #require(tree.index(of: .integer(Int64(length - 1))))
        #expect(tree.depth(of: deepest) == Int32(length - 1))
        #expect(tree.firstChild(of: deepest) == nil)
        #expect(tree.id(of: tree.parent(of: deepest)) == .integer(Int64(length - 2)))
    }

    @Test("1,000,000 deep, parents first") func millionDeep() throws {
        let length = 1_000_000
        let corpus = try JSONLinesReader.parse(Self.chain(0..<length), file: "chain.jsonl")
        try Self.expectChain(corpus, length: length)
    }

    /// Every child line before its parent's (smaller: the debug-build parser needs ~15 s per million lines).
    @Test("100,000 deep, children first") func childrenFirst() throws {
        let length = 100_000
        let corpus = try JSONLinesReader.parse(Self.chain((0..<length).reversed()), file: "reversed-chain.jsonl")
        try Self.expectChain(corpus, length: length)
    }
}
