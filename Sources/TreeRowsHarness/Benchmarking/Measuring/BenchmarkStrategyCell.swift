import TreeRows

/// One strategy's state in a benchmark cell: the strategy, the tree the inputs so far
/// should have left, and its samples.
struct BenchmarkStrategyCell {
    /// What the cell measures.
    let operation: BenchmarkWorkload
    /// The strategy under measurement.
    var strategy: any RowStrategy
    /// The tree as the operations performed so far should have left it.
    var expected: Tree
    /// Time per operation of the timed samples so far, in nanoseconds.
    var samples: [Double] = []
    /// Time of the single inputs timed between batched samples, in nanoseconds.
    var singles: [Double] = []
    /// Operations timed so far, in samples and single inputs alike.
    var timedOperations = 0
    /// Time spent in timed samples and single inputs.
    var spent: Duration = .zero
    /// The next input to use.
    var next = 0
    /// The strategy's section index and diff, for an operation that ``BenchmarkWorkloadBody/keepsSections``;
    /// `nil` until ``prepare()`` builds it, and again after a change it did not follow.
    var sections: BenchmarkSections?

    /// A cell of `strategy` (moved in, not copied: a second reference to it would make its
    /// first writes copy), whose tree is `tree`.
    init(_ operation: BenchmarkWorkload, strategy: consuming any RowStrategy, tree: Tree) {
        self.operation = operation
        self.strategy = strategy
        expected = tree
    }

    /// The untimed step before a sample: the operation's preparation on the strategy and
    /// the expected tree (expand-all starts from all collapsed), and the section index
    /// when the operation keeps one and has none.
    mutating func prepare() {
        if let preparation = operation.body.preparation {
            _ = try? strategy.perform(preparation)
            try? expected.apply(preparation)
            sections = nil
        }
        if operation.body.keepsSections && sections == nil { sections = BenchmarkSections(of: strategy) }
    }

    /// The timed work of one sample; the result is folded into a checksum that is consumed.
    ///
    /// - Complexity: the strategy's operation per input.
    mutating func perform(_ inputs: ArraySlice<BenchmarkInput>, tree: Tree) -> Int {
        guard sections != nil else { return operation.body.perform(inputs, on: &strategy, tree: tree) }
        return operation.body.perform(inputs, on: &strategy, sections: &sections!, tree: tree)
    }

    /// The inputs' changes on the expected tree, for the correctness checks.
    mutating func applyToExpected(_ inputs: ArraySlice<BenchmarkInput>) {
        for input in inputs {
            if let change = operation.body.change(for: input) { try? expected.apply(change) }
        }
    }
}
