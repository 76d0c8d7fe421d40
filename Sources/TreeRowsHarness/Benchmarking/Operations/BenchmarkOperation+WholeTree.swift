import TreeRows

extension BenchmarkOperation {
    /// Expand every node (from all collapsed; the collapse is not timed).
    public static let expandAll = BenchmarkOperation("expand-all", WholeTreeOperation(expanding: true))
    /// Collapse every node (from all expanded; the expand is not timed).
    public static let collapseAll = BenchmarkOperation("collapse-all", WholeTreeOperation(expanding: false))
}

/// `expandAll()` or `collapseAll()`, each from the opposite state.
struct WholeTreeOperation: BenchmarkOperationBody {
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
