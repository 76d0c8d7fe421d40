import TreeRows
import TreeRowsCorpora

/// One benchmark operation on one strategy, for a runner other than `treerows bench` (the
/// package-benchmark suites in `Benchmarks/`): inputs drawn by the operation's own drawing
/// from the seed, as `bench` draws them, checked against the reference before anything is
/// timed, then performed one sample's batch at a time. So an operation's name means one
/// checked kind of input stream in both runners. (The fixture draws fewer inputs than a
/// `bench` cell; where an operation's drawing depends on how many it draws, such as
/// remove-subtree's on a tree with few small subtrees, the streams part after the first.)
///
/// The check, in ``init(_:strategy:tree:samples:seed:loadMoreRows:)``: the first four batches step by
/// step beside the reference (every change's diff validated and applied, every query's
/// answer), then the whole stream on that copy and the end-of-cell check (tree, rows,
/// sampled queries, invariants), as a `bench` cell ends.
public struct BenchmarkFixture {
    /// Why a fixture could not be made: the strategy disagreed with the reference on its
    /// inputs, or the tree gives the operation too few inputs for one sample.
    public struct Failure: Error, CustomStringConvertible {
        /// The strategy and the operation.
        public var cell: String
        /// What the check found; `nil` when there were too few inputs.
        public var disagreement: StepDisagreement?
        /// Where: "input 3 (toggle #142)", "the final check", or, with too few inputs, how
        /// many were needed and drawn.
        public var step: String
        /// The failure in one line, with the fix when there were too few inputs.
        public var description: String {
            disagreement.map { "\(cell) is wrong at \(step): \($0.detail)" }
                ?? "\(cell): \(step). Fix: a larger tree, or another operation on this one"
        }
    }

    /// The operation.
    public let operation: BenchmarkWorkload
    /// The strategy's state and the expected tree.
    private var cell: BenchmarkStrategyCell
    /// The checked inputs, a sample's batch at a time.
    private let inputs: [BenchmarkInput]
    /// The tree the inputs were drawn on, which every restart starts from again.
    private let tree: Tree
    private let strategy: any RowStrategy.Type

    /// Inputs performed untimed by ``init(_:strategy:tree:samples:seed:loadMoreRows:)`` and ``restart()``
    /// before the first sample: the first write of a fresh state copies the tree's shared
    /// arrays (a batch each, as `bench`'s warm-up).
    private static let warmBatches = 2

    /// The inputs of `samples` samples of `operation` on `strategy` over `tree`, drawn from
    /// `seed` as `treerows bench --seed` draws them, and checked. `loadMoreRows` are the
    /// thread's own pages not yet loaded (``TreeRowsCorpora/Corpus/pages``), where load-page
    /// loads its pages, as in `bench`.
    ///
    /// - Throws: ``Failure`` when the strategy disagrees with the reference on them, or the
    ///   tree gives fewer inputs than the warm-up and one sample take.
    /// - Complexity: O(*b* · *n*) for the step-by-step check of *b* inputs on *n* nodes,
    ///   plus the strategy's work on every input once.
    public init(_ operation: BenchmarkWorkload, strategy: any RowStrategy.Type, tree: Tree, samples: Int, seed: UInt64 = 1,
                loadMoreRows: [NodeID] = []) throws(Failure) {
        var tree = tree
        if operation.needsHeights { RowHeightModel.text.apply(to: &tree) }
        let batch = operation.body.batch
        let count = (Self.warmBatches + max(1, samples)) * batch
        let (rowCount, totalHeight) = BenchmarkCellInputs.visibleTotals(of: tree)
        let cellInputs = BenchmarkCellInputs(operation, tree: tree, rowCount: rowCount, totalHeight: totalHeight,
                                         count: count, seed: BenchmarkRunner.seed(seed, operation),
                                         loadMoreRows: BenchmarkRunner.loadMoreRows(loadMoreRows, in: tree))
        self.operation = operation
        self.tree = tree
        self.strategy = strategy
        inputs = Array(cellInputs.inputs.prefix(cellInputs.inputs.count / batch * batch))
        let name = "\(strategy.name) on \(operation.rawValue)"
        guard inputs.count >= (Self.warmBatches + 1) * batch else {
            throw Failure(cell: name, disagreement: nil, step: "it needs \((Self.warmBatches + 1) * batch) inputs, and the tree gives \(inputs.count)")
        }
        // The check, on a state of its own.
        var checked = BenchmarkStrategyCell(operation, strategy: strategy.init(tree: tree), tree: tree)
        var known: [Row]?
        var position = 0
        while position < inputs.count {
            let slice = inputs[position..<position + batch]
            if position < 4 * batch {
                if let wrong = checked.verify(slice, rows: &known) { throw Failure(cell: name, disagreement: wrong.disagreement, step: wrong.step) }
            } else {
                checked.prepare()
                _ = checked.perform(slice, tree: tree)
                checked.applyToExpected(slice)
            }
            position += batch
        }
        if let wrong = checked.check(sampling: inputs.prefix(64)) { throw Failure(cell: name, disagreement: wrong.disagreement, step: wrong.step) }
        cell = BenchmarkStrategyCell(operation, strategy: strategy.init(tree: tree), tree: tree)
        restart()
    }

    /// Whether the inputs are used up: ``restart()`` before the next sample.
    public var needsRestart: Bool { cell.next + operation.body.batch > inputs.count }

    /// A fresh state from the tree, warmed, and the inputs from their start (every input fits
    /// the tree again). Untimed: call it outside the measured part of a sample.
    ///
    /// - Complexity: the strategy's build and two batches.
    public mutating func restart() {
        cell = BenchmarkStrategyCell(operation, strategy: strategy.init(tree: tree), tree: tree)
        cell.next = 0
        for _ in 0..<Self.warmBatches where !needsRestart {
            prepare()
            BenchmarkSink.consume(performSample())
        }
    }

    /// The untimed step before a sample: the operation's preparation (expand-all starts
    /// from all collapsed) and the section index of a sectioned operation.
    ///
    /// - Complexity: what the preparation costs; O(1) for most operations.
    public mutating func prepare() { cell.prepare() }

    /// One sample's work: the next batch of inputs (``BenchmarkWorkloadBody/batch``), whose
    /// result folds into the returned checksum. Call ``prepare()`` first, and ``restart()``
    /// when ``needsRestart``: a sample that finds the inputs used up restarts itself, inside
    /// whatever the caller times.
    ///
    /// - Complexity: the strategy's operation per input.
    public mutating func performSample() -> Int {
        if needsRestart {
            restart()
            prepare()
        }
        let batch = operation.body.batch
        let slice = inputs[cell.next..<cell.next + batch]
        cell.next += batch
        return cell.perform(slice, tree: tree)
    }

    /// The inputs a sample performs.
    public var batch: Int { operation.body.batch }

    /// The inputs, as a wrong cell names them (for tests).
    package var inputDescriptions: [String] { inputs.map(\.description) }
}
