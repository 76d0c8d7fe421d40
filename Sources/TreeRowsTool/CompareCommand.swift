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
        let fraction = try PercentOption.threshold(threshold)
        let level = try PercentOption.confidence(confidence)
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
        let gate = try ComparisonTable.decide(base: reports[0], head: reports[1], metric: metric, threshold: fraction,
                                              confidence: level, allowMissing: allowMissing)
        let comparison = gate.comparison
        // A report on standard output takes the table's place.
        if format == "text" || output != nil { ComparisonTable.print(gate, base: reports[0], head: reports[1]) }
        let failures = read.flatMap(\.missing) + gate.failures.map(\.description)
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

}
