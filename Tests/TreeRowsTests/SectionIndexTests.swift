import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// The section index: its treap against an array, and its layout against the rows over
/// long runs of every operation, in every strategy.
@Suite struct SectionIndexTests {
    @Test("The treap of section sizes agrees with an array through random edits")
    func sizesAgreeWithAnArray() throws {
        var random = SplitMix64(seed: 7)
        for start in [0, 1, 2, 5, 64, 300] {
            var model = (0..<start).map { _ in 1 + random.below(5) }
            var sizes = SectionSizes(model)
            for step in 0..<2_000 {
                switch random.below(4) {
                case 0:
                    let position = random.below(model.count + 1), size = 1 + random.below(4)
                    model.insert(size, at: position)
                    sizes.insert(size: size, at: position)
                case 1 where !model.isEmpty:
                    let position = random.below(model.count)
                    #expect(sizes.remove(at: position) == model.remove(at: position))
                case 2 where !model.isEmpty:
                    let position = random.below(model.count), delta = random.below(7) - model[position] + 1
                    model[position] += delta
                    sizes.add(delta, to: position)
                default:
                    break
                }
                try sizes.checkInvariants()
                #expect(sizes.count == model.count && sizes.total == model.reduce(0, +), "step \(step)")
                guard !model.isEmpty else { continue }
                let section = random.below(model.count)
                let first = model[..<section].reduce(0, +)
                #expect(sizes.start(of: section) == (first, model[section]), "step \(step)")
                if model[section] > 0 {
                    let row = first + random.below(model[section])
                    #expect(sizes.section(containing: row) == (section, first), "step \(step)")
                }
            }
            #expect(sizes.sizes == model)
        }
    }

    /// A forest of `count` nodes with random parents, some collapsed.
    static func forest(_ count: Int, seed: UInt64) throws -> Tree {
        var random = SplitMix64(seed: seed)
        var tree = Tree()
        var nodes: [NodeIndex] = [Tree.root]
        for index in 0..<count {
            let parent = random.chance(1, in: 4) ? Tree.root : nodes[random.below(nodes.count)]
            nodes.append(try tree.append(.integer(Int64(index)), under: parent, score: Int64(random.below(100)), isExpanded: !random.chance(1, in: 5)))
        }
        return tree
    }

    @Test("The index follows long runs of every operation, and its diffs apply", arguments: BuiltinStrategies.names)
    func indexFollowsLongRuns(strategy: String) throws {
        let type = try #require(BuiltinStrategies.named(strategy))
        for seed: UInt64 in [1, 2, 3] {
            let tree = try Self.forest(60, seed: seed)
            var state = type.init(tree: tree)
            var reference = ReferenceStrategy(tree: tree)
            var generator = FuzzOperationGenerator(seed: seed)
            var sections = SectionIndex(of: state)
            var kinds = Set<OperationKind>()
            for step in 0..<300 {
                let operation = generator.next(for: reference)
                let before = sections.layout
                let treeBefore = reference.tree
                guard (try? reference.perform(operation)) != nil else { continue }
                let diff = try state.performSectioned(operation, sections: &sections)
                generator.performed(operation, on: treeBefore)
                kinds.insert(operation.kind)
                let expected = SectionLayout(rows: reference.rows)
                #expect(sections.layout == expected, "\(strategy), seed \(seed), step \(step): \(operation)")
                try sections.checkInvariants()
                #expect(throws: Never.self, "\(strategy), seed \(seed), step \(step): \(operation) gave \(diff)") {
                    try diff.validate(rowCountsBefore: before.rowCounts, rowCountsAfter: expected.rowCounts)
                }
                if sections.layout != expected { return }
            }
            #expect(sections.misfits == 0, "\(strategy), seed \(seed): the index was rebuilt after a diff that should fit")
            #expect(kinds.isSuperset(of: [.toggle, .insert, .remove, .loadPage, .sort, .expandAll, .collapseAll]), "\(kinds)")
        }
    }

    @Test("A diff that does not fit the index leaves it the strategy's, without a trap")
    func aDiffThatDoesNotFitRebuilds() throws {
        let tree = TreeNotation.tree("a(b,c),d(e),f")
        let strategy = ReferenceStrategy(tree: tree)
        let layout = strategy.sectionLayout()
        let misfits: [RowDiff] = [
            RowDiff(deletions: [5..<9]), RowDiff(deletions: [0..<2, 1..<3]), RowDiff(insertions: [0..<1]),
            RowDiff(insertions: [4..<20]), RowDiff(deletions: [0..<1]), RowDiff(insertions: [2..<3, 1..<2]),
            RowDiff(moves: [RowMove(from: 0, to: 40)]), RowDiff(reloads: [0..<99]),
        ]
        for diff in misfits {
            var sections = SectionIndex(layout)
            _ = sections.follow(diff, in: strategy)
            #expect(sections.layout == layout, "\(diff)")
            #expect(sections.misfits == (diff.moves.isEmpty ? 1 : 0), "\(diff)")
        }
    }
}
