import Testing
import TreeRows
@testable import TreeRowsCorpora

@Suite struct TreeGeneratorTests {
    static let shapes: [SyntheticShape] = [.balanced(fanout: 3), .chain, .wide, .random, .reddit, .hn, .caterpillar(leaves: 2)]

    @Test("Same spec, same bytes; another seed, other bytes", arguments: shapes)
    func deterministic(shape: SyntheticShape) throws {
        let spec = SyntheticSpec(shape: shape, nodes: 3000, seed: 9, expansion: .randomlyCollapsed(percent: 25))
        let first = try TreeFile.encode(TreeGenerator.generate(spec), metadata: .object([]))
        #expect(try TreeFile.encode(TreeGenerator.generate(spec), metadata: .object([])) == first)
        var other = spec
        other.seed = 10
        if shape != .chain && shape != .wide && shape != .balanced(fanout: 3) && shape != .caterpillar(leaves: 2) {
            #expect(try TreeFile.encode(TreeGenerator.generate(other), metadata: .object([])) != first)
        }
    }

    @Test(arguments: shapes)
    func exactSizeAndConsistentTree(shape: SyntheticShape) throws {
        for nodes in [1, 2, 7, 1000] {
            let tree = TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: nodes, seed: 3))
            #expect(tree.nodeCount == nodes, "\(shape.name) \(nodes)")
            try tree.checkInvariants()
        }
    }

    @Test func shapesHaveTheirStructure() {
        func stats(_ shape: SyntheticShape, _ nodes: Int) -> CorpusStatistics {
            CorpusStatistics(TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: nodes, seed: 1)))
        }
        #expect(stats(.chain, 500).maxDepth == 499)
        #expect(stats(.wide, 500).topLevel == 500 && stats(.wide, 500).maxDepth == 0)
        let balanced = stats(.balanced(fanout: 3), 1 + 3 + 9 + 27)
        #expect(balanced.depthHistogram == [1, 3, 9, 27] && balanced.maxFanout == 3)
        let caterpillar = stats(.caterpillar(leaves: 2), 300)
        #expect(caterpillar.maxDepth == 100 && caterpillar.leaves == 200 + 1 - 1)
        #expect(stats(.random, 1000).topLevel == 1)
        let reddit = stats(.reddit, 20_000)
        #expect(reddit.topLevel > 1000 && reddit.maxDepth >= 10 && reddit.meanDepth < 4)
    }

    @Test func expansionPatterns() {
        func tree(_ pattern: ExpansionPattern) -> Tree {
            TreeGenerator.generate(SyntheticSpec(shape: .balanced(fanout: 2), nodes: 31, seed: 1, expansion: pattern))
        }
        #expect(CorpusStatistics(tree(.expanded)).collapsed == 0)
        #expect(CorpusStatistics(tree(.collapsed)).collapsed == 31)
        // Depths 0...4; collapsed below depth 2: the 4 + 8 + 16 nodes at depths 2, 3, 4.
        #expect(CorpusStatistics(tree(.collapsedBelow(depth: 2))).collapsed == 28)
        #expect(RangeCountsStrategy(tree: tree(.collapsedBelow(depth: 2))).rowCount == 7)
        let random = CorpusStatistics(TreeGenerator.generate(
            SyntheticSpec(shape: .wide, nodes: 10_000, seed: 1, expansion: .randomlyCollapsed(percent: 30)))).collapsed
        #expect((2_700...3_300).contains(random))
    }

    @Test func fieldsAreOptional() {
        let withFields = TreeGenerator.generate(SyntheticSpec(shape: .reddit, nodes: 100, seed: 1))
        #expect(withFields.hasTimes && withFields.hasScores)
        let hackerNews = TreeGenerator.generate(SyntheticSpec(shape: .hn, nodes: 100, seed: 1))
        #expect(hackerNews.hasTimes && !hackerNews.hasScores)
        let bare = TreeGenerator.generate(SyntheticSpec(shape: .reddit, nodes: 100, seed: 1, fields: false))
        #expect(!bare.hasTimes && !bare.hasScores)
        // A reply comes after its parent.
        for node in withFields.nodes where withFields.parent(of: node) != Tree.root {
            #expect(withFields.time(of: node)! > withFields.time(of: withFields.parent(of: node))!)
        }
    }

    @Test func parsingNamesAndSpecs() throws {
        #expect(SyntheticShape(parsing: "balanced:8") == .balanced(fanout: 8))
        #expect(SyntheticShape(parsing: "caterpillar") == .caterpillar(leaves: 3))
        for bad in ["", "tree", "chain:3", "balanced:0", "balanced:x", "reddit:"] { #expect(SyntheticShape(parsing: bad) == nil, "\(bad)") }
        #expect(ExpansionPattern(parsing: "collapsed-below:3") == .collapsedBelow(depth: 3))
        for bad in ["random:101", "random", "collapsed-below", "collapsed-below:", "expanded:", "open"] { #expect(ExpansionPattern(parsing: bad) == nil, "\(bad)") }
        let (spec, description) = try SyntheticSpec.parse(
            Array(#"{"shape": "hn", "nodes": 50, "seed": 7, "expansion": "collapsed", "fields": false}"#.utf8), file: "s.json")
        #expect(spec == SyntheticSpec(shape: .hn, nodes: 50, seed: 7, expansion: .collapsed, fields: false))
        #expect(description.contains("hn"))
        #expect(throws: CorpusError.self) { try SyntheticSpec.parse(Array(#"{"shape": "hn", "nodes": 0, "seed": 1}"#.utf8), file: "s.json") }
        #expect(throws: CorpusError.self) { try SyntheticSpec.parse(Array(#"{"shape": "oak", "nodes": 5, "seed": 1}"#.utf8), file: "s.json") }
    }
}
