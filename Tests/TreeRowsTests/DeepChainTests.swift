import Testing
import TreeRows
import TreeRowsTestSupport

/// A 1,000,000-node chain: nothing may recurse per level.
@Suite struct DeepChainTests {
    static let length = 1_000_000
    static let chain = TreeShapes.chain(length)

    @Test("1,000,000-deep chain: build, collapse, expand, look up", arguments: BuiltinStrategies.names)
    func millionDeepChain(strategy: String) throws {
        let tree = Self.chain
        var subject = BuiltinStrategies.named(strategy)!.init(tree: tree)
        #expect(subject.rowCount == Self.length)
        let top = tree.index(of: .integer(0))!
        let leaf = tree.index(of: .integer(Int64(Self.length - 1)))!
        let nearLeaf = tree.index(of: .integer(Int64(Self.length - 10)))!
        #expect(subject.row(at: Self.length - 1) == Row(node: leaf, depth: Int32(Self.length - 1)))
        #expect(subject.index(of: leaf) == Self.length - 1)

        #expect(subject.toggle(nearLeaf) == RowDiff(deletions: [Self.length - 9..<Self.length]))
        #expect(subject.collapse(top) == RowDiff(deletions: [1..<Self.length - 9]))
        #expect(subject.rowCount == 1)
        #expect(subject.index(of: leaf) == nil)
        let diff = subject.expand(top)
        #expect(diff == RowDiff(insertions: [1..<Self.length - 9]))
        try diff.validate(rowCountBefore: 1, rowCountAfter: subject.rowCount)
        #expect(subject.expandAll() == RowDiff(insertions: [Self.length - 9..<Self.length]))
        #expect(subject.index(of: leaf) == Self.length - 1)
        try subject.checkInvariants()
    }
}
