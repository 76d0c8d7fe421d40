import ArgumentParser
import Foundation
import TreeRowsHarness

/// `treerows compare BASE.json HEAD.json`: the regression gate.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two `bench --json` results; exit 1 on a regression beyond the threshold.",
        discussion: """
            Allocations per operation are deterministic for a seed and are the default gate; median time is \
            opt-in (--metric median), as shared machines are noisy. A cell that was correct and is wrong \
            always regresses.
            """)

    @Argument(help: "The baseline results.") var base: String
    @Argument(help: "The results to check.") var head: String
    @Option(help: ArgumentHelp("Allowed growth, e.g. 10% or 0.1.", valueName: "percent")) var threshold = "10%"
    @Option(help: "allocations or median.") var metric = "allocations"

    func run() throws {
        guard let metric = BenchmarkComparison.Metric(rawValue: metric) else {
            throw CommandFailure(message: "unknown --metric \"\(self.metric)\". Fix: use allocations or median")
        }
        let text = threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold
        guard let number = Double(text), number >= 0 else {
            throw CommandFailure(message: "--threshold \(threshold) is not a percentage. Fix: write e.g. 10% or 0.1")
        }
        guard threshold.hasSuffix("%") || number <= 1 else {
            throw CommandFailure(message: "--threshold \(threshold) would allow \(Int(number * 100))% growth. Fix: write \(threshold)% for a percentage, or a fraction up to 1")
        }
        let fraction = threshold.hasSuffix("%") ? number / 100 : number
        let reports: [BenchmarkReport]
        do { reports = [try BenchmarkReport.readRelease(contentsOf: base), try BenchmarkReport.readRelease(contentsOf: head)] } catch {
            throw CommandFailure(message: error.description)
        }
        let comparison = BenchmarkComparison(base: reports[0], head: reports[1], metric: metric, threshold: fraction)
        guard !comparison.changes.isEmpty else {
            throw CommandFailure(message: "no cell has \(metric.rawValue) figures in both files, so nothing was compared."
                + " Fix: compare results of the same corpora and operations, measured with allocation counting (jemalloc)")
        }
        let header = ["strategy", "corpus", "operation", "base", "head", "change", "verdict"]
        let rows = comparison.changes.sorted { ($0.verdict.rawValue, $0.strategy) < ($1.verdict.rawValue, $1.strategy) }.map { change in
            let percent = change.base == 0 ? (change.head == 0 ? "0%" : "new") : String(format: "%+.1f%%", 100 * (change.head / change.base - 1))
            return [change.strategy, change.corpus, change.operation, Self.format(change.base, metric), Self.format(change.head, metric),
                    percent, change.verdict.rawValue + (change.note.map { " (\($0))" } ?? "")]
        }
        print("compare \(metric.rawValue), threshold \(Int((fraction * 100).rounded()))%: \(comparison.changes.count) cells")
        BenchTable.table([header] + rows).forEach { print($0) }
        comparison.unmatched.forEach { print($0) }
        let regressions = comparison.changes.filter { $0.verdict == .regression }.count
        if regressions > 0 {
            throw CommandFailure(message: "\(regressions) cells regressed beyond \(threshold)", exitCode: 1)
        }
    }

    static func format(_ value: Double, _ metric: BenchmarkComparison.Metric) -> String {
        metric == .median ? BenchTable.time(value) : String(format: "%.3g", value)
    }
}
