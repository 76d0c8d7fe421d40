import TreeRows

extension BenchmarkWorkload {
    /// Build the initial rows: `init(tree:)`.
    public static let build = BenchmarkWorkload("build", BuildWorkload())
}

/// A strategy built from the cell's tree; the check is the end-of-cell check of the state
/// the cell built.
struct BuildWorkload: BenchmarkWorkloadBody {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        Array(repeating: .none, count: count)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for _ in inputs { checksum &+= S(tree: tree).rowCount }
        return checksum
    }
}
