import Foundation
import TreeRowsHarness

/// How `compare` and `gate` turn the library's decision (``BenchmarkGate``) into output: a
/// refusal becomes exit 2, and the decision is printed as a table of cells, failures first.
enum ComparisonTable {
    /// The gate's decision on `metric`, or exit 2 naming the fix when no cell could be compared.
    ///
    /// - Complexity: that of ``BenchmarkGate/init(base:head:metric:threshold:confidence:allowMissing:)``.
    static func decide(base: BenchmarkReport, head: BenchmarkReport, metric: BenchmarkComparison.Metric, threshold: Double,
                       confidence: Double, allowMissing: Bool) throws(CommandFailure) -> BenchmarkGate {
        do { return try BenchmarkGate(base: base, head: head, metric: metric, threshold: threshold, confidence: confidence,
                                      allowMissing: allowMissing) } catch { throw CommandFailure(message: error.description) }
    }

    /// Prints the decision: what was compared, how time was tested, then one line per cell
    /// (failures first) and the cells a side lacks.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    static func print(_ gate: BenchmarkGate, base: BenchmarkReport, head: BenchmarkReport) {
        let comparison = gate.comparison
        let metric = comparison.metric
        let header = ["strategy", "corpus", "operation", "base", "head", "change", "verdict"]
        let order = BenchmarkComparison.Change.Verdict.displayOrder
        let rows = comparison.changes.sorted {
            (order.firstIndex(of: $0.verdict)!, $0.strategy) < (order.firstIndex(of: $1.verdict)!, $1.strategy)
        }.map { change in
            [change.strategy, change.corpus, change.operation, format(change.base, metric),
             [.wrong, .crashed].contains(change.verdict) ? change.verdict.rawValue : format(change.head, metric), change.percentText(missing: "-"),
             change.verdict.rawValue + (change.note.map { " (\($0))" } ?? "")]
        }
        Swift.print("compare \(metric.rawValue), threshold \(BenchmarkGate.percent(comparison.threshold)): \(comparison.comparedCount) of the head's"
            + " \(head.results.count) cells compared; the base has \(base.results.count)")
        for (name, report) in [("base", base), ("head", head)] {
            Swift.print("\(name): \(report.builtWith)".escapingControls())
        }
        if metric == .median {
            if comparison.runs.base > 1 || comparison.runs.head > 1, !comparison.paired {
                Swift.print("runs: base \(comparison.runs.base), head \(comparison.runs.head); each run's median of a cell is one sample")
            }
            if !comparison.timeTested {
                Swift.print("time: not tested, one run a side (\(BenchmarkComparison.oneRunReason)); the medians are shown, nothing is judged")
            }
            if comparison.intervalCount > 0 {
                Swift.print("time: \(comparison.intervalCount) cells tested on their samples, intervals at \(BenchmarkComparison.percentText(confidence: comparison.cellConfidence)) each,"
                    + " \(BenchmarkComparison.percentText(confidence: comparison.confidence)) for the comparison as a whole"
                    + (comparison.paired ? " (rounds in pairs: Wilcoxon signed-rank, Bonferroni)" : " (Mann-Whitney, Bonferroni)"))
            }
            for (name, report) in [("base", base), ("head", head)] {
                if let lacking = report.lacking { Swift.print("\(name): \(lacking); its cells compare medians alone") }
            }
        }
        BenchTable.table([header] + rows).forEach { Swift.print($0) }
        comparison.missingFromHead.forEach { Swift.print("missing from head: \($0.escapingControls())") }
        comparison.newInHead.forEach { Swift.print("only in head: \($0.escapingControls())") }
    }

    /// A cell's figure as the table shows it: a time, allocations to three digits,
    /// instructions to one decimal; `-` for none.
    ///
    /// - Complexity: O(1).
    static func format(_ value: Double?, _ metric: BenchmarkComparison.Metric) -> String {
        guard let value else { return "-" }
        switch metric {
        case .median: return FigureText.time(value)
        case .allocations: return String(format: "%.3g", value)
        case .instructions: return String(format: "%.1f", value)
        }
    }
}
