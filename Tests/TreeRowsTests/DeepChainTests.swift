import Testing
import TreeRows
import TreeRowsTestSupport

/// A chain deep enough that recursing once per level overflows any thread's stack: nothing
/// may. A million levels in a release build (`.ci/test` runs this suite in its release
/// stage); 300,000 with invariant checks, which run after every operation and cost
/// O(*n*) each: a debug frame is larger than 28 bytes, so 300,000 of them still pass the
/// 8 MiB of a main thread's stack, and a test thread's is smaller.
@Suite struct DeepChainTests {
    static let length = internalChecksEnabled ? 300_000 : 1_000_000
    static let chain = TreeShapes.chain(length)

    @Test("A chain of 300,000 (checked) or 1,000,000 nodes: build, collapse, expand, look up", arguments: BuiltinStrategies.names)
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
