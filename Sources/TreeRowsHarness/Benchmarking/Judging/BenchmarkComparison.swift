/// The difference between two benchmark reports, cell by cell (strategy × corpus ×
/// operation), on one metric.
public struct BenchmarkComparison: Sendable {
    /// The metric compared.
    public enum Metric: String, CaseIterable, Sendable {
        /// Allocations per operation: deterministic for a seed, so the default gate.
        case allocations
        /// Median time: noisy on shared machines; opt-in.
        case median
        /// Instructions per operation under callgrind (`bench --instructions`): exact for a
        /// seed, so a gate at 1% holds on any machine.
        case instructions
    }

    /// One cell's change.
    public struct Change: Sendable {
        public enum Verdict: String, Sendable {
            /// The head's strategy gave wrong rows in this cell: a failure whatever the numbers.
            case wrong = "WRONG"
            /// The head's strategy crashed in this cell (trap, stack overflow, hang, out of memory).
            case crashed = "CRASHED"
            /// A side has no figure to compare, or one that is not a finite number (null,
            /// missing, text, 1e400; no samples for the median): a failure, as the gate did not
            /// compare the cell.
            case unmeasured = "UNMEASURED"
            case regression, improvement, unchanged
            /// Time only: the interval reaches within the threshold, so the samples cannot
            /// tell the change from noise.
            case withinNoise = "within noise"
            /// Time only: too few samples for an interval at the cell's confidence, so the
            /// cell was not tested: a failure, as the gate did not check it.
            case untested = "UNTESTED"
            /// Time only: a side is one run (one process), whose samples are not independent
            /// draws, so the cell's time could not be tested at all (see
            /// ``BenchmarkComparison/timeTested``): neither a pass nor a regression.
            case notTested = "not tested"

            /// The order in which tables and reports list cells: failures first.
            public static let displayOrder: [Verdict] = [.crashed, .wrong, .unmeasured, .untested, .regression, .improvement, .withinNoise,
                                                         .notTested, .unchanged]
        }
        public var strategy: String
        public var corpus: String
        public var operation: String
        /// The metric in the base, `nil` where it has none.
        public var base: Double?
        /// The metric in the head, `nil` where it has none.
        public var head: Double?
        public var verdict: Verdict
        /// Why, when the verdict is not about the numbers (e.g. a strategy that became wrong).
        public var note: String?
        /// Time: the ratio head / base with its interval at the comparison's
        /// ``BenchmarkComparison/cellConfidence``; `nil` when a side keeps no samples.
        public var interval: RatioInterval?
    }

    public let metric: Metric
    public let threshold: Double
    /// The confidence that every time interval holds its true ratio at once (0.95).
    public let confidence: Double
    /// The confidence of each cell's interval: ``confidence`` shared among the cells that
    /// have intervals (Bonferroni), so that it holds for the whole comparison.
    public let cellConfidence: Double
    /// Whether time compares rounds in pairs: both reports combine the paired rounds of one
    /// gate (``BenchmarkReport/pairing``), so each cell's head round is set against the same
    /// round's base (``RatioInterval/init(pairedBase:head:confidence:)``).
    public let paired: Bool
    /// The separate runs (processes) behind the base's and the head's time figures:
    /// ``BenchmarkReport/runs``.
    public let runs: (base: Int, head: Int)
    /// Whether time is tested: the sides pair one gate's rounds, or each side holds two or
    /// more runs, a cell's samples being its runs' medians. Within one process the samples of
    /// a cell are not independent draws: each process settles into its own speed for a cell
    /// (where its memory lies, what ran beside it), so two runs' samples differ by more than
    /// they show, and a test over them reports changes that are not in the code. With one run
    /// a side, every cell whose time would be tested is ``Change/Verdict/notTested``. Always
    /// true for allocations and instructions, which repeat exactly for a seed.
    public let timeTested: Bool
    public var changes: [Change]
    /// Cells of the base that the head lacks: a failure unless the caller allows it (a head
    /// that stopped measuring a cell must not pass the gate unseen).
    public var missingFromHead: [String]
    /// Cells only the head has (new measurements: a failure only when wrong or crashed,
    /// which ``changes`` then lists too).
    public var newInHead: [String]

    /// Whether any cell got worse than the threshold allows, is wrong or crashed in the
    /// head, or could not be compared or tested.
    public var hasRegression: Bool { changes.contains { [.regression, .wrong, .crashed, .unmeasured, .untested].contains($0.verdict) } }

    /// The cells whose figures were compared (neither wrong, crashed, unmeasured nor untested).
    public var comparedCount: Int { changes.filter { [.regression, .improvement, .unchanged, .withinNoise].contains($0.verdict) }.count }

    /// The compared cells whose time was tested: an interval bounded on both sides.
    public var intervalCount: Int { changes.filter { $0.interval?.isBounded == true }.count }

    /// The cells whose time was not tested because a side is one run (``timeTested``).
    public var notTestedCount: Int { changes.filter { $0.verdict == .notTested }.count }

    /// The fewest runs a side whose medians bound an interval at ``cellConfidence``: what
    /// a comparison of separate runs needs for its cells to be tested.
    ///
    /// - Complexity: O(*n*) for the answer *n*.
    public var runsNeeded: Int { RatioInterval.smallestBoundedSide(confidence: cellConfidence) }

    /// The runs a side to ask for: ``runsNeeded``, and ten at least, as the fewest runs that
    /// bound an interval find only large changes.
    public var runsAdvised: Int { max(10, runsNeeded) }

    /// Why one run a side tests no time, for messages and reports.
    public static let oneRunReason = "one process's samples are not independent draws (each process settles into its own speed for a cell)"

    /// Compares `head` against `base`.
    ///
    /// Allocations: a cell regresses when its count grows by more than `threshold` (a
    /// fraction: 0.1 = 10%) and by at least 0.05 per operation (so a count that was 0 and
    /// becomes 1 regresses, while rounding noise does not). Instructions: by more than
    /// `threshold` and at least one instruction per operation.
    ///
    /// Time, where both sides keep their samples: each cell gets the ratio of head to base
    /// with a ``RatioInterval`` (over pairs of rounds when both reports combine one gate's
    /// paired rounds, see ``paired``); it regresses only when the whole interval lies above
    /// 1 + `threshold`, improves only when it lies below 1 / (1 + `threshold`), and is
    /// within noise otherwise. The intervals share `confidence` (Bonferroni: each cell's is
    /// 1 - (1 - `confidence`) / *k* for *k* cells), so that the chance of any false verdict
    /// in the whole comparison is at most 1 - `confidence` when the assumptions hold. A cell
    /// a side keeps no samples of (a schema-1 file) compares its medians against the
    /// threshold alone. Time is tested only where the unit of the test is a run
    /// (``timeTested``): with one run a side, a cell that is neither wrong, crashed nor
    /// unmeasured is ``Change/Verdict/notTested``.
    ///
    /// A cell whose head result is wrong is ``Change/Verdict/wrong``, whatever its figures,
    /// also when the base lacks it; one without a finite figure on either side is
    /// ``Change/Verdict/unmeasured``.
    /// - Complexity: O(*c* *s*² log *s*) for *c* cells of *s* samples (at most 2,000 a side).
    public init(base: BenchmarkReport, head: BenchmarkReport, metric: Metric, threshold: Double, confidence: Double = 0.95) {
        self.metric = metric
        self.threshold = threshold
        self.confidence = confidence
        let paired = base.pairing != nil && base.pairing == head.pairing
        self.paired = paired
        runs = (base.runs, head.runs)
        let timeTested = metric != .median || paired || min(base.runs, head.runs) >= 2
        self.timeTested = timeTested
        let key: (BenchmarkResult) -> BenchmarkCellKey = BenchmarkCellKey.init
        let baseCells = Dictionary(base.results.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let headKeys = Set(head.results.map(key))
        var changes: [Change] = []
        // The cells whose time gets an interval, for the confidence each one's needs.
        func samplesOf(_ result: BenchmarkResult) -> [Double]? { result.distribution.flatMap { $0.nanoseconds.isEmpty ? nil : $0.nanoseconds } }
        let intervalCells = metric == .median ? head.results.filter { result in
            guard result.crash == nil, result.correct, samplesOf(result) != nil, let old = baseCells[key(result)] else { return false }
            return samplesOf(old) != nil
        }.count : 0
        cellConfidence = 1 - (1 - confidence) / Double(max(1, intervalCells))
        let value: (BenchmarkResult) -> Double? = switch metric {
        case .allocations: { $0.allocationsPerOperation }
        case .median: { $0.samples > 0 ? $0.medianNanoseconds : nil }
        case .instructions: { $0.instructionsPerOperation }
        }
        for result in head.results {
            guard let old = baseCells[key(result)] else {
                // A new cell passes unless it is broken.
                if let crash = result.crash {
                    changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                          base: nil, head: nil, verdict: .crashed, note: "new in the head: " + crash.summary))
                } else if !result.correct {
                    changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                          base: nil, head: value(result), verdict: .wrong,
                                          note: "new in the head" + (result.wrongSummary.map { ": " + $0 } ?? "")))
                }
                continue
            }
            if let crash = result.crash {
                changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                      base: value(old), head: nil, verdict: .crashed, note: crash.summary))
                continue
            }
            if !result.correct {
                changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                      base: value(old), head: value(result), verdict: .wrong,
                                      note: (old.correct ? "became wrong" : "wrong in both") + (result.wrongSummary.map { ": " + $0 } ?? "")))
                continue
            }
            let (baseFigure, headFigure) = (value(old), value(result))
            guard let before = baseFigure, let after = headFigure, before.isFinite, after.isFinite else {
                changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                      base: baseFigure, head: headFigure, verdict: .unmeasured,
                                      note: "no finite \(metric.rawValue) figure in the \(headFigure?.isFinite == true ? "base" : "head")"))
                continue
            }
            if !timeTested {
                changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                      base: before, head: after, verdict: .notTested))
                continue
            }
            if metric == .median, let baseSamples = samplesOf(old), let headSamples = samplesOf(result),
               let interval = paired && baseSamples.count == headSamples.count
                   ? RatioInterval(pairedBase: baseSamples, head: headSamples, confidence: cellConfidence)
                   : RatioInterval(base: baseSamples, head: headSamples, confidence: cellConfidence) {
                var verdict = Change.Verdict.withinNoise
                if interval.lower > 1 + threshold { verdict = .regression }
                if interval.upper < 1 / (1 + threshold) { verdict = .improvement }
                var notes: [String] = []
                if !interval.isBounded {
                    verdict = .untested
                    notes.append(paired ? "\(baseSamples.count) paired rounds, too few for an interval"
                                 : "\(min(baseSamples.count, headSamples.count)) samples a side, too few for an interval")
                }
                if let before = old.distribution?.batch, let after = result.distribution?.batch, before != after {
                    notes.append("batches of \(before) and \(after) inputs")
                }
                changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation, base: before,
                                      head: after, verdict: verdict, note: notes.isEmpty ? nil : notes.joined(separator: "; "),
                                      interval: interval))
                continue
            }
            var verdict = Change.Verdict.unchanged
            let floor = switch metric { case .allocations: 0.05; case .instructions: 1.0; case .median: 0.0 }
            if after > before * (1 + threshold) && after - before >= floor { verdict = .regression }
            if after < before * (1 - threshold) && before - after >= floor { verdict = .improvement }
            changes.append(Change(strategy: result.strategy, corpus: result.corpus, operation: result.operation,
                                  base: before, head: after, verdict: verdict,
                                  note: metric == .median ? "no samples kept: medians alone" : nil))
        }
        self.changes = changes
        missingFromHead = base.results.map(key).filter { !headKeys.contains($0) }.map(\.description)
        newInHead = head.results.map(key).filter { baseCells[$0] == nil }.map(\.description)
    }
}
