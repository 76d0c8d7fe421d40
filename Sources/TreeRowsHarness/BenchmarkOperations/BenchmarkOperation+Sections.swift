import TreeRows

extension BenchmarkOperation {
    /// Toggle a uniformly chosen node in sections: the flat diff followed in the strategy's
    /// ``SectionIndex`` and turned into a ``SectionedDiff``.
    public static let toggleSectioned = BenchmarkOperation("toggle-sectioned", SectionedToggleOperation())
}

/// A toggle in a list with one section per top-level comment.
struct SectionedToggleOperation: BenchmarkOperationBody {
    func inputs(on cell: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { _ in .node(cell.randomNode(&random)) }
    }

    /// Sixteen a sample, as toggles.
    var timedBatch: Int { 16 }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case .node(let node) = input else { return nil }
        return .toggle(node)
    }

    var keepsSections: Bool { true }

    /// With an index built first.
    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var sections = BenchmarkSections(of: strategy)
        return perform(inputs, on: &strategy, sections: &sections, tree: tree)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, sections: inout BenchmarkSections, tree: Tree) -> Int {
        var checksum = 0
        for case .node(let node) in inputs {
            let flat = strategy.toggle(node)
            sections.index.follow(flat, in: strategy, into: &sections.diff)
            checksum &+= sections.diff.deletedRows.count &+ sections.diff.insertedRows.count
        }
        return checksum
    }

    /// The section layout and the diff in sections.
    func checkDiff<S: RowStrategy>(_ diff: RowDiff, of strategy: S, expecting expectation: StepExpectation) -> StepDisagreement? {
        StepCheck.checkSections(strategy, diff: diff, oldRows: expectation.oldRows, newRows: expectation.newRows)
    }
}
