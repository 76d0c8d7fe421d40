import Testing
import TreeRows
import TreeRowsTestSupport

/// Accordion expands and pages of replies: one batch each, with the exact diff.
@Suite struct AccordionAndPageTests {
    @Test("Expanding one collapses its expanded siblings in the same batch", arguments: BuiltinStrategies.names)
    func accordionExpand(strategy: String) {
        // Rows: a b c- e f.
        var scenario = StrategyScenario(strategy, "a(b),c-(d),e(f)")
        #expect(scenario.run(.accordionExpand(scenario.node("c"))) == RowDiff(deletions: [1..<2, 4..<5], insertions: [2..<3]))
        #expect(scenario.rows == ["0:a", "0:c", "1:d", "0:e"])
        // Again: nothing left to change.
        #expect(scenario.run(.accordionExpand(scenario.node("c"))).isEmpty)
        // The first sibling: the later one collapses.
        #expect(scenario.run(.accordionExpand(scenario.node("a"))) == RowDiff(deletions: [2..<3], insertions: [1..<2]))
        #expect(scenario.rows == ["0:a", "1:b", "0:c", "0:e"])
    }

    @Test("Nested accordion and hidden siblings", arguments: BuiltinStrategies.names)
    func nestedAccordion(strategy: String) {
        var scenario = StrategyScenario(strategy, "r(a(x,y),b-(z)),s")
        #expect(scenario.run(.accordionExpand(scenario.node("b"))) == RowDiff(deletions: [2..<4], insertions: [3..<4]))
        #expect(scenario.rows == ["0:r", "1:a", "1:b", "2:z", "0:s"])
        scenario.run(.collapse(scenario.node("r")))
        // Under a collapsed parent: flags change, rows do not.
        #expect(scenario.run(.accordionExpand(scenario.node("a"))).isEmpty)
        #expect(scenario.run(.expand(scenario.node("r"))) == RowDiff(insertions: [1..<5]))
        #expect(scenario.rows == ["0:r", "1:a", "2:x", "2:y", "1:b", "0:s"])
    }

    /// Siblings of every kind, far more than a leaf of the small-nodes variant holds: the
    /// first accordion collapses each expanded one, and deletes one range per sibling with
    /// rows below it (its run of rows), in old indices.
    @Test("Hundreds of siblings: one deleted range per collapsed sibling with rows",
          arguments: BuiltinStrategies.names + BuiltinStrategies.variants.map { $0.name }, ["", "p("])
    func wideAccordion(strategy: String, wrapper: String) {
        // Sibling i: expanded with two replies, collapsed with one, or a leaf, in turn.
        let siblings = (0..<300).map { i in
            switch i % 3 {
            case 0: "s\(i)(a\(i),b\(i)(c\(i)))"
            case 1: "s\(i)-(a\(i))"
            default: "s\(i)"
            }
        }
        var scenario = StrategyScenario(strategy, wrapper + siblings.joined(separator: ",") + (wrapper.isEmpty ? "" : "),q"))
        let expandedWithRows = stride(from: 0, to: 300, by: 3).filter { $0 != 150 }.count
        let diff = scenario.run(.accordionExpand(scenario.node("s150")))
        #expect(diff.deletions.count == expandedWithRows)
        #expect(diff.deletions.reduce(0) { $0 + $1.count } == 3 * expandedWithRows)
        // Again, then a collapsed one: only the sibling expanded last collapses.
        #expect(scenario.run(.accordionExpand(scenario.node("s150"))).isEmpty)
        let next = scenario.run(.accordionExpand(scenario.node("s1")))
        #expect(next.deletions.count == 1 && next.deletions.first?.count == 3)
        #expect(next.insertions.count == 1)
    }

    /// Siblings whose subtrees end in their own leaf, in the next one, or further on, in
    /// preorder-btree's leaves of 64 and the small-nodes variant's of 4: the walk carries a
    /// subtree into the next leaf, and hands a longer one to a toggle. With row heights of
    /// their own too, which the summaries' height sums follow.
    @Test("Siblings with subtrees across leaves", arguments: ["preorder-btree", "preorder-btree-small-nodes", "range-counts"], AcrossLeaves.allCases)
    func accordionAcrossLeaves(strategy: String, variant: AcrossLeaves) {
        // Sibling i has 3 * i % 130 replies; every fourth has a collapsed one with a hidden reply.
        let siblings = (0..<60).map { i in
            let length = 3 * i % 130
            let replies = (0..<length).map { "r\(i)x\($0)" + (($0 == 5 && i % 4 == 0) ? "-(c\(i))" : "") }.joined(separator: ",")
            return length == 0 ? "s\(i)" : "s\(i)(\(replies))"
        }
        var scenario = StrategyScenario(strategy, "p(" + siblings.joined(separator: ",") + "),q",
                                        height: variant == .withHeights ? { Int32(18 + 5 * ($0 % 7)) } : nil)
        if variant == .underCollapsedParent { scenario.run(.collapse(scenario.node("p"))) }
        scenario.run(.accordionExpand(scenario.node("s31")))
        scenario.run(.accordionExpand(scenario.node("s2")))
        scenario.run(.expand(scenario.node("p")))
        scenario.run(.accordionExpand(scenario.node("s59")))
    }

    /// The cases of ``accordionAcrossLeaves(strategy:variant:)``.
    enum AcrossLeaves: CaseIterable, CustomTestStringConvertible {
        case expandedParent, underCollapsedParent, withHeights
        var testDescription: String { "\(self)" }
    }

    @Test("A page goes before the load-more row, which stays or goes", arguments: BuiltinStrategies.names)
    func pages(strategy: String) {
        var scenario = StrategyScenario(strategy, "a(b,more),c")
        let more = scenario.node("more")
        #expect(scenario.run(.loadPage(["p1", "p2"], under: scenario.node("a"), before: more, removingLoadMoreRow: false))
                == RowDiff(insertions: [2..<4]))
        #expect(scenario.rows == ["0:a", "1:b", "1:p1", "1:p2", "1:more", "0:c"])
        #expect(scenario.run(.loadPage(["p3"], under: scenario.node("a"), before: more, removingLoadMoreRow: true))
                == RowDiff(deletions: [4..<5], insertions: [4..<5]))
        #expect(scenario.rows == ["0:a", "1:b", "1:p1", "1:p2", "1:p3", "0:c"])
        // Without a load-more row, at the end; at top level too.
        #expect(scenario.run(.loadPage(["t1", "t2"], under: Tree.root, before: nil, removingLoadMoreRow: false))
                == RowDiff(insertions: [6..<8]))
        // Under a collapsed parent: no rows.
        scenario.run(.collapse(scenario.node("a")))
        #expect(scenario.run(.loadPage(["p4"], under: scenario.node("a"), before: nil, removingLoadMoreRow: false)).isEmpty)
    }

    /// Pages from one reply to several leaves' worth, into a parent whose rows sit in the
    /// middle of the preorder, then again before the first page's load-more row: each page
    /// is one run of the B-tree variants' sequence, split across leaves as it goes.
    @Test("Pages of up to 300 replies", arguments: BuiltinStrategies.names + BuiltinStrategies.variants.map { $0.name }, [false, true])
    func largePages(strategy: String, withHeights: Bool) {
        let before = (0..<40).map { "x\($0)" }.joined(separator: ",")
        var scenario = StrategyScenario(strategy, "\(before),p(a,b(c),more),\(before.replacingOccurrences(of: "x", with: "y"))",
                                        height: withHeights ? { Int32(20 + 7 * ($0 % 5)) } : nil)
        let parent = scenario.node("p"), more = scenario.node("more")
        var start = 0
        for size in [1, 2, 3, 7, 64, 65, 300] {
            let ids = (start..<start + size).map { NodeID.string("r\($0)") }
            scenario.run(.loadPage(ids, under: parent, before: more, removingLoadMoreRow: false))
            start += size
        }
        scenario.run(.collapse(parent))
        scenario.run(.loadPage((0..<100).map { NodeID.string("h\($0)") }, under: parent, before: nil, removingLoadMoreRow: false))
        #expect(scenario.run(.expand(parent)).insertions.reduce(0) { $0 + $1.count } == 4 + 442 + 100)
    }

    /// The first id of a page, in page order, that is in the tree or repeats an earlier one
    /// is the one reported: for a short page, whose ids are compared pairwise, and a long one.
    @Test("A bad page names its first bad id", arguments: [3, Tree.pairwiseLimit, Tree.pairwiseLimit + 1, 40])
    func firstBadID(size: Int) throws {
        let tree = TreeNotation.tree("a,c")
        let a = TreeNotation.node("a", in: tree)
        var ids = (0..<size).map { NodeID.string("n\($0)") }
        // Checked alone, and checked as the ids are claimed and added: the same error, and
        // the tree unchanged.
        func expectBad(_ id: NodeID) {
            #expect(throws: Tree.InsertionError.duplicateID(id)) { try tree.validatePage(ids, under: a, before: nil) }
            var added = tree
            #expect(throws: Tree.InsertionError.duplicateID(id)) { try added.insertPage(ids, under: a, before: nil) }
            #expect(added.slotCount == tree.slotCount && added.nodeCount == tree.nodeCount)
            for id in ids { #expect(added.index(of: id) == tree.index(of: id), "\(id)") }
            #expect(throws: Never.self) { try added.checkInvariants() }
        }
        ids[size - 1] = "c"
        expectBad("c")
        ids[size - 2] = ids[0]
        expectBad(ids[0])
        ids[size - 2] = "c"
        ids[size - 1] = ids[0]
        expectBad("c")
        ids[size - 2] = "m"
        ids[size - 1] = "m2"
        #expect(throws: Never.self) { try tree.validatePage(ids, under: a, before: nil) }
        var added = tree
        let slots = try added.insertPage(ids, under: a, before: nil)
        #expect(slots == Int32(tree.slotCount)..<Int32(tree.slotCount + size))
        for (offset, id) in ids.enumerated() { #expect(added.index(of: id) == NodeIndex(slots.lowerBound + Int32(offset))) }
        try added.checkInvariants()
    }

    /// Implicit ids (`0, 1, 2, …` by slot, in no table): a page that continues them keeps
    /// them implicit; one naming a live node's implicit id is refused with nothing changed;
    /// one of other ids claims them in the table.
    @Test func pagesAmongImplicitIDs() throws {
        var tree = Tree()
        let a = tree.appendNext(under: Tree.root)
        tree.appendNext(under: a)
        let continuing = try tree.insertPage([.integer(2), .integer(3)], under: a, before: nil)
        #expect(continuing == 3..<5 && tree.index(of: .integer(3)) == NodeIndex(4))
        let before = tree
        #expect(throws: Tree.InsertionError.duplicateID(.integer(1))) { try tree.insertPage(["x", .integer(1)], under: a, before: nil) }
        #expect(tree.slotCount == before.slotCount && tree.index(of: "x") == nil)
        let page = try tree.insertPage(["x", .integer(9)], under: Tree.root, before: nil)
        #expect(page == 5..<7 && tree.index(of: "x") == NodeIndex(5) && tree.index(of: .integer(9)) == NodeIndex(6))
        #expect(tree.id(of: NodeIndex(6)) == .integer(9) && tree.id(of: NodeIndex(4)) == .integer(3))
        try tree.checkInvariants()
    }

    @Test("A bad page throws and changes nothing", arguments: BuiltinStrategies.names)
    func badPages(strategy: String) throws {
        let tree = TreeNotation.tree("a(b,more),c")
        var state = try #require(BuiltinStrategies.named(strategy)).init(tree: tree)
        let a = TreeNotation.node("a", in: tree)
        let b = TreeNotation.node("b", in: tree)
        let more = TreeNotation.node("more", in: tree)
        let rows = state.rows
        #expect(throws: Tree.InsertionError.duplicateID("c")) {
            try state.loadPage(["new", "c"], under: a, before: more, removingLoadMoreRow: false)
        }
        #expect(throws: Tree.InsertionError.duplicateID("x")) {
            try state.loadPage(["x", "x"], under: a, before: nil, removingLoadMoreRow: false)
        }
        #expect(throws: Tree.InsertionError.loadMoreRowNotLastChild(b)) {
            try state.loadPage(["x"], under: a, before: b, removingLoadMoreRow: true)
        }
        #expect(throws: Tree.InsertionError.unknownParent(NodeIndex(99))) {
            try state.loadPage(["x"], under: NodeIndex(99), before: nil, removingLoadMoreRow: false)
        }
        #expect(state.rows == rows)
        #expect(state.tree.nodeCount == 4 && state.tree.index(of: "new") == nil && state.tree.index(of: "x") == nil)
        try state.checkInvariants()
    }

    @Test func sequenceMapsLaterDeletionsToOldIndices() {
        // Delete old 2..<4, then mid 1..<4 (old 1, 4, 5).
        let diff = RowDiff.sequence([RowDiff(deletions: [2..<4]), RowDiff(deletions: [1..<4])])
        #expect(diff == RowDiff(deletions: [1..<6]))
        let split = RowDiff.sequence([RowDiff(deletions: [2..<4]), RowDiff(deletions: [0..<1, 3..<4])])
        #expect(split == RowDiff(deletions: [0..<1, 2..<4, 5..<6]))
    }

    @Test func sequenceMapsEarlierInsertionsToNewIndices() {
        // Insert mid 1..<3, then new 0..<2: the first block lands on 3..<5.
        let diff = RowDiff.sequence([RowDiff(deletions: [7..<9]), RowDiff(insertions: [1..<3]), RowDiff(insertions: [0..<2])])
        #expect(diff == RowDiff(deletions: [7..<9], insertions: [0..<2, 3..<5]))
        // Applying the sequenced diff equals applying the steps one after another.
        let old = Array(0..<10)
        let steps = try! RowDiff(deletions: [7..<9]).apply(to: old, rowCountAfter: 8) { _ in -1 }
        #expect(steps == [0, 1, 2, 3, 4, 5, 6, 9])
        let combined = try! diff.apply(to: old, rowCountAfter: 12) { _ in -1 }
        #expect(combined == [-1, -1, 0, -1, -1, 1, 2, 3, 4, 5, 6, 9])
    }
}
