import Foundation
import TreeRowsCorpora
import TreeRowsHarness

/// The terminal output of a benchmark run: one block per corpus and operation (printed as
/// each cell finishes), strategies fastest first; then the exponents and the verdict.
enum BenchTable {
    /// The block of one cell (one corpus and operation, a result per strategy): a blank
    /// line, the title, the table fastest first, and the bytes per node kept; each line
    /// with its control characters (a corpus name's) shown as escapes.
    ///
    /// - Complexity: O(*s* log *s*) for *s* strategies.
    static func cell(_ results: [BenchmarkResult]) -> [String] {
        cellLines(results).map { $0.escapingControls() }
    }

    private static func cellLines(_ results: [BenchmarkResult]) -> [String] {
        let header = ["strategy", "samples", "median", "p90", "p99", "ops/s", "allocs/op", "bytes/op", "kept/op", "x ref", "x best", ""]
        let cell = results.sorted {
            ($0.correct && $0.samples > 0 ? 0 : 1, $0.medianNanoseconds) < ($1.correct && $1.samples > 0 ? 0 : 1, $1.medianNanoseconds)
        }
        guard let first = cell.first else { return [] }
        let pages = first.threadPages > 0 ? " · at the thread's \(first.threadPages) load-more rows" : ""
        var lines = ["", "\(first.corpus) (\(first.nodes) nodes) · \(first.operation)\(pages)"]
        let rows = cell.map { result in
            result.samples == 0
                ? [result.strategy, "0", result.slowLowerBoundNanoseconds.map { "> " + FigureText.time($0) } ?? "-", "-", "-", "-", FigureText.amount(result.allocationsPerOperation),
                   FigureText.amount(result.bytesPerOperation), FigureText.signedAmount(result.retainedBytesPerOperation), "-", "-",
                   result.failureLabel ?? "too few inputs"]
                : [result.strategy, String(result.samples), FigureText.time(result.medianNanoseconds), FigureText.time(result.p90Nanoseconds),
                   FigureText.time(result.p99Nanoseconds), FigureText.count(result.operationsPerSecond), FigureText.amount(result.allocationsPerOperation),
                   FigureText.amount(result.bytesPerOperation), FigureText.signedAmount(result.retainedBytesPerOperation), FigureText.ratio(result.ratioToReference),
                   FigureText.ratio(result.ratioToFastest),
                   result.failureLabel ?? ""]
        }
        lines += table([header] + rows)
        for result in cell {
            if let failure = result.failureSummary { lines.append("\(result.strategy) \(failure)") }
        }
        let kept = cell.compactMap { result in result.strategyBytesPerNode.map { "\(result.strategy) \(String(format: "%.1f", $0))" } }
        if !kept.isEmpty {
            let tree = first.treeBytesPerNode.map { "tree \(String(format: "%.1f", $0)); " } ?? ""
            lines.append("bytes per node kept: \(tree)each strategy beyond the tree: \(kept.joined(separator: ", "))")
        }
        return lines
    }

    /// What follows the cells: the growth exponents of size sweeps, then the verdict (which
    /// names corpora); each line with its control characters shown as escapes.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    static func summary(_ report: BenchmarkReport) -> [String] {
        summaryLines(report).map { $0.escapingControls() }
    }

    private static func summaryLines(_ report: BenchmarkReport) -> [String] {
        var lines: [String] = []
        if !report.exponents.isEmpty {
            lines.append("")
            lines.append("growth of the median with size (time ~ n^k)")
            lines += table([["strategy", "operation", "shape", "k"]] + report.exponents.map {
                [$0.strategy, $0.operation, $0.shape, String(format: "%.2f", $0.exponent)]
            })
        }
        if let verdict = BenchmarkVerdict(report.results, exponents: report.exponents) {
            lines.append("")
            lines += verdict.lines
        }
        return lines
    }

    /// Where the run's time went: loading or generating trees, then each part of the
    /// cells' time (``BenchmarkTimeSplit``), then the wall time of the whole run.
    ///
    /// - Complexity: O(*r*) for *r* results.
    static func timeLine(_ results: [BenchmarkResult], trees: Double, wall: Double) -> String {
        let split = results.compactMap(\.timeSplit).reduce(BenchmarkTimeSplit(), +)
        func seconds(_ value: Double) -> String { String(format: value < 10 ? "%.2f s" : "%.0f s", value) }
        return "time: trees \(seconds(trees)), set-up \(seconds(split.setup)), timed samples \(seconds(split.sampling)),"
            + " allocation counting \(seconds(split.counting)), checks \(seconds(split.checking)); \(seconds(wall)) in all"
    }

    /// Rows as aligned columns (the first left, the rest right), each cell's control
    /// characters shown as escapes so that a name from a file keeps to its row.
    ///
    /// - Complexity: O(*c*) for *c* characters in all cells.
    static func table(_ rows: [[String]]) -> [String] {
        let rows = rows.map { $0.map { $0.escapingControls() } }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max()! }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                column == 0 ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }
}
