import Testing
@testable import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

@Suite struct TreeTests {
    @Test func linksAndFields() throws {
        var tree = Tree()
        let a = try tree.append("a", under: Tree.root, time: 100, score: 5)
        let b = try tree.append(7, under: a, isExpanded: false)
        let c = try tree.insert("c", under: a, at: 0)
        #expect(tree.children(of: a) == [c, b])
        #expect(tree.parent(of: b) == a && tree.parent(of: a) == Tree.root)
        #expect(tree.depth(of: a) == 0 && tree.depth(of: b) == 1)
        #expect(tree.time(of: a) == 100 && tree.score(of: a) == 5 && tree.time(of: b) == nil)
        #expect(!tree.isExpanded(b) && tree.isExpanded(c))
        #expect(tree.id(of: b) == .integer(7) && tree.index(of: .string("7")) == nil)
        #expect(tree.nodeCount == 3 && tree.slotCount == 4)
        try tree.checkInvariants()
    }

    @Test("Ids 0..<n in slot order are stored implicitly and behave like any other")
    func implicitIDs() throws {
        var tree = Tree()
        let zero = try tree.append(0, under: Tree.root)
        let one = try tree.append(1, under: zero, time: 5)
        let two = try tree.append(2, under: zero)
        let named = try tree.append("x", under: Tree.root)
        let three = try tree.append(3, under: named)  // after an explicit id: explicit too
        #expect(tree.implicitIDCount == 3)
        #expect([zero, one, two, named, three].map(tree.id(of:)) == [0, 1, 2, "x", 3])
        #expect(tree.index(of: 2) == two && tree.index(of: 3) == three && tree.index(of: 4) == nil)
        #expect(tree.index(of: -1) == nil && tree.index(of: "0") == nil)
        #expect(tree.time(of: one) == 5 && tree.time(of: two) == nil && tree.hasTimes && !tree.hasScores)
        #expect(throws: Tree.InsertionError.duplicateID(1)) { try tree.append(1, under: Tree.root) }
        tree.removeSubtree(one)
        #expect(tree.index(of: 1) == nil)
        let again = try tree.append(1, under: Tree.root)
        #expect(tree.index(of: 1) == again && tree.id(of: again) == 1)
        try tree.checkInvariants()
    }

    @Test func insertionErrors() throws {
        var tree = TreeNotation.tree("a(b)")
        let a = TreeNotation.node("a", in: tree)
        #expect(throws: Tree.InsertionError.duplicateID("b")) { try tree.append("b", under: a) }
        #expect(throws: Tree.InsertionError.positionOutOfRange(position: 2, childCount: 1)) {
            try tree.insert("x", under: a, at: 2)
        }
        #expect(throws: Tree.InsertionError.positionOutOfRange(position: -1, childCount: 1)) {
            try tree.insert("x", under: a, at: -1)
        }
        #expect(throws: Tree.InsertionError.unknownParent(NodeIndex(99))) { try tree.append("x", under: NodeIndex(99)) }
        #expect(throws: Tree.InsertionError.reservedValue) { try tree.append("x", under: a, time: .min) }
        #expect(throws: Tree.InsertionError.reservedValue) { try tree.append("x", under: a, score: .min) }
        #expect(tree.nodeCount == 2)
        try tree.checkInvariants()
    }

    @Test func removeUnlinksAndFreesIDs() throws {
        var tree = TreeNotation.tree("a(b(c),d),e")
        let b = TreeNotation.node("b", in: tree)
        #expect(tree.removeSubtree(b) == 2)
        #expect(!tree.contains(b) && tree.index(of: "c") == nil && tree.nodeCount == 3)
        #expect(tree.children(of: TreeNotation.node("a", in: tree)) == [TreeNotation.node("d", in: tree)])
        try tree.checkInvariants()
        try tree.append("c", under: Tree.root)
        try tree.checkInvariants()
    }

    @Test func traversalOrders() {
        let tree = TreeNotation.tree("a(b-(c),d),e")
        func ids(_ walk: ((NodeIndex) -> Void) -> Void) -> [String] {
            var result: [String] = []
            walk { result.append(tree.id(of: $0).description) }
            return result
        }
        #expect(ids { tree.forEachInSubtree(of: Tree.root, $0) } == ["a", "b", "c", "d", "e"])
        #expect(ids { tree.forEachInSubtree(of: TreeNotation.node("b", in: tree), $0) } == ["b", "c"])
        #expect(ids { body in tree.forEachInSubtreePostorder(of: Tree.root) { if $0 != Tree.root { body($0) } } }
            == ["c", "b", "d", "a", "e"])
        #expect(ids { tree.forEachVisibleDescendant(of: Tree.root, $0) } == ["a", "b", "d", "e"])
        #expect(ids { tree.forEachVisibleDescendant(of: TreeNotation.node("b", in: tree), $0) } == ["c"])
    }

    @Test("Invariant check catches corrupted storage")
    func invariantsCatchCorruption() {
        var tree = TreeNotation.tree("a(b(c),d),e")
        tree.depths[TreeNotation.node("c", in: tree).slot] = 5
        #expect(throws: InvariantViolation.self) { try tree.checkInvariants() }
        tree = TreeNotation.tree("a(b(c),d),e")
        tree.nextSiblings[TreeNotation.node("b", in: tree).slot] = -1
        #expect(throws: InvariantViolation.self) { try tree.checkInvariants() }
    }

    @Test("Random inserts and removals keep the links consistent")
    func randomMutationsKeepInvariants() {
        var tree = TreeShapes.random(50, seed: 3)
        var random = SplitMix64(seed: 9)
        for step in 0..<200 {
            let live = tree.nodes
            if live.isEmpty || random.chance(1, in: 2) {
                let parent = live.isEmpty || random.chance(1, in: 5) ? Tree.root : live[random.below(live.count)]
                try! tree.insert(.string("n\(step)"), under: parent, at: random.below(tree.childCount(of: parent) + 1))
            } else {
                tree.removeSubtree(live[random.below(live.count)])
            }
            #expect(throws: Never.self, "step \(step)") { try tree.checkInvariants() }
            if step % 10 == 0 { tree.sortSiblings(by: SiblingOrder(.replies, descending: step % 20 == 0)) }
            // Every derived link agrees with the sibling lists walked forward.
            for parent in [Tree.root] + tree.nodes {
                let children = tree.children(of: parent)
                #expect(tree.lastChild(of: parent) == children.last, "step \(step)")
                for (index, child) in children.enumerated() {
                    #expect(tree.previousSibling(of: child) == (index == 0 ? nil : children[index - 1]), "step \(step)")
                }
            }
        }
    }

    @Test("Times and scores keep every 64-bit value, near the first one stored or far from it")
    func valueColumnsKeepFarValues() throws {
        let values: [Int64?] = [nil, 1_700_000_000, nil, .max, .min + 1, 1_700_000_000 + Int64(Int32.max),
                                1_700_000_000 - Int64(Int32.max) - 2, 0, -1, nil, 1_700_000_001]
        var tree = Tree(reservingCapacity: 4)
        var nodes: [NodeIndex] = []
        for (index, value) in values.enumerated() {
            nodes.append(try tree.append(.integer(Int64(index)), under: Tree.root, time: value, score: value.map { -$0 }))
        }
        #expect(nodes.map(tree.time(of:)) == values)
        #expect(nodes.map(tree.score(of:)) == values.map { $0.map { -$0 } })
        tree.sortSiblings(by: SiblingOrder(.time))
        let sorted = values.enumerated().sorted { ($0.element ?? .min, $0.offset) < ($1.element ?? .min, $1.offset) }
        #expect(tree.children(of: Tree.root) == sorted.map { nodes[$0.offset] })
        try tree.checkInvariants()
    }

    @Test("Close times stay in 16 bits; times spread too wide for them move to 32 bits, every value kept")
    func valueColumnEncodings() throws {
        var column = Tree.ValueColumn()
        var expected: [Int64?] = []
        var random = SplitMix64(seed: 7)
        for slot in 0..<5_000 {
            // Close for the first 2,000 slots, then spread over days.
            let value: Int64? = random.below(9) == 0 ? nil
                : 1_700_000_000 + Int64(slot) * (slot < 2_000 ? 3 : 90_000) + Int64(random.below(50))
            column.append(value, slotCount: slot)
            expected.append(value)
            if slot == 1_999 { #expect(column.isShort, "close values in 16 bits") }
        }
        #expect(!column.isShort, "values spread over days in 32 bits")
        #expect((0..<expected.count).map { column[$0] } == expected)
        #expect(column.count == expected.count)
    }

    @Test("Expanded flags packed in words keep each node's flag across word boundaries")
    func flagsAcrossWords() throws {
        var tree = Tree()
        var expected: [Bool] = []
        for index in 0..<200 {
            let flag = index % 3 != 0
            try tree.append(.integer(Int64(index)), under: Tree.root, isExpanded: flag)
            expected.append(flag)
        }
        for slot in stride(from: 63, through: 199, by: 17) {
            tree.setExpanded(NodeIndex(Int32(slot + 1)), !expected[slot])
            expected[slot].toggle()
        }
        #expect((0..<200).map { tree.isExpanded(NodeIndex(Int32($0 + 1))) } == expected)
        #expect(Tree.FlagColumn(repeating: true, count: 70).words == [~0, 63])
        try tree.checkInvariants()
    }
}
