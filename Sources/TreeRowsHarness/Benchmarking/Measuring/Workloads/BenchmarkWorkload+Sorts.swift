import TreeRows

extension BenchmarkWorkload {
    /// Re-sort every sibling list, the diff as moves; samples cycle through the orders so
    /// each one changes the rows.
    public static let sortMoves = BenchmarkWorkload("sort-moves", SortWorkload(reportingMoves: true))
    /// The same sorts, the diff reloading every row (the `reloadData` alternative).
    public static let sortReload = BenchmarkWorkload("sort-reload", SortWorkload(reportingMoves: false))
}

/// `sortSiblings(by:reportingMoves:)` through four orders in turn.
struct SortWorkload: BenchmarkWorkloadBody {
    var reportingMoves: Bool

    /// Every order differs from the one before it, so every sample changes the rows.
    static let orders = [SiblingOrder(.score, descending: true), SiblingOrder(.time), SiblingOrder(.replies, descending: true),
                         SiblingOrder(.time, descending: true)]

    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { .order(Self.orders[$0 % Self.orders.count]) }
    }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case .order(let order) = input else { return nil }
        return .sort(order, reportingMoves: reportingMoves)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .order(let order) in inputs {
            let diff = strategy.sortSiblings(by: order, reportingMoves: reportingMoves)
            checksum &+= reportingMoves ? diff.moves.count : diff.reloads.count
        }
        return checksum
    }

    /// Without moves, the diff reloads every row.
    func checkDiff<S: RowStrategy>(_ diff: RowDiff, of strategy: S, expecting expectation: StepExpectation) -> StepDisagreement? {
        guard !reportingMoves, diff != .reloadingAll(rowCount: expectation.oldRows.count) else { return nil }
        return StepDisagreement(.diffForm, "a sort without moves gave \(StepCheck.brief(diff)), not every row of \(expectation.oldRows.count) reloaded")
    }
}
