import ArgumentParser
import Foundation
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows compare BASE.json HEAD.json`, or `--base A1.json … --head B1.json …`: the
/// regression gate.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare `bench --json` results, one file or several runs a side; exit 1 on a regression beyond the threshold.",
        discussion: """
            Allocations per operation are deterministic for a seed and are the default gate. Time (--metric median) \
            is tested only where the unit of the test is a run: one process's samples of a cell are not independent \
            draws (each process settles into its own speed), so each run's median of a cell is one observation. Give \
            several runs a side (--base A1.json A2.json … --head B1.json B2.json …, each a separate bench process), \
            or a gate's base.json and head.json (its rounds in pairs). Each cell gets the ratio head/base with a \
            confidence interval, regresses only when the whole interval lies beyond the threshold, and is "within \
            noise" otherwise; the intervals share --confidence over the whole comparison. With one run a side, time \
            cannot be tested: every cell is "not tested", nothing is called a regression, and compare exits 2 (1 if \
            a cell is WRONG, CRASHED or missing) naming the fix. A cell that is wrong in the head is WRONG and \
            fails, whatever its figures. Cells of the base missing from the head fail too, unless --allow-missing \
            (cells only the head has are listed, never a failure); with several runs a side, so does a cell missing \
            from any run.
            """)

    @Argument(help: ArgumentHelp("The baseline results and the results to check (or --base and --head).", valueName: "BASE.json HEAD.json"))
    var files: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("The base's runs: bench --json files of separate processes.", valueName: "file"))
    var base: [String] = []
    @Option(parsing: .upToNextOption, help: ArgumentHelp("The head's runs, as --base.", valueName: "file"))
    var head: [String] = []
    @Option(help: ArgumentHelp("Allowed growth, e.g. 10% or 0.1 (default: 1% for instructions, else 10%).", valueName: "percent"))
    var threshold: String?
    @Option(help: "allocations, median or instructions (bench --instructions).") var metric = "allocations"
    @Option(help: ArgumentHelp("Time: the confidence that every interval of the comparison holds at once, e.g. 95%, from 50% to 99.99%.",
                               valueName: "percent"))
    var confidence = "95%"
    @Flag(help: "Pass although cells of the base are missing from the head.") var allowMissing = false
    @Option(help: "text (the table), markdown or html (with time, base and head distributions side by side).") var format = "text"
    @Option(name: .shortAndLong, help: "Write the markdown or html report to this file; the table still goes to standard output.")
    var output: String?

    func validate() throws {
        if files.isEmpty {
            guard !base.isEmpty && !head.isEmpty else {
                throw ValidationError("give the base and the head: compare BASE.json HEAD.json, or --base A1.json A2.json … --head B1.json B2.json …")
            }
        } else {
            guard base.isEmpty && head.isEmpty else {
                throw ValidationError("give the files either as two arguments or with --base and --head, not both")
            }
            guard files.count == 2 else {
                throw ValidationError("compare takes two files, BASE.json HEAD.json, not \(files.count). For several runs a side, use --base A1.json A2.json … --head B1.json B2.json …")
            }
        }
    }

    func run() throws {
        guard let metric = BenchmarkComparison.Metric(rawValue: metric) else {
            throw CommandFailure(message: "unknown --metric \"\(self.metric)\". Fix: use allocations, median or instructions")
        }
        let threshold = self.threshold ?? (metric == .instructions ? "1%" : "10%")
        let fraction = try Self.threshold(threshold)
        let level = try Self.confidence(confidence)
        guard ["text", "markdown", "html"].contains(format) else {
            throw CommandFailure(message: "unknown --format \"\(format)\". Fix: use text, markdown or html")
        }
        if output != nil && format == "text" {
            throw CommandFailure(message: "-o writes a markdown or html report. Fix: add --format markdown or --format html")
        }
        let sides = files.isEmpty ? [base, head] : files.map { [$0] }
        let inputs = sides.flatMap { $0 }
        if let output { try OutputPath.check(output, inputs: inputs) }
        let read = try zip(["base", "head"], sides).map { side, paths throws(CommandFailure) in try Self.runs(of: side, paths) }
        let reports = read.map(\.report)
        // A report on standard output takes the table's place.
        let (comparison, found) = try Self.verdict(base: reports[0], head: reports[1], metric: metric, threshold: fraction,
                                                      confidence: level, allowMissing: allowMissing,
                                                      printing: format == "text" || output != nil)
        let failures = read.flatMap(\.missing) + found
        if format != "text" {
            let text = format == "html" ? ReportHTML.render(comparison, base: reports[0], head: reports[1])
                : ReportMarkdown.render(comparison, base: reports[0], head: reports[1])
            if let output {
                try OutputPath.write(Array(text.utf8), to: output, inputs: inputs)
                print("wrote \(output.escapingControls())")
            } else {
                print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
        if !failures.isEmpty { throw CommandFailure(message: failures.joined(separator: "; "), exitCode: 1) }
        if comparison.notTestedCount > 0 { throw Self.oneRunASide(comparison) }
    }

    /// One side's report: the file itself, or the runs combined, each run's median of a cell
    /// one sample (``BenchmarkReport/combining(rounds:pairing:)``), with the cells some runs
    /// lack as failures.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) for a file that does not read, or a file among
    ///   several that already combines rounds.
    static func runs(of side: String, _ paths: [String]) throws(CommandFailure) -> (report: BenchmarkReport, missing: [String]) {
        var reports: [BenchmarkReport] = []
        // A run counts once: the same samples twice are one run named twice, or copied.
        var seen: [[[Double]]: String] = [:]
        for path in paths {
            let report: BenchmarkReport
            do { report = try BenchmarkReport.readRelease(contentsOf: path) } catch { throw CommandFailure(message: error.description) }
            guard !report.results.isEmpty else {
                throw CommandFailure(message: "\(path.escapingControls()): holds no results (its \"results\" array is empty), so there is nothing"
                    + " to compare. Fix: pass the JSON of a bench that measured cells")
            }
            if paths.count > 1 && report.runs > 1 {
                throw CommandFailure(message: "\(path.escapingControls()) combines \(report.runs) rounds (a gate's base.json or head.json),"
                    + " not one run. Fix: give the \(side) each run's own bench --json file, or compare a gate's base.json and head.json as two files")
            }
            if paths.count > 1, let samples = report.timedSamples {
                if let earlier = seen.updateValue(path, forKey: samples) {
                    throw CommandFailure(message: "\(path.escapingControls()) holds the same timed samples as \(earlier.escapingControls()):"
                        + " one run given twice (the same file, or a copy), which would count as two. Fix: give the \(side) each separate"
                        + " run once")
                }
            }
            reports.append(report)
        }
        guard reports.count > 1 else { return (reports[0], []) }
        let missing = BenchmarkReport.cellsMissing(fromRounds: reports).map { cell, runs in
            "\(side): \(cell.escapingControls()) is missing from " + runs.map { paths[$0 - 1].escapingControls() }.joined(separator: ", ")
                + ", so it is not compared. Fix: give the \(side) runs of the same bench (corpora, strategies, operations)"
        }
        return (BenchmarkReport.combining(rounds: reports), missing)
    }

    /// The exit-2 failure of a time comparison with one run a side: nothing tested, the fix named.
    static func oneRunASide(_ comparison: BenchmarkComparison) -> CommandFailure {
        let single = [("base", comparison.runs.base), ("head", comparison.runs.head)].filter { $0.1 < 2 }.map(\.0)
        let needed = comparison.runsAdvised
        return CommandFailure(message: "time was not tested: the \(single.joined(separator: " and ")) \(single.count > 1 ? "are" : "is") one run"
            + " each, and \(BenchmarkComparison.oneRunReason),"
            + " so \(comparison.notTestedCount) cells are \"not tested\" and none is called a regression."
            + " Fix: run treerows gate --base-tool OLD -- OPTIONS (base and head taking turns in one job), or give \(needed) or more"
            + " runs a side (separate bench --json processes; \(comparison.runsNeeded) bound an interval over these cells, more narrow it):"
            + " compare --metric median --base A1.json … A\(needed).json --head B1.json … B\(needed).json")
    }

    /// `--threshold` as a fraction: `10%` or `0.1`, from 0% to 1000000%.
    static func threshold(_ threshold: String, option: String = "--threshold") throws(CommandFailure) -> Double {
        let text = threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold
        // Finite and at most a million percent: the percentage is printed as a whole number.
        guard let number = Double(text), number >= 0, (threshold.hasSuffix("%") ? number : number * 100) <= 1_000_000 else {
            throw CommandFailure(message: "\(option) \(threshold) is not a percentage from 0% to 1000000%. Fix: write e.g. 10% or 0.1")
        }
        guard threshold.hasSuffix("%") || number <= 1 else {
            throw CommandFailure(message: "\(option) \(threshold) would allow \(Int(number * 100))% growth. Fix: write \(threshold)% for a percentage, or a fraction up to 1")
        }
        return threshold.hasSuffix("%") ? number / 100 : number
    }

    /// `--confidence` as a fraction: `95%` or `0.95`, from 50% to 99.99%.
    static func confidence(_ confidence: String) throws(CommandFailure) -> Double {
        let confidenceText = confidence.hasSuffix("%") ? String(confidence.dropLast()) : confidence
        guard let confidenceNumber = Double(confidenceText), confidenceNumber.isFinite else {
            throw CommandFailure(message: "--confidence \(confidence) is not a percentage. Fix: write e.g. 95% or 0.95")
        }
        let level = confidence.hasSuffix("%") || confidenceNumber > 1 ? confidenceNumber / 100 : confidenceNumber
        guard level >= 0.5 && level <= 0.9999 else {
            throw CommandFailure(message: "--confidence \(confidence) is outside 50% to 99.99%. Fix: write e.g. 95%")
        }
        return level
    }

    /// Compares `head` with `base` on `metric`, prints the table (when `printing`), and returns
    /// the comparison and what fails the gate (empty when it passes).
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when no cell could be compared at all.
    static func verdict(base: BenchmarkReport, head: BenchmarkReport, metric: BenchmarkComparison.Metric, threshold fraction: Double,
                        confidence level: Double, allowMissing: Bool,
                        printing: Bool = true) throws(CommandFailure) -> (comparison: BenchmarkComparison, failures: [String]) {
        let reports = [base, head]
        let comparison = BenchmarkComparison(base: base, head: head, metric: metric, threshold: fraction, confidence: level)
        let moreSamples: String
        if comparison.paired {
            let pairs = RatioInterval.smallestBoundedPairs(confidence: comparison.cellConfidence)
            moreSamples = "run gate --rounds \(pairs) or more, or compare fewer cells"
        } else {
            let smallestSide = comparison.runsNeeded
            moreSamples = "give \(smallestSide) or more runs a side (--base and --head with \(smallestSide) bench --json files each;"
                + " gate --rounds \(smallestSide)), or compare fewer cells"
        }
        guard comparison.comparedCount > 0 || comparison.notTestedCount > 0
            || comparison.changes.contains(where: { [.wrong, .crashed].contains($0.verdict) }) else {
            let untested = comparison.changes.filter { $0.verdict == .untested }.count
            if untested > 0 {
                throw CommandFailure(message: "no cell has enough samples for an interval (\(untested) UNTESTED), so nothing was tested."
                    + " Fix: \(moreSamples)")
            }
            let measured = switch metric {
            case .allocations: "measured with allocation counting (jemalloc)"
            case .median: "in which each cell has timed samples (bench --json with a --budget and --repetitions that time every operation)"
            case .instructions: "both measured with bench --instructions (under valgrind)"
            }
            throw CommandFailure(message: "no cell has \(metric.rawValue) figures in both files, so nothing was compared. Fix: compare results"
                + " of the same corpora and operations, " + measured)
        }
        let header = ["strategy", "corpus", "operation", "base", "head", "change", "verdict"]
        let order = BenchmarkComparison.Change.Verdict.displayOrder
        let rows = comparison.changes.sorted {
            (order.firstIndex(of: $0.verdict)!, $0.strategy) < (order.firstIndex(of: $1.verdict)!, $1.strategy)
        }.map { change in
            [change.strategy, change.corpus, change.operation, Self.format(change.base, metric),
             [.wrong, .crashed].contains(change.verdict) ? change.verdict.rawValue : Self.format(change.head, metric), change.percentText(missing: "-"),
             change.verdict.rawValue + (change.note.map { " (\($0))" } ?? "")]
        }
        let print: (String) -> Void = printing ? { Swift.print($0) } : { _ in }
        print("compare \(metric.rawValue), threshold \(Self.percent(fraction)): \(comparison.comparedCount) of the head's"
            + " \(reports[1].results.count) cells compared; the base has \(reports[0].results.count)")
        if metric == .median {
            if comparison.runs.base > 1 || comparison.runs.head > 1, !comparison.paired {
                print("runs: base \(comparison.runs.base), head \(comparison.runs.head); each run's median of a cell is one sample")
            }
            if !comparison.timeTested {
                print("time: not tested, one run a side (\(BenchmarkComparison.oneRunReason)); the medians are shown, nothing is judged")
            }
            if comparison.intervalCount > 0 {
                print("time: \(comparison.intervalCount) cells tested on their samples, intervals at \(BenchmarkComparison.percentText(confidence: comparison.cellConfidence)) each,"
                    + " \(BenchmarkComparison.percentText(confidence: level)) for the comparison as a whole"
                    + (comparison.paired ? " (rounds in pairs: Wilcoxon signed-rank, Bonferroni)" : " (Mann-Whitney, Bonferroni)"))
            }
            for (name, report) in [("base", reports[0]), ("head", reports[1])] {
                if let lacking = report.lacking { print("\(name): \(lacking); its cells compare medians alone") }
            }
        }
        BenchTable.table([header] + rows).forEach { print($0) }
        comparison.missingFromHead.forEach { print("missing from head: \($0.escapingControls())") }
        comparison.newInHead.forEach { print("only in head: \($0.escapingControls())") }
        let wrong = comparison.changes.filter { $0.verdict == .wrong }.count
        let crashed = comparison.changes.filter { $0.verdict == .crashed }.count
        let regressions = comparison.changes.filter { $0.verdict == .regression }.count
        let unmeasured = comparison.changes.filter { $0.verdict == .unmeasured }.count
        let untested = comparison.changes.filter { $0.verdict == .untested }.count
        let missing = allowMissing ? 0 : comparison.missingFromHead.count
        var failures: [String] = []
        if crashed > 0 { failures.append("\(crashed) cells CRASHED in the head") }
        if wrong > 0 { failures.append("\(wrong) cells are WRONG in the head") }
        if regressions > 0 { failures.append("\(regressions) cells regressed beyond \(Self.percent(fraction))") }
        if unmeasured > 0 {
            let fix = switch metric {
            case .allocations: "measure both with the same build and allocation counting, or compare --metric median"
            case .median: "measure both so that every cell gets timed samples (a larger --budget), or leave those operations out"
            case .instructions: "measure both with bench --instructions, which counts every cell that is not CRASHED"
            }
            failures.append("\(unmeasured) cells have no finite \(metric.rawValue) figure to compare (UNMEASURED above). Fix: " + fix)
        }
        if untested > 0 {
            failures.append("\(untested) cells have too few samples for an interval at \(BenchmarkComparison.percentText(confidence: comparison.cellConfidence))"
                + " (UNTESTED above), so the gate did not test them. Fix: \(moreSamples)")
        }
        if missing > 0 {
            failures.append("\(missing) cells of the base are missing from the head (listed above)."
                + " Fix: measure the same corpora, strategies and operations, or pass --allow-missing")
        }
        return (comparison, failures)
    }

    /// A fraction as the percentage it is, to six significant digits: `10.5%`, `6.25%`.
    ///
    /// - Complexity: O(1).
    static func percent(_ fraction: Double) -> String {
        String(format: "%.6g%%", fraction * 100)
    }

    static func format(_ value: Double?, _ metric: BenchmarkComparison.Metric) -> String {
        guard let value else { return "-" }
        switch metric {
        case .median: return BenchTable.time(value)
        case .allocations: return String(format: "%.3g", value)
        case .instructions: return String(format: "%.1f", value)
        }
    }
}
