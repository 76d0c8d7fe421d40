import Foundation
import TreeRows
import TreeRowsCorpora

/// Measures strategies side by side: every cell (strategy × corpus × operation) gets the
/// same prepared inputs; each strategy takes its samples in one block, as if alone in the
/// process (interleaving sample by sample made a fast strategy pay for the cache and TLB
/// misses a slow neighbour's millisecond walks left behind, so its figures depended on which
/// strategies shared the run), and the order of the blocks rotates from cell to cell;
/// warm-up samples are discarded (fewer once they outlast the budget); results are consumed so
/// the optimizer cannot drop work; allocations are counted in a separate pass; and every
/// cell ends with a correctness check (a wrong strategy is reported as wrong, not fast).
public struct BenchmarkRunner {
    /// What to measure.
    public struct Configuration: Sendable {
        public var workloads: [BenchmarkWorkload]
        /// Timed samples per strategy and cell (fewer if the budget runs out).
        public var repetitions: Int
        /// Untimed samples first.
        public var warmup: Int
        /// Time a strategy may spend on one cell before it stops sampling.
        public var budget: Duration
        /// The seed of every input.
        public var seed: UInt64
        /// Read before every sample (warm-up and timed, untimed) to start it with cold caches;
        /// `nil`: a sample finds what its strategy's earlier samples left in the caches.
        public var eviction: CacheEviction?
        /// Where each strategy's cell runs: in a host that outlives it (a strategy that
        /// crashes there gives a CRASHED cell), or in this process (`nil`).
        package var cellHost: (any BenchmarkCellHost)?
        /// Count each cell's instructions per operation when running under callgrind
        /// (``InstructionCount``), over the inputs whose allocations are counted.
        package var countsInstructions = false

        public init(workloads: [BenchmarkWorkload] = BenchmarkWorkload.defaults, repetitions: Int = 200, warmup: Int = 5,
                    budget: Duration = .milliseconds(250), seed: UInt64 = 1, eviction: CacheEviction? = nil) {
            self.workloads = workloads
            self.repetitions = repetitions
            self.warmup = warmup
            self.budget = budget
            self.seed = seed
            self.eviction = eviction
        }

        /// Warm-up and timed samples, at most `Int.max`.
        var samplesPerStrategy: Int {
            let (sum, overflow) = max(0, warmup).addingReportingOverflow(max(0, repetitions))
            return overflow ? Int.max : sum
        }
    }

    public var configuration: Configuration
    public var strategies: [any RowStrategy.Type]
    public var allocations: (any AllocationCounter)?
    /// Polled before each strategy's cell, and while an isolated cell runs (Ctrl-C): once it
    /// answers `true`, the cell under way is stopped and dropped, and no other is measured.
    package var shouldStop: () -> Bool = { false }

    /// Creates a runner; `strategies` should include the reference for ratios to it.
    public init(configuration: Configuration, strategies: [any RowStrategy.Type], allocations: (any AllocationCounter)?) {
        self.configuration = configuration
        self.strategies = strategies
        self.allocations = allocations
    }

    /// The inputs' seed of one operation: the run's seed mixed with a hash (FNV-1a) of the
    /// operation's name, so a cell gets the same inputs whatever else is measured.
    static func seed(_ seed: UInt64, _ operation: BenchmarkWorkload) -> UInt64 {
        seed ^ operation.rawValue.stableHash
    }

    /// Why this build's times mean nothing, or `nil` when they count: it is unoptimized
    /// (SwiftPM defines `DEBUG` in debug builds), or it runs invariant checks after every
    /// operation (the trait `InternalChecks`; O(*n*) an operation, whatever the optimizer
    /// does). Every result such a build measures is marked ``BenchmarkResult/debugBuild``.
    ///
    /// - Complexity: O(1).
    package static var unmeasurableBuild: String? {
        #if DEBUG
        let unoptimized = true
        #else
        let unoptimized = false
        #endif
        switch (unoptimized, internalChecksEnabled) {
        case (true, true): return "a debug build with invariant checks after every operation"
        case (true, false): return "a debug build (no invariant checks)"
        case (false, true): return "a build with invariant checks after every operation"
        case (false, false): return nil
        }
    }

    /// Measures every operation on `tree` (named `corpus`), calling `cellFinished` with each
    /// cell's results (one per strategy) as soon as it is measured.
    /// `firstCell` numbers the first cell within the whole run (the cells of earlier corpora),
    /// so that the order of the strategies' blocks keeps rotating from corpus to corpus.
    /// `loadMoreRows` are the thread's own pages not yet loaded (``TreeRowsCorpora/Corpus/pages``):
    /// load-page loads its pages there.
    public func run(corpus: String, tree: Tree, loadMoreRows: [NodeID] = [], firstCell: Int = 0,
                    cellFinished: ([BenchmarkResult]) -> Void = { _ in }) -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        let rows = Self.loadMoreRows(loadMoreRows, in: tree)
        for (cell, operation) in configuration.workloads.enumerated() {
            guard !shouldStop() else { break }
            let cellResults = measure(operation, corpus: corpus, tree: tree, seed: Self.seed(configuration.seed, operation),
                                      rotation: firstCell + cell, loadMoreRows: rows)
            guard !cellResults.isEmpty else { break }
            results += cellResults
            cellFinished(cellResults)
        }
        return results
    }

    /// The thread's load-more rows that `tree` holds as leaves, where load-page loads its pages.
    ///
    /// - Complexity: O(*p*) expected for *p* pages.
    static func loadMoreRows(_ ids: [NodeID], in tree: Tree) -> [NodeIndex] {
        ids.compactMap { tree.index(of: $0) }.filter { tree.firstChild(of: $0) == nil }
    }

    /// Inputs of the untimed pass on a fresh state: warm-up, allocation-counted, verified.
    static let untimedInputs = (warm: 2, counted: 16, verified: 4)

    /// One cell per strategy; the strategies' blocks start at the one `rotation` names (mod
    /// their number).
    private func measure(_ operation: BenchmarkWorkload, corpus: String, tree original: Tree, seed: UInt64,
                         rotation: Int, loadMoreRows: [NodeIndex]) -> [BenchmarkResult] {
        let clock = ContinuousClock()
        let setupStart = clock.now
        var tree = original
        if operation.needsHeights { RowHeightModel.text.apply(to: &tree) }
        let batch = operation.body.batch
        let reserved = (Self.untimedInputs.warm + Self.untimedInputs.counted + Self.untimedInputs.verified) * batch
        // The largest batched sample (any operation takes it at 0 ns an input) and the single unit after it.
        let timedBatch = Self.timedBatch(operation, nanosecondsPerInput: 0, budget: configuration.budget)
        let perSample = timedBatch + Self.singleInputs(after: timedBatch, of: operation)
        let (timedInputs, overflow) = configuration.samplesPerStrategy.multipliedReportingOverflow(by: perSample)
        let wanted = reserved + (overflow ? Int.max - reserved : timedInputs)
        let (rowCount, totalHeight) = BenchmarkCellInputs.visibleTotals(of: tree)
        let cellInputs = BenchmarkCellInputs(operation, tree: tree, rowCount: rowCount, totalHeight: totalHeight, count: wanted, seed: seed,
                                         loadMoreRows: loadMoreRows)
        // The first inputs are reserved for the untimed pass, so it sees the same inputs however
        // many timed samples the budget allows.
        let untimedPassInputs = Array(cellInputs.inputs.prefix(min(reserved, cellInputs.inputs.count / batch * batch)))
        // The inputs are every strategyCell's: each gets an equal share of their time.
        let sharedSetup = (clock.now - setupStart).nanoseconds / 1e9 / Double(max(1, strategies.count))
        var sink = 0
        // One strategy at a time, built just before its block and dropped after its check, so
        // that a run keeps one strategy's state (and one expected tree) beside the tree, and
        // no timed sample pays for the cache and TLB misses another strategy's work left
        // behind. The order of the blocks rotates from cell to cell.
        var measured: [BenchmarkResult?] = Array(repeating: nil, count: strategies.count)
        for turn in strategies.indices {
            let index = (turn + rotation) % strategies.count
            // A cell cut short is no cell: stopped, it is dropped whole.
            guard !shouldStop() else { return [] }
            let type = strategies[index]
            if let host = configuration.cellHost {
                var failed = BenchmarkResult(
                    strategy: type.name, corpus: corpus, nodes: tree.nodeCount, operation: operation.rawValue, samples: 0,
                    medianNanoseconds: 0, p90Nanoseconds: 0, p99Nanoseconds: 0, operationsPerSecond: 0, allocationsPerOperation: nil,
                    bytesPerOperation: nil, peakResidentBytes: 0, ratioToReference: nil, ratioToFastest: nil, correct: false)
                failed.debugBuild = Self.unmeasurableBuild != nil
                let result = host.measure(failed: failed, cellInputs: cellInputs, shouldStop: shouldStop) { observer in
                    observer.beginCase(nodes: tree.nodeCount)
                    var sink = 0
                    let result = measureStrategyCell(type, operation, corpus: corpus, tree: tree, cellInputs: cellInputs,
                                                     untimedPassInputs: untimedPassInputs, sharedSetup: sharedSetup, sink: &sink,
                                                     observer: observer)
                    BenchmarkSink.consume(sink)
                    return result
                }
                guard let result else { return [] }
                measured[index] = result
            } else {
                measured[index] = measureStrategyCell(type, operation, corpus: corpus, tree: tree, cellInputs: cellInputs,
                                                      untimedPassInputs: untimedPassInputs, sharedSetup: sharedSetup, sink: &sink,
                                                      observer: SilentObserver())
            }
        }
        BenchmarkSink.consume(sink)
        var results = measured.compactMap { $0 }
        if operation.body.drawsThreadPages {
            for index in results.indices { results[index].threadPages = loadMoreRows.count }
        }
        // Ratios among cells that took samples (a cell may run out of inputs on a small tree).
        let referenceMedian = results.first { $0.strategy == ReferenceStrategy.name && $0.samples > 0 }?.medianNanoseconds
        let fastest = results.filter { $0.correct && $0.samples > 0 }.map(\.medianNanoseconds).min()
        for index in results.indices where results[index].samples > 0 {
            if let referenceMedian, referenceMedian > 0 { results[index].ratioToReference = results[index].medianNanoseconds / referenceMedian }
            if let fastest, fastest > 0 { results[index].ratioToFastest = results[index].medianNanoseconds / fastest }
        }
        return results
    }
}
