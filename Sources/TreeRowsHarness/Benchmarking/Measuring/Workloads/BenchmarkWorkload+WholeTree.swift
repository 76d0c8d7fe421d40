import TreeRows

extension BenchmarkWorkload {
    /// Expand every node (from all collapsed; the collapse is not timed).
    public static let expandAll = BenchmarkWorkload("expand-all", WholeTreeWorkload(expanding: true))
    /// Collapse every node (from all expanded; the expand is not timed).
    public static let collapseAll = BenchmarkWorkload("collapse-all", WholeTreeWorkload(expanding: false))
}

/// `expandAll()` or `collapseAll()`, each from the opposite state.
struct WholeTreeWorkload: BenchmarkWorkloadBody {
    var expanding: Bool

    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        Array(repeating: .none, count: count)
    }

    var preparation: TreeOperation? { expanding ? .collapseAll : .expandAll }

    func change(for input: BenchmarkInput) -> TreeOperation? { expanding ? .expandAll : .collapseAll }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for _ in inputs { checksum &+= expanding ? strategy.expandAll().insertedCount : strategy.collapseAll().deletedCount }
        return checksum
    }
}
