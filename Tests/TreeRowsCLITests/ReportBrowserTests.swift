import Foundation
import Testing
import TreeRowsCorpora
import TreeRowsHarness

/// The HTML report as a person sees it: rendered by headless Chromium (Debian's
/// `chromium-headless-shell`, which `bash .ci/setup --browser` installs), with a probe
/// script that reads the laid-out page back: charts, axis labels, whiskers, bars, the
/// verdict's place and the machine facts.
@Suite struct ReportBrowserTests {
    /// What the probe read from one chart.
    struct Chart: Decodable {
        var title: String
        /// Axis labels of the time axis, with their vertical centre on the page.
        var ticks: [Label]
        /// Vertical extent of each whisker and each bar, in drawing order.
        var whiskers: [Extent]
        var bars: [Extent]
        var points: Int
    }

    struct Label: Decodable {
        var text: String
        var y: Double
    }

    struct Extent: Decodable {
        var top: Double
        var bottom: Double
    }

    /// What the probe read from the page.
    struct Page: Decodable {
        var headings: [String]
        var verdictBottom: Double
        var firstChartTop: Double
        var svgWidth: Double
        var svgHeight: Double
        /// The right edge of the widest text in the charts, in page coordinates relative to the SVG.
        var textRight: Double
        var charts: [Chart]
        var paragraphs: [String]
        var tableRows: [Int]
    }

    static func result(_ strategy: String, _ corpus: String, nodes: Int, _ operation: String,
                       median: Double, p90: Double, p99: Double) -> BenchmarkResult {
        BenchmarkResult(strategy: strategy, corpus: corpus, nodes: nodes, operation: operation, samples: 200,
                        medianNanoseconds: median, p90Nanoseconds: p90, p99Nanoseconds: p99, operationsPerSecond: 1e9 / median,
                        allocationsPerOperation: 0, bytesPerOperation: 0, peakResidentBytes: 1 << 20, ratioToReference: 1,
                        ratioToFastest: 1, correct: true)
    }

    /// A report with a size sweep and a named corpus; one strategy answers in 3 ns (p90
    /// 4 ns, p99 40 ns), below the old axis's "0 ns" label.
    static var report: BenchmarkReport {
        var results: [BenchmarkResult] = []
        for (corpus, nodes) in [("reddit:1000", 1000), ("reddit:10000", 10000), ("forest", 30000)] {
            let scale = Double(nodes) / 1000
            results.append(result("reference", corpus, nodes: nodes, "toggle-random", median: 20_000 * scale, p90: 25_000 * scale, p99: 40_000 * scale))
            results.append(result("fast", corpus, nodes: nodes, "toggle-random", median: 120, p90: 400, p99: 900))
            results.append(result("reference", corpus, nodes: nodes, "row-at-random", median: 3, p90: 4, p99: 40))
            results.append(result("fast", corpus, nodes: nodes, "row-at-random", median: 80, p90: 120, p99: 200))
        }
        let machine: [(key: String, value: JSONValue)] = [
            ("host", .string("ci")), ("os", .string("Debian GNU/Linux 12 (bookworm)")), ("cores", .integer(2)),
            ("memoryBytes", .number("25276514304")), ("date", .string("2026-11-23T10:54:30Z")), ("seed", .number("1")),
            ("command", .string("treerows bench --corpus forest")), ("cacheEvictionBytes", .integer(0)),
        ]
        return BenchmarkReport(machine: machine, results: results, exponents: [])
    }

    /// Reads the page back after layout; the answer goes into `<pre id="probe">`.
    static let probe = """
        <script>
        window.addEventListener('load', () => {
          const box = e => e.getBoundingClientRect();
          const svg = document.querySelector('svg');
          const origin = box(svg);
          const charts = [...document.querySelectorAll('g.chart')].map(chart => ({
            title: chart.querySelector('text.title').textContent,
            ticks: [...chart.querySelectorAll('text.tick')].map(t => ({text: t.textContent, y: box(t).top + box(t).height / 2})),
            whiskers: [...chart.querySelectorAll('g.whisker')].map(w => ({top: box(w).top, bottom: box(w).bottom})),
            bars: [...chart.querySelectorAll('rect.bar')].map(b => ({top: box(b).top, bottom: box(b).bottom})),
            points: chart.querySelectorAll('circle').length,
          }));
          const verdict = document.querySelector('p.verdict');
          const page = {
            headings: [...document.querySelectorAll('h1, h2')].map(h => h.textContent),
            verdictBottom: verdict ? box(verdict).bottom : -1,
            firstChartTop: origin.top,
            svgWidth: origin.width, svgHeight: origin.height,
            textRight: Math.max(...[...svg.querySelectorAll('text')].map(t => box(t).right - origin.left)),
            charts,
            paragraphs: [...document.querySelectorAll('p')].map(p => p.textContent),
            tableRows: [...document.querySelectorAll('table')].map(t => t.rows.length),
          };
          const out = document.createElement('pre');
          out.id = 'probe';
          out.textContent = JSON.stringify(page);
          document.body.appendChild(out);
        });
        </script>
        """

    /// The browser and the options that make it headless: the first Chromium on the PATH
    /// (Debian's `chromium-headless-shell` is headless already), else on macOS Google
    /// Chrome or Chromium from /Applications.
    static func browser() throws -> [String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for name in ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return ["\(folder)/\(name)"] + (name == "chromium-headless-shell" ? [] : ["--headless"])
            }
        }
        for application in ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium"]
        where FileManager.default.isExecutableFile(atPath: application) {
            return [application, "--headless"]
        }
        throw SystemCommand.Failure(description: "no headless Chromium on the PATH or in /Applications; run `bash .ci/setup --browser`"
            + " (Debian's chromium-headless-shell; on macOS, Homebrew's chromium cask)")
    }

    /// The page as laid out by the browser.
    static func render(_ html: String) async throws -> Page {
        let folder = try TemporaryFolder("report-browser")
        defer { folder.remove() }
        let page = try folder.write(html.replacingOccurrences(of: "</body>", with: probe + "\n</body>"), to: "report.html")
        let dom = try await SystemCommand.output(of: try browser() + [
            "--no-sandbox", "--disable-gpu", "--window-size=1000,2000", "--virtual-time-budget=5000",
            "--dump-dom", URL(fileURLWithPath: page).absoluteString,
        ], discardingErrors: true)
        let text = String(decoding: dom, as: UTF8.self)
        guard let start = text.range(of: "<pre id=\"probe\">"), let end = text.range(of: "</pre>", range: start.upperBound..<text.endIndex) else {
            throw SystemCommand.Failure(description: "the probe did not run; the browser printed \(text.prefix(300))")
        }
        let json = text[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Page.self, from: Data(json.utf8))
    }

    @Test func chartsShowDecadesWhiskersAndBarsBelowTheVerdict() async throws {
        let page = try await Self.render(ReportHTML.render(Self.report))
        #expect(page.svgWidth > 600 && page.svgHeight > 1000)
        #expect(page.textRight <= page.svgWidth, "a label runs off the chart")
        #expect(page.headings.first == "TreeRows benchmark" && page.headings.dropFirst().first == "Verdict")
        #expect(page.verdictBottom > 0 && page.verdictBottom < page.firstChartTop, "the verdict is not above the charts")
        #expect(page.charts.map(\.title) == ["toggle-random: time against tree size", "toggle-random: time per corpus",
                                             "row-at-random: time against tree size", "row-at-random: time per corpus"])
        for chart in page.charts {
            // Whole decades from 1 ns up, drawn bottom to top.
            let labels = chart.ticks.map(\.text)
            #expect(labels.allSatisfy { $0.wholeMatch(of: /(1|10|100) (ns|µs|ms|s)/) != nil }, "\(chart.title): \(labels)")
            #expect(chart.ticks.map(\.y) == chart.ticks.map(\.y).sorted(by: >), "\(chart.title): labels out of order")
            // One whisker per strategy and corpus, each with a visible length.
            let drawn = chart.title.hasSuffix("tree size") ? 4 : 2
            #expect(chart.whiskers.count == drawn && chart.whiskers.allSatisfy { $0.bottom - $0.top > 2 }, "\(chart.title)")
            #expect(chart.bars.allSatisfy { $0.bottom - $0.top > 2 }, "\(chart.title): a bar without height")
            #expect(chart.title.hasSuffix("tree size") ? chart.points == 4 : chart.bars.count == 2)
        }
        // The 3 ns reference on the forest: its bar stands, and its p99 (40 ns) is drawn between 10 ns and 100 ns.
        let rows = page.charts[3]
        let ten = try #require(rows.ticks.first { $0.text == "10 ns" }), hundred = try #require(rows.ticks.first { $0.text == "100 ns" })
        let reference = rows.whiskers[0]
        #expect(reference.top < ten.y && reference.top > hundred.y, "p99 of 40 ns drawn at \(reference.top), ticks at \(ten.y) and \(hundred.y)")
        #expect(rows.ticks.first?.text == "1 ns")
    }

    @Test func machineFactsReadAsSentences() async throws {
        let page = try await Self.render(ReportHTML.render(Self.report))
        #expect(page.paragraphs.contains("Machine: ci · Debian GNU/Linux 12 (bookworm) · 2 cores · 23.5 GiB memory · caches not evicted"))
        #expect(page.paragraphs.contains("Run: 2026-11-23 10:54:30 UTC · seed 1"))
        #expect(page.paragraphs.contains("Command: treerows bench --corpus forest"))
        #expect(!page.paragraphs.joined().contains("memoryBytes"))
        // The verdict's table, then one table per corpus and operation, each a header and two strategies.
        #expect(page.tableRows == [3] + Array(repeating: 3, count: 6))
    }
}
