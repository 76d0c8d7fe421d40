import ArgumentParser
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows report RESULTS.json --format markdown|svg|html -o FILE`.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Turn `bench --json` results into Markdown (CI summaries), SVG charts or one HTML page.")

    @Argument(help: "The results file.") var results: String
    @Option(help: "markdown, svg or html.") var format = "markdown"
    @Option(name: .shortAndLong, help: "The output file (default: standard output).") var output: String?

    func run() throws {
        if let output { try OutputPath.check(output, inputs: [results]) }
        let report: BenchmarkReport
        do { report = try BenchmarkReport.readRelease(contentsOf: results) } catch { throw CommandFailure(message: error.description) }
        guard !report.results.isEmpty else {
            throw CommandFailure(message: "\(results.escapingControls()) has no results, so a report would show nothing."
                + " Fix: pass the JSON of a bench that measured cells")
        }
        // As bench refuses to write it: no cell timed and none wrong is nothing to report.
        guard report.measuredAnything else {
            throw CommandFailure(message: "no cell of \(results.escapingControls()) took a timed sample, so a report would rank nothing."
                + " Fix: pass the JSON of a bench that timed its cells (a larger corpus, or other operations)")
        }
        let text: String
        switch format {
        case "markdown": text = ReportMarkdown.render(report)
        case "svg": text = ReportSVG.render(report)
        case "html": text = ReportHTML.render(report)
        default: throw CommandFailure(message: "unknown --format \"\(format)\". Fix: use markdown, svg or html")
        }
        guard let output else {
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            return
        }
        try OutputPath.write(Array(text.utf8), to: output, inputs: [results])
        print("wrote \(output.escapingControls())")
    }
}
