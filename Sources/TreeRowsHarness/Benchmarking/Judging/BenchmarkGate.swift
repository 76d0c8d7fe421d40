import Foundation

/// The gate's decision on one metric: base and head compared cell by cell
/// (``BenchmarkComparison``), and what fails the gate, typed. `treerows compare` and
/// `treerows gate` only read the files, print the decision and pick the exit code; a user of
/// the library gates the same way without them.
///
/// The gate fails on any cell that crashed, is wrong, regressed, could not be measured or
/// tested in the head, and on cells of the base missing from the head unless they are
/// allowed. It refuses to decide (``Refusal``) when not a single cell could be compared.
public struct BenchmarkGate: Sendable {
    /// What fails the gate, with its count of cells; ``description`` says it with the fix.
    public enum Failure: Sendable, Equatable, CustomStringConvertible {
        /// Cells that crashed in the head.
        case crashed(cells: Int)
        /// Cells whose strategy gave wrong rows in the head.
        case wrong(cells: Int)
        /// Cells that grew beyond the threshold (a fraction).
        case regressed(cells: Int, threshold: Double)
        /// Cells without a finite figure of the metric on a side.
        case unmeasured(cells: Int, metric: BenchmarkComparison.Metric)
        /// Time: cells with too few samples for an interval at the cell's confidence.
        case untested(cells: Int, cellConfidence: Double, fix: String)
        /// Cells of the base that the head lacks.
        case missing(cells: Int)

        public var description: String {
            switch self {
            case .crashed(let cells): "\(cells) cells CRASHED in the head"
            case .wrong(let cells): "\(cells) cells are WRONG in the head"
            case .regressed(let cells, let threshold): "\(cells) cells regressed beyond \(BenchmarkGate.percent(threshold))"
            case .unmeasured(let cells, let metric):
                "\(cells) cells have no finite \(metric.rawValue) figure to compare (UNMEASURED above). Fix: " + Self.measureFix(metric)
            case .untested(let cells, let cellConfidence, let fix):
                "\(cells) cells have too few samples for an interval at \(BenchmarkComparison.percentText(confidence: cellConfidence))"
                    + " (UNTESTED above), so the gate did not test them. Fix: \(fix)"
            case .missing(let cells):
                "\(cells) cells of the base are missing from the head (listed above)."
                    + " Fix: measure the same corpora, strategies and operations, or pass --allow-missing"
            }
        }

        private static func measureFix(_ metric: BenchmarkComparison.Metric) -> String {
            switch metric {
            case .allocations: "measure both with the same build and allocation counting, or compare --metric median"
            case .median: "measure both so that every cell gets timed samples (a larger --budget), or leave those operations out"
            case .instructions: "measure both with bench --instructions, which counts every cell that is not CRASHED"
            }
        }
    }

    /// Why no cell could be compared at all, so the gate does not decide.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Time: no cell has enough samples for an interval.
        case noInterval(untested: Int, fix: String)
        /// No cell has figures of the metric in both reports.
        case noFigures(BenchmarkComparison.Metric)

        public var description: String {
            switch self {
            case .noInterval(let untested, let fix):
                return "no cell has enough samples for an interval (\(untested) UNTESTED), so nothing was tested. Fix: \(fix)"
            case .noFigures(let metric):
                let measured = switch metric {
                case .allocations: "measured with allocation counting (jemalloc)"
                case .median: "in which each cell has timed samples (bench --json with a --budget and --repetitions that time every operation)"
                case .instructions: "both measured with bench --instructions (under valgrind)"
                }
                return "no cell has \(metric.rawValue) figures in both files, so nothing was compared. Fix: compare results"
                    + " of the same corpora and operations, " + measured
            }
        }
    }

    /// The comparison the decision rests on.
    public let comparison: BenchmarkComparison
    /// What fails the gate, in the order above; empty when it passes.
    public let failures: [Failure]

    /// Whether the gate passes: nothing fails it.
    public var passes: Bool { failures.isEmpty }

    /// Compares `head` with `base` on `metric` (``BenchmarkComparison/init(base:head:metric:threshold:confidence:)``)
    /// and decides.
    ///
    /// - Parameter allowMissing: Whether cells of the base missing from the head pass.
    /// - Throws: ``Refusal`` when no cell could be compared at all.
    /// - Complexity: that of the comparison.
    public init(base: BenchmarkReport, head: BenchmarkReport, metric: BenchmarkComparison.Metric, threshold: Double,
                confidence: Double = 0.95, allowMissing: Bool = false) throws(Refusal) {
        let comparison = BenchmarkComparison(base: base, head: head, metric: metric, threshold: threshold, confidence: confidence)
        let fix = Self.moreSamplesFix(comparison)
        func count(_ verdict: BenchmarkComparison.Change.Verdict) -> Int { comparison.changes.filter { $0.verdict == verdict }.count }
        guard comparison.comparedCount > 0 || comparison.notTestedCount > 0 || count(.wrong) + count(.crashed) > 0 else {
            if count(.untested) > 0 { throw .noInterval(untested: count(.untested), fix: fix) }
            throw .noFigures(metric)
        }
        var failures: [Failure] = []
        if count(.crashed) > 0 { failures.append(.crashed(cells: count(.crashed))) }
        if count(.wrong) > 0 { failures.append(.wrong(cells: count(.wrong))) }
        if count(.regression) > 0 { failures.append(.regressed(cells: count(.regression), threshold: threshold)) }
        if count(.unmeasured) > 0 { failures.append(.unmeasured(cells: count(.unmeasured), metric: metric)) }
        if count(.untested) > 0 { failures.append(.untested(cells: count(.untested), cellConfidence: comparison.cellConfidence, fix: fix)) }
        if !allowMissing && !comparison.missingFromHead.isEmpty { failures.append(.missing(cells: comparison.missingFromHead.count)) }
        self.comparison = comparison
        self.failures = failures
    }

    /// What gives cells too few samples for an interval enough: more paired rounds, or more
    /// runs a side, or fewer cells.
    ///
    /// - Complexity: O(*n*) for the *n* rounds or runs named.
    static func moreSamplesFix(_ comparison: BenchmarkComparison) -> String {
        if comparison.paired {
            let pairs = RatioInterval.smallestBoundedPairs(confidence: comparison.cellConfidence)
            return "run gate --rounds \(pairs) or more, or compare fewer cells"
        }
        let smallestSide = comparison.runsNeeded
        return "give \(smallestSide) or more runs a side (--base and --head with \(smallestSide) bench --json files each;"
            + " gate --rounds \(smallestSide)), or compare fewer cells"
    }

    /// A fraction as the percentage it is, to six significant digits: `10.5%`, `6.25%`.
    ///
    /// - Complexity: O(1).
    public static func percent(_ fraction: Double) -> String {
        String(format: "%.6g%%", fraction * 100)
    }
}
