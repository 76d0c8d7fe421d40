import Foundation
import Testing

/// `compare --metric median` on results that keep their samples: the interval in the table,
/// the verdict from it, the confidence shared over the comparison, older files compared on
/// their medians with a word on what they lack.
@Suite struct CompareTimeTests {
    /// A schema-2 report of two toggle cells: `fast` (samples around `fastMedian`) and
    /// `steady` (around 1 µs), each with 100 samples spread ±2% in a fixed pattern, that
    /// combines 100 runs (a sample a run) as a gate's base.json does; `runs` 1 is one
    /// bench's own file.
    static func report(fastMedian: Double, schema: Int = 2, runs: Int = 100) -> String {
        func samples(_ median: Double) -> String {
            (0..<100).map { (index: Int) -> String in
                let spread: Double = 0.04 * Double((index * 37) % 100) / 100
                return String(median * (0.98 + spread))
            }.joined(separator: ",")
        }
        func cell(_ strategy: String, _ median: Double) -> String {
            #"{"strategy":"\#(strategy)","corpus":"c","nodes":10,"operation":"toggle-random","samples":100,"medianNs":\#(median),"#
                + #""correct":true"# + (schema == 2 ? #","batch":16,"samplesNs":[\#(samples(median))]"# : "") + "}"
        }
        return #"{"schema":\#(schema),"machine":{\#(runs > 1 ? "\"rounds\":\(runs)" : "")},"results":["# + cell("fast", fastMedian) + "," + cell("steady", 1000) + #"],"exponents":[]}"#
    }

    @Test func aPlantedSlowdownIsARegressionWithItsInterval() async throws {
        try await BenchCommandTests.withFiles([Self.report(fastMedian: 100), Self.report(fastMedian: 125)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == 1, "\(result)")
            let out = result.standardOutput
            #expect(out.contains("time: 2 cells tested on their samples, intervals at 97.5% each, 95% for the comparison as a whole"), "\(out)")
            let fast = try #require(out.split(separator: "\n").first { $0.hasPrefix("fast") }.map(String.init))
            #expect(fast.contains("+25.") && fast.contains("[+2") && fast.hasSuffix("regression"), "\(fast)")
            let steady = try #require(out.split(separator: "\n").first { $0.hasPrefix("steady") }.map(String.init))
            #expect(steady.contains("+0.0% [") && steady.hasSuffix("within noise"), "\(steady)")
            #expect(result.standardError.contains("1 cells regressed beyond 10%"), "\(result)")
        }
    }

    @Test func aChangeInsideTheThresholdIsWithinNoise() async throws {
        try await BenchCommandTests.withFiles([Self.report(fastMedian: 100), Self.report(fastMedian: 104)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--threshold", "5%"])
            #expect(result.exitCode == 0 && result.standardOutput.contains("within noise"), "\(result)")
        }
    }

    @Test func aSchemaOneFileIsComparedOnMediansAndSaysSo() async throws {
        try await BenchCommandTests.withFiles([Self.report(fastMedian: 100, schema: 1), Self.report(fastMedian: 125)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median"])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.standardOutput.contains("base: its cells keep no samples (schema 1), only their medians and tails;"
                + " its cells compare medians alone"), "\(result)")
            #expect(result.standardOutput.contains("no samples kept: medians alone") && !result.standardOutput.contains("time: "), "\(result)")
        }
    }

    @Test(arguments: ["40%", "100%", "nan", "x", "1e300"])
    func aConfidenceOutsideItsRangeIsRefused(_ value: String) async throws {
        try await BenchCommandTests.withFiles([Self.report(fastMedian: 100), Self.report(fastMedian: 100)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--confidence", value])
            #expect(result.exitCode == 2 && result.standardError.contains("--confidence") && result.standardError.contains("Fix:"), "\(result)")
        }
    }
}

extension CompareTimeTests {
    /// The comparison as Markdown and HTML: every cell a row with its interval, and in HTML
    /// every tested cell's base and head samples side by side; names escaped in both.
    @Test func reportsShowTheIntervalAndTheDistributions() async throws {
        let base = Self.report(fastMedian: 100).replacingOccurrences(of: #""steady""#, with: #""st|e<b>ady""#)
        let head = Self.report(fastMedian: 125).replacingOccurrences(of: #""steady""#, with: #""st|e<b>ady""#)
        try await BenchCommandTests.withFiles([base, head]) { paths in
            let markdown = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--format", "markdown"])
            #expect(markdown.exitCode == 1, "\(markdown)")
            let rows = markdown.standardOutput.split(separator: "\n").filter { $0.hasPrefix("| ") }
            #expect(rows.count == 3 && rows.allSatisfy { $0.filter { $0 == "|" }.count - $0.components(separatedBy: "\\|").count + 1 == 8 },
                    "\(markdown.standardOutput)")
            #expect(markdown.standardOutput.contains("| fast | c | toggle-random | 100 ns | 125 ns | +25.0% \\[+2"), "\(markdown.standardOutput)")
            #expect(!markdown.standardOutput.contains("median 1"), "the table went to stdout beside the report")
            let folder = try TemporaryFolder("compare-html")
            defer { folder.remove() }
            let html = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "--metric", "median", "--format", "html",
                                                         "-o", folder.path("c.html")])
            #expect(html.exitCode == 1 && html.standardOutput.contains("wrote "), "\(html)")
            let page = try String(contentsOfFile: folder.path("c.html"), encoding: .utf8)
            #expect(page.components(separatedBy: #"<g class="cell">"#).count - 1 == 2, "one strip per tested cell")
            #expect(page.contains("st|e&lt;b&gt;ady") && !page.contains("<b>ady"), "names are escaped")
            #expect(page.components(separatedBy: "<line ").count - 1 >= 400, "every sample of both sides is drawn")
        }
    }

    @Test func anOutputNeedsAReportFormat() async throws {
        try await BenchCommandTests.withFiles([Self.report(fastMedian: 100), Self.report(fastMedian: 100)]) { paths in
            let result = try await TreeRowsExecutable.run(["compare", paths[0], paths[1], "-o", "x.md"])
            #expect(result.exitCode == 2 && result.standardError.contains("Fix: add --format markdown"), "\(result)")
        }
    }

    /// The distributions chart of a comparison draws a bounded number of marks however many
    /// samples the files keep (each side thinned to its order statistics).
    @Test func aComparisonChartIsBoundedInItsSamples() async throws {
        let many = (0..<50_000).map { String(100 + $0 % 7) }.joined(separator: ",")
        // A combined file (a sample a run), whose time is tested and drawn.
        let file = #"{"schema":2,"machine":{"rounds":50000},"results":[{"strategy":"s","corpus":"c","nodes":10,"operation":"toggle-random","#
            + #""samples":50000,"medianNs":103,"correct":true,"batch":1,"samplesNs":[\#(many)]}],"exponents":[]}"#
        let folder = try TemporaryFolder("chart-bound")
        defer { folder.remove() }
        try folder.write(file, to: "a.json")
        let result = try await TreeRowsExecutable.run(["compare", "a.json", "a.json", "--metric", "median", "--format", "html", "-o", "c.html"],
                                                      in: folder.url)
        #expect(result.exitCode == 0, "\(result)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("c.html"), encoding: .utf8)
        #expect(html.utf8.count < 1_000_000 && html.components(separatedBy: "<line").count - 1 <= 2 * 400 + 50, "\(html.utf8.count) bytes")
    }
}
