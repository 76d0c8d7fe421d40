import TreeRows

extension BenchmarkWorkload {
    /// `row(at:)` of a uniformly chosen row.
    public static let rowAtRandom = BenchmarkWorkload("row-at-random", RowAtQuery())
    /// `index(of:)` of a uniformly chosen node.
    public static let indexOfRandom = BenchmarkWorkload("index-of-random", IndexOfQuery())
    /// `offset(ofRow:)` of a uniformly chosen row, with heights from the `text` model.
    public static let offsetOfRandom = BenchmarkWorkload("offset-of-random", OffsetOfRowQuery())
    /// `row(atOffset:)` of a uniformly chosen offset, with heights from the `text` model.
    public static let rowAtOffsetRandom = BenchmarkWorkload("row-at-offset-random", RowAtOffsetQuery())
}

/// A query: timed in batches of 64 (one answers in nanoseconds), and changes nothing.
protocol BenchmarkQuery: BenchmarkWorkloadBody {}

extension BenchmarkQuery {
    var batch: Int { 64 }
}

/// `row(at:)`.
struct RowAtQuery: BenchmarkQuery {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { _ in source.rowCount == 0 ? .none : .row(random.below(source.rowCount)) }
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .row(let row) in inputs { checksum &+= Int(strategy.row(at: row).node.rawValue) }
        return checksum
    }

    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement? {
        guard case .row(let row) = input, row < expectation.newRows.count else { return nil }
        return StepCheck.checkRow(strategy, at: row, expected: expectation.newRows[row])
    }
}

/// `index(of:)`.
struct IndexOfQuery: BenchmarkQuery {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { _ in .node(source.randomNode(&random)) }
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .node(let node) in inputs { checksum &+= strategy.index(of: node) ?? -1 }
        return checksum
    }

    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement? {
        guard case .node(let node) = input else { return nil }
        return StepCheck.checkIndex(strategy, of: node, expected: expectation.tree.contains(node) ? expectation.row(of: node) : nil)
    }
}

/// `offset(ofRow:)`, on a tree with heights.
struct OffsetOfRowQuery: BenchmarkQuery {
    var needsHeights: Bool { true }

    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { _ in source.rowCount == 0 ? .none : .row(random.below(source.rowCount + 1)) }
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .row(let row) in inputs { checksum &+= strategy.offset(ofRow: row) }
        return checksum
    }

    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement? {
        guard case .row(let row) = input else { return nil }
        return StepCheck.checkOffset(strategy, ofRow: row, expected: expectation.top(ofRow: min(row, expectation.newRows.count)))
    }
}

/// `row(atOffset:)`, on a tree with heights.
struct RowAtOffsetQuery: BenchmarkQuery {
    var needsHeights: Bool { true }

    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { _ in source.totalHeight == 0 ? .none : .offset(random.below(source.totalHeight)) }
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .offset(let offset) in inputs { checksum &+= strategy.row(atOffset: offset) ?? -1 }
        return checksum
    }

    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement? {
        guard case .offset(let offset) = input else { return nil }
        return StepCheck.checkRow(strategy, atOffset: offset, expected: expectation.row(atOffset: offset))
    }
}
