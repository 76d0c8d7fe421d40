import TreeRowsCorpora

/// One cell of a benchmark: a strategy on a corpus doing one operation.
public struct BenchmarkResult: Equatable, Sendable, Codable {
    public var strategy: String
    public var corpus: String
    public var nodes: Int
    public var operation: String
    /// Timed samples taken (fewer than asked when the cell's time budget ran out).
    public var samples: Int
    /// The median time per operation of the timed samples (``BenchmarkSamples/median``).
    public var medianNanoseconds: Double
    /// The 90th percentile of single operations (``BenchmarkSamples/tail(_:)``).
    public var p90Nanoseconds: Double
    /// The 99th percentile of single operations.
    public var p99Nanoseconds: Double
    public var operationsPerSecond: Double
    /// Allocations per operation (jemalloc), `nil` without an allocation counter.
    public var allocationsPerOperation: Double?
    /// Bytes allocated per operation (jemalloc), `nil` without an allocation counter.
    public var bytesPerOperation: Double?
    /// Bytes the strategy keeps per operation: its live bytes after each batch of counted
    /// inputs against before it (jemalloc's counts of this thread; the mean over the batches
    /// but the two that kept the most, where a buffer that doubles now and then shows), apart
    /// from what it allocates and frees. About 0 for a toggle or a query,
    /// at most the bytes of the nodes an insert adds, below 0 where a removal frees them;
    /// more is memory that grows with the operations, not with the tree. `nil` without a
    /// counter that tells live bytes.
    public var retainedBytesPerOperation: Double? = nil
    /// The process's peak resident memory when the cell ended.
    public var peakResidentBytes: Int
    /// Median time divided by the reference's on the same corpus and operation.
    public var ratioToReference: Double?
    /// Median time divided by the fastest strategy's on the same corpus and operation.
    public var ratioToFastest: Double?
    /// Whether the strategy's rows and answers were right at the end of the cell.
    public var correct: Bool
    /// Build cells: the bytes per node a freshly built strategy keeps beyond the tree it
    /// shares (live bytes after the build minus before, jemalloc); `nil` elsewhere.
    public var strategyBytesPerNode: Double?
    /// The bytes per node the corpus's tree itself keeps (live bytes after loading or
    /// generating it minus before); `nil` when not measured.
    public var treeBytesPerNode: Double?
    /// Instructions per operation on the counted inputs, under valgrind's callgrind
    /// (`bench --instructions`); `nil` when not counted.
    public var instructionsPerOperation: Double?
    /// First-level cache misses per operation on the same inputs (instruction reads, data
    /// reads and writes), in callgrind's simulation of this machine's caches; `nil` when not
    /// counted.
    public var firstLevelMissesPerOperation: Double?
    /// Last-level cache misses per operation, counted alike.
    public var lastLevelMissesPerOperation: Double?
    /// Where this strategy's share of the cell's wall time went; `nil` when not recorded.
    public var timeSplit: BenchmarkTimeSplit?
    /// Whether the cell was measured by a build whose times mean nothing, an unoptimized
    /// (debug) one or one with invariant checks: `report` and `compare` refuse such results.
    public var debugBuild = false
    /// How the strategy crashed in this cell (trapped, overflowed its stack, hung or ran out
    /// of memory where its ``BenchmarkCellHost`` ran it), where the cell stopped; `nil` if it did not. A
    /// crashed cell is not ``correct``.
    public var crash: Crash?
    /// Every timed sample, for a comparison's statistics; `nil` in results written before
    /// they were kept (schema 1).
    public var distribution: BenchmarkSamples?
    /// Where in the cell the strategy crashed: "its build", "input 12 (…)" or the final check.
    public var crashStep: String?
    /// How many of the thread's own pages not yet loaded (its load-more rows) the cell's
    /// inputs were drawn at; 0 when the operation drew inputs of its own.
    public var threadPages = 0

    /// What the check found wrong in a cell that is not ``correct`` (and did not crash):
    /// the broken part of the contract, expected against found; `nil` for a correct cell,
    /// and in results written before it was kept.
    public var disagreement: StepDisagreement?
    /// Where in the cell the check found ``disagreement``: "input 3 (toggle #81)", "the rows
    /// before input 0" or "the final check".
    public var disagreementStep: String?

    /// A cell stopped because one of its steps (a batch of inputs) ran past the watchdog's
    /// budget without being a hang by the strategy's own cost: the least an operation costs,
    /// from what the step had used when stopped; `nil` for a cell measured to its end. A slow
    /// cell is neither wrong nor crashed: it has no samples, and ranks last on its operation.
    public var slowLowerBoundNanoseconds: Double?
    /// Where a slow cell was stopped: "input 0 (node #3) of 16", or "its build".
    public var slowStep: String?

    /// Whether the cell was stopped as slow (``slowLowerBoundNanoseconds``).
    public var isSlow: Bool { slowLowerBoundNanoseconds != nil }

    /// What the tables print for a cell that failed or was not measured to its end:
    /// `CRASHED`, `WRONG` or `SLOW`; `nil` for a correct, measured one.
    package var failureLabel: String? { crash != nil ? "CRASHED" : !correct ? "WRONG" : isSlow ? "SLOW" : nil }

    /// Why a wrong cell is wrong, in one line: "input 3 (toggle #81): diff … rejected: …";
    /// `nil` for a correct or crashed cell, or one read from a file that does not say.
    public var wrongSummary: String? {
        guard !correct, crash == nil, let disagreement else { return nil }
        return "\(disagreementStep ?? "the cell"): \(disagreement.detail)"
    }

    /// What a failed cell's table and report say under it, after the strategy's name:
    /// "crashed in input 3 (…): trap: …" or "is wrong at input 3 (…): …"; `nil` for a
    /// correct cell, or a wrong one read from a file that does not say why.
    package var failureSummary: String? {
        if let crash { return "crashed in \(crashStep ?? "the cell"): \(crash.summary)" }
        if correct, let slowLowerBoundNanoseconds {
            return "is SLOW: > \(Self.duration(slowLowerBoundNanoseconds)) per \(operation) at \(slowStep ?? "the cell"), stopped past"
                + " the watchdog's budget (its own measured steps did not make it a hang; see docs/Benchmarks.md)"
        }
        return wrongSummary.map { "is wrong at \($0)" }
    }

    /// `bytes` as `512 bytes`, `4.0 KiB` or `1.5 MiB` (with its sign).
    ///
    /// - Complexity: O(1).
    package static func bytes(_ bytes: Double) -> String {
        let size = abs(bytes), sign = bytes < 0 ? "-" : ""
        if size >= 1_048_576 { return sign + String(format: "%.1f MiB", size / 1_048_576) }
        if size >= 1_024 { return sign + String(format: "%.1f KiB", size / 1_024) }
        return sign + "\(Int(size.rounded())) bytes"
    }

    /// `nanoseconds` as `2.1 s`, `35 ms`, `120 µs` or `80 ns`.
    static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1e9 { return String(format: "%.3g s", nanoseconds / 1e9) }
        if nanoseconds >= 1e6 { return String(format: "%.3g ms", nanoseconds / 1e6) }
        if nanoseconds >= 1e3 { return String(format: "%.3g µs", nanoseconds / 1e3) }
        return String(format: "%.3g ns", nanoseconds)
    }

    public init(strategy: String, corpus: String, nodes: Int, operation: String, samples: Int, medianNanoseconds: Double,
                p90Nanoseconds: Double, p99Nanoseconds: Double, operationsPerSecond: Double, allocationsPerOperation: Double?,
                bytesPerOperation: Double?, peakResidentBytes: Int, ratioToReference: Double?, ratioToFastest: Double?,
                correct: Bool) {
        self.strategy = strategy
        self.corpus = corpus
        self.nodes = nodes
        self.operation = operation
        self.samples = samples
        self.medianNanoseconds = medianNanoseconds
        self.p90Nanoseconds = p90Nanoseconds
        self.p99Nanoseconds = p99Nanoseconds
        self.operationsPerSecond = operationsPerSecond
        self.allocationsPerOperation = allocationsPerOperation
        self.bytesPerOperation = bytesPerOperation
        self.peakResidentBytes = peakResidentBytes
        self.ratioToReference = ratioToReference
        self.ratioToFastest = ratioToFastest
        self.correct = correct
    }
}
