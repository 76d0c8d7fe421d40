import Testing
@testable import TreeRowsCorpora
import TreeRows
import TreeRowsTestSupport

/// The `.trows` format: every tree comes back exactly, and every kind of damage is an
/// error with its byte offset.
@Suite struct TreeFileTests {
    /// The tree's full content, for comparing two trees: rows of every node in preorder
    /// with id, depth, parent id, time, score and expanded flag.
    static func content(_ tree: Tree) -> [String] {
        var lines: [String] = []
        tree.forEachInSubtree(of: Tree.root) { node in
            let parent = tree.parent(of: node)
            lines.append([
                "\(tree.id(of: node))", "\(tree.depth(of: node))", parent == Tree.root ? "-" : "\(tree.id(of: parent))",
                tree.time(of: node).map(String.init) ?? "nil", tree.score(of: node).map(String.init) ?? "nil",
                tree.isExpanded(node) ? "+" : "-",
            ].joined(separator: " "))
        }
        return lines
    }

    static func roundTrip(_ tree: Tree, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try TreeFile.encode(tree, metadata: .object([("source", .string("test"))]))
        let decoded = try TreeFile.decode(bytes, file: "t.trows")
        #expect(content(decoded.tree) == content(tree), sourceLocation: sourceLocation)
        #expect(decoded.header?["source"] == .string("test"), sourceLocation: sourceLocation)
        try decoded.tree.checkInvariants()
        // Encoding is deterministic.
        #expect(try TreeFile.encode(decoded.tree, metadata: .object([("source", .string("test"))])) == bytes,
                sourceLocation: sourceLocation)
    }

    /// Times at the edges of Int64 round-trip, but for the one difference the format cannot
    /// hold (exactly 2^63 from the time a node's is stored against), which is an error
    /// naming the node, not an overflow trap.
    @Test(arguments: [(Int64.max, -1), (-1, Int64.max), (Int64.max - 1, Int64.max), (Int64.min + 1, Int64.max), (0, Int64.min + 1)] as [(Int64, Int64)])
    func timesAtTheEdgesRoundTripOrAreRefused(_ parentTime: Int64, _ childTime: Int64) throws {
        var tree = Tree()
        let parent = try tree.append(.integer(0), under: Tree.root, time: parentTime)
        try tree.append(.integer(1), under: parent, time: childTime)
        if childTime &- parentTime == Int64.min {
            #expect(throws: CorpusError.self) { try TreeFile.encode(tree, metadata: .object([])) }
            do { _ = try TreeFile.encode(tree, metadata: .object([])) } catch {
                #expect(error.problem.contains("the time \(childTime) of node 1 is 2^63 away"), "\(error)")
            }
        } else {
            let decoded = try TreeFile.decode(try TreeFile.encode(tree, metadata: .object([])), file: "edges.trows")
            #expect(decoded.tree.nodes.map { decoded.tree.time(of: $0) } == [parentTime, childTime])
        }
    }

    @Test func stringIDsAndCollapsedNodes() throws {
        try Self.roundTrip(TreeNotation.tree("a(b-(c),d),é(f🙂),g-"))
    }

    @Test func implicitIntegerAndMixedIDs() throws {
        var implicit = Tree()
        let zero = try implicit.append(0, under: Tree.root, time: 1_600_000_000, score: -5)
        try implicit.append(1, under: zero, time: 1_600_000_100, score: 7)
        try implicit.append(2, under: Tree.root)
        try Self.roundTrip(implicit)
        var integers = Tree()
        let big = try integers.append(.integer(.max), under: Tree.root, time: .min + 1)
        try integers.append(.integer(-3), under: big, score: .max)
        try Self.roundTrip(integers)
        var mixed = Tree()
        let named = try mixed.append("x", under: Tree.root)
        try mixed.append(42, under: named)
        try Self.roundTrip(mixed)
        try Self.roundTrip(Tree())
    }

    @Test("Sibling order survives inserts at the front and removals")
    func editedTrees() throws {
        var tree = TreeShapes.random(300, seed: 5)
        var random = SplitMix64(seed: 17)
        for step in 0..<200 {
            let nodes = tree.nodes
            if random.chance(1, in: 3) && !nodes.isEmpty {
                tree.removeSubtree(nodes[random.below(nodes.count)])
            } else {
                let parent = nodes.isEmpty || random.chance(1, in: 5) ? Tree.root : nodes[random.below(nodes.count)]
                try tree.insert(.string("new\(step)"), under: parent, at: 0, time: Int64(step), score: nil)
            }
        }
        try Self.roundTrip(tree)
    }

    @Test func recordedFilesMatchTheirJSONLinesSources() throws {
        #expect(RecordedCorpora.fileNames.count == 6)
        for file in RecordedCorpora.fileNames {
            let name = String(file.dropLast(6))
            let source = try CorpusReader.read(contentsOf: RecordedCorpora.path(of: file))
            let converted = try CorpusReader.read(contentsOf: RecordedCorpora.path(of: "\(name).trows"))
            #expect(Self.content(converted.tree) == Self.content(source.tree), "\(name)")
            #expect(converted.header?["source"] == source.header?["source"], "\(name): provenance kept")
        }
    }

    static let sample = try! TreeFile.encode(TreeNotation.tree("a(b(c),d),e"), metadata: .object([]))

    /// Replaces the last four bytes with a valid checksum, so damage further in is reached.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var body = Array(bytes.dropLast(4))
        var writer = ByteWriter()
        writer.uint32(Checksum.crc32(body[...]))
        body += writer.bytes
        return body
    }

    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var offset: Int
        var problem: String
        var testDescription: String { name }
    }

    static let damaged: [Damage] = {
        var wrongMagic = sample
        wrongMagic[1] = UInt8(ascii: "X")
        var wrongVersion = sample
        wrongVersion[8] = 9
        var flipped = sample
        flipped[sample.count - 6] ^= 0x40
        var trailing = Array(sample.dropLast(4)) + [0, 0, 0, 0, 0]
        trailing = resealed(trailing)
        let truncated = resealed(Array(sample.dropLast(6)) + [0, 0, 0, 0])
        // Node 0 claiming a parent one node back: before the first node.
        var badParent = sample
        let firstNode = 10 + 1 + 1 + 2  // magic+version+flags, count, metadata length, "{}"
        badParent[firstNode] = 1
        return [
            Damage(name: "wrong magic number", bytes: wrongMagic, offset: 0, problem: "wrong magic number"),
            Damage(name: "unsupported version", bytes: wrongVersion, offset: 8, problem: "unsupported format version 9"),
            Damage(name: "flipped byte", bytes: flipped, offset: sample.count - 4, problem: "checksum mismatch"),
            Damage(name: "bytes after the last node", bytes: trailing, offset: sample.count - 4, problem: "unexpected bytes"),
            Damage(name: "truncated node data", bytes: truncated, offset: 0, problem: "truncated"),
            Damage(name: "parent before the first node", bytes: resealed(badParent), offset: firstNode, problem: "before the first node"),
            Damage(name: "too short for a header", bytes: Array(sample.prefix(12)), offset: 12, problem: "truncated"),
        ]
    }()

    /// A sealed `.trows` file of `count` (varint bytes) nodes with the given flags, metadata
    /// and node bytes (from byte 12 + the metadata's length on, for a one-byte count).
    static func handMade(flags: UInt8, count: [UInt8] = [1], metadata: String = "{}", nodes: [UInt8]) -> [UInt8] {
        resealed(TreeFile.magic + [TreeFile.version, flags] + count + [UInt8(metadata.utf8.count)] + Array(metadata.utf8) + nodes + [0, 0, 0, 0])
    }

    /// A ten-byte varint whose value needs more than 64 bits: 2^64 + `low` (tenth byte 2),
    /// or 2^65 + `low`.
    static func pastSixtyFourBits(_ low: UInt8, tenth: UInt8 = 2) -> [UInt8] { [low | 0x80] + Array(repeating: 0x80, count: 8) + [tenth] }

    /// Values a damaged or hostile file may hold that a reader must refuse rather than
    /// take in part: varints past 64 bits in every field, bitmap bits past the nodes,
    /// metadata that is no object.
    static let refusedValues: [Damage] = {
        let integerIDs: UInt8 = 1 << 4, times: UInt8 = 1, scores: UInt8 = 2, collapsed: UInt8 = 4, stringIDs: UInt8 = 2 << 4
        return [
            Damage(name: "node count 2^64 + 1", bytes: handMade(flags: 0, count: pastSixtyFourBits(1), nodes: [0]), offset: 10,
                   problem: "node count is a varint past 64 bits"),
            Damage(name: "node count of eleven bytes", bytes: handMade(flags: 0, count: Array(repeating: 0x81, count: 10) + [0], nodes: [0]),
                   offset: 10, problem: "node count is a varint past 64 bits"),
            Damage(name: "parent past 64 bits", bytes: handMade(flags: 0, nodes: pastSixtyFourBits(0)), offset: 14,
                   problem: "parent of node 0 is a varint past 64 bits"),
            Damage(name: "id delta 2^65 + zigzag(7)", bytes: handMade(flags: integerIDs, nodes: [0] + pastSixtyFourBits(14, tenth: 4)), offset: 14,
                   problem: "id at node 0 is a varint past 64 bits"),
            Damage(name: "string id length past 64 bits", bytes: handMade(flags: stringIDs, nodes: [0] + pastSixtyFourBits(1)), offset: 15,
                   problem: "id length at node 0 is a varint past 64 bits"),
            Damage(name: "time past 64 bits", bytes: handMade(flags: times, nodes: [0] + pastSixtyFourBits(3)), offset: 14,
                   problem: "time at node 0 is a varint past 64 bits"),
            Damage(name: "score past 64 bits", bytes: handMade(flags: scores, nodes: [0] + pastSixtyFourBits(3)), offset: 14,
                   problem: "score at node 0 is a varint past 64 bits"),
            Damage(name: "bitmap bit past the nodes", bytes: handMade(flags: collapsed, nodes: [0, 0b11]), offset: 15,
                   problem: "bitmap sets bits past the last of the 1 nodes"),
            Damage(name: "bitmap high bit past 3 nodes", bytes: handMade(flags: collapsed, count: [3], nodes: [0, 0, 0, 0b1000_0000]), offset: 17,
                   problem: "bitmap sets bits past the last of the 3 nodes"),
        ] + [("[1,2]", "an array"), ("null", "null"), ("\"x\"", "a string"), ("1e400", "a number"), ("true", "a boolean")].map { text, kind in
            Damage(name: "metadata \(text)", bytes: handMade(flags: 0, metadata: text, nodes: [0]), offset: 11,
                   problem: "the metadata is \(kind), where a .trows file keeps a JSON object")
        }
    }()

    @Test(arguments: refusedValues)
    func valuesPastTheFormatAreRefused(_ damage: Damage) {
        damageIsReportedWithItsOffset(damage)
    }

    @Test func sixtyFourBitExtremesStillRoundTrip() throws {
        // The largest varint, 2^64 - 1, is ten bytes with a tenth byte of 1: still accepted.
        var reader = ByteReader([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(reader.varint() == UInt64.max)
        try Self.roundTrip(TreeNotation.tree("a(b),c"))
    }

    @Test(arguments: damaged)
    func damageIsReportedWithItsOffset(_ damage: Damage) {
        do {
            let corpus = try CorpusReader.parse(damage.bytes, file: "bad.trows")
            Issue.record("accepted \(corpus.tree.nodeCount) nodes")
        } catch {
            #expect(error.problem.contains(damage.problem), "\(error)")
            if damage.name != "truncated node data" { #expect(error.byteOffset == damage.offset, "\(error)") }
            #expect(error.description.hasPrefix("bad.trows: byte "), "\(error)")
            #expect(error.description.contains("Fix: "), "\(error)")
        }
    }

    @Test("A 1,000,000-deep chain round-trips")
    func millionDeepChain() throws {
        let tree = TreeGenerator.generate(SyntheticSpec(shape: .chain, nodes: 1_000_000, seed: 1, fields: false))
        let decoded = try TreeFile.decode(try TreeFile.encode(tree, metadata: .object([])), file: "chain.trows")
        #expect(decoded.tree.nodeCount == 1_000_000)
        #expect(decoded.tree.depth(of: decoded.tree.index(of: 999_999)!) == 999_999)
    }
}
