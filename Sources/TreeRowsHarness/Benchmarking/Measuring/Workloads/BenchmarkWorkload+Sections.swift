import TreeRows

extension BenchmarkWorkload {
    /// Toggle a uniformly chosen node in sections: the flat diff followed in the strategy's
    /// ``SectionIndex`` and turned into a ``SectionedDiff``.
    public static let toggleSectioned = BenchmarkWorkload("toggle-sectioned", SectionedWorkload(ToggleWorkload(choice: .random)))
    /// ``insertReply`` in sections.
    public static let insertSectioned = BenchmarkWorkload("insert-sectioned", SectionedWorkload(InsertReplyWorkload()))
    /// ``removeSubtree`` in sections.
    public static let removeSectioned = BenchmarkWorkload("remove-sectioned", SectionedWorkload(RemoveSubtreeWorkload()))
    /// ``loadPage`` in sections.
    public static let loadPageSectioned = BenchmarkWorkload("load-page-sectioned", SectionedWorkload(LoadPageWorkload()))
    /// ``sortMoves`` in sections: a sort moves the top-level comments, so the sections are
    /// laid out again.
    public static let sortSectioned = BenchmarkWorkload("sort-sectioned", SectionedWorkload(SortWorkload(reportingMoves: true)))

    /// The sectioned edits and sort: measured only when named (or with `all`), as each is its
    /// flat operation plus following it in sections. ``defaults`` are the others.
    package static let measuredWhenNamed: [BenchmarkWorkload] = [.insertSectioned, .removeSectioned, .loadPageSectioned, .sortSectioned]
}

/// An operation of `Base` in a list with one section per top-level comment: the same inputs
/// and changes, each flat diff followed in the strategy's ``SectionIndex`` (kept in
/// ``BenchmarkSections``, built untimed) and turned into a ``SectionedDiff``, and the
/// sections checked against the rows in every verified sample.
struct SectionedWorkload<Base: BenchmarkWorkloadBody>: BenchmarkWorkloadBody {
    /// The flat operation.
    var base: Base

    init(_ base: Base) { self.base = base }

    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        base.inputs(on: source, count: count, random: &random)
    }

    var batch: Int { base.batch }

    var timedBatch: Int { base.timedBatch }

    var needsHeights: Bool { base.needsHeights }

    var preparation: TreeOperation? { base.preparation }

    func change(for input: BenchmarkInput) -> TreeOperation? { base.change(for: input) }

    var keepsSections: Bool { true }

    var drawsThreadPages: Bool { base.drawsThreadPages }

    /// With an index built first.
    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var sections = BenchmarkSections(of: strategy)
        return perform(inputs, on: &strategy, sections: &sections, tree: tree)
    }

    /// Each input's change through ``RowStrategy/perform(_:)``, then followed in sections.
    /// An input without a change, or an insert the strategy refuses, counts -1 in the
    /// checksum, as the flat operations count it.
    ///
    /// - Complexity: the strategy's operation per input, plus ``SectionIndex/follow(_:in:into:)``.
    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, sections: inout BenchmarkSections, tree: Tree) -> Int {
        var checksum = 0
        for input in inputs {
            guard let change = base.change(for: input), let flat = try? strategy.perform(change) else {
                checksum &-= 1
                continue
            }
            sections.index.follow(flat, in: strategy, into: &sections.diff)
            checksum &+= sections.diff.deletedRows.count &+ sections.diff.insertedRows.count &+ sections.diff.movedRows.count
                &+ sections.diff.insertedSections.count &+ sections.diff.deletedSections.count
        }
        return checksum
    }

    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement? {
        base.checkAnswer(input, of: strategy, expecting: &expectation)
    }

    /// The flat operation's check, then the section layout and the diff in sections.
    func checkDiff<S: RowStrategy>(_ diff: RowDiff, of strategy: S, expecting expectation: StepExpectation) -> StepDisagreement? {
        base.checkDiff(diff, of: strategy, expecting: expectation)
            ?? StepCheck.checkSections(strategy, diff: diff, oldRows: expectation.oldRows, newRows: expectation.newRows)
    }
}
