import Foundation
import Testing
import TreeRows
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
        /// The SVG holding the chart, and the right edge of its widest text within it.
        var svgWidth: Double
        var svgHeight: Double
        var textRight: Double
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
        /// The bottom of the strategies × operations table.
        var matrixBottom: Double
        /// The matrix's header cells, and its cells' text and class, row by row.
        var matrixHeader: [String]
        var matrixCells: [[Cell]]
        var firstChartTop: Double
        var charts: [Chart]
        var paragraphs: [String]
        var tableRows: [Int]
        var pageHeight: Double
        var tailRows: Int
        var text: String
    }

    struct Cell: Decodable {
        var text: String
        var kind: String
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
          const charts = [...document.querySelectorAll('g.chart')].filter(chart => chart.querySelector('text.title')).map(chart => {
            const svg = chart.closest('svg'), origin = box(svg);
            return {
              title: chart.querySelector('text.title').textContent,
              ticks: [...chart.querySelectorAll('text.tick')].map(t => ({text: t.textContent, y: box(t).top + box(t).height / 2})),
              whiskers: [...chart.querySelectorAll('g.whisker')].map(w => ({top: box(w).top, bottom: box(w).bottom})),
              bars: [...chart.querySelectorAll('rect.bar')].map(b => ({top: box(b).top, bottom: box(b).bottom})),
              points: chart.querySelectorAll('circle').length,
              svgWidth: origin.width, svgHeight: origin.height,
              textRight: Math.max(...[...chart.querySelectorAll('text')].map(t => box(t).right - origin.left)),
            };
          });
          const verdict = document.querySelector('p.verdict');
          const matrix = document.querySelector('table.matrix');
          const firstSVG = document.querySelector('svg');
          const page = {
            headings: [...document.querySelectorAll('h1, h2')].map(h => h.textContent),
            verdictBottom: verdict ? box(verdict).bottom : -1,
            matrixBottom: matrix ? box(matrix).bottom : -1,
            matrixHeader: matrix ? [...matrix.rows[0].cells].map(c => c.textContent) : [],
            matrixCells: matrix ? [...matrix.rows].slice(1).map(r => [...r.cells].map(c => ({text: c.textContent, kind: c.className}))) : [],
            firstChartTop: firstSVG ? box(firstSVG).top : -1,
            charts,
            paragraphs: [...document.querySelectorAll('p')].map(p => p.textContent),
            tableRows: [...document.querySelectorAll('table')].map(t => t.rows.length),
            pageHeight: document.documentElement.scrollHeight,
            tailRows: document.querySelectorAll('g.tail').length,
            text: document.body.innerText,
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

    /// The page as laid out by the browser, in a window `width` × `height` points.
    static func render(_ html: String, width: Int = 1000, height: Int = 2000) async throws -> Page {
        let folder = try TemporaryFolder("report-browser")
        defer { folder.remove() }
        let page = try folder.write(html.replacingOccurrences(of: "</body>", with: probe + "\n</body>"), to: "report.html")
        let dom = try await SystemCommand.output(of: try browser() + [
            "--no-sandbox", "--disable-gpu", "--window-size=\(width),\(height)", "--virtual-time-budget=5000",
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
        #expect(page.headings.first == "TreeRows benchmark" && page.headings.contains("Charts"))
        #expect(page.verdictBottom > 0 && page.verdictBottom < page.matrixBottom && page.matrixBottom < page.firstChartTop,
                "the verdict, then the table, then the charts")
        // A chart of grouped bars per family measured on a named corpus, then a chart per swept operation.
        #expect(page.charts.map(\.title) == ["Expand and collapse: median time on forest", "Queries: median time on forest",
                                             "toggle-random: time against tree size", "row-at-random: time against tree size"])
        for chart in page.charts {
            #expect(chart.svgWidth > 600 && chart.svgHeight > 250 && chart.textRight <= chart.svgWidth, "\(chart.title): a label runs off the chart")
            // Whole decades from 1 ns up, drawn bottom to top.
            let labels = chart.ticks.map(\.text)
            #expect(labels.allSatisfy { $0.wholeMatch(of: /(1|10|100) (ns|µs|ms|s)/) != nil }, "\(chart.title): \(labels)")
            #expect(chart.ticks.map(\.y) == chart.ticks.map(\.y).sorted(by: >), "\(chart.title): labels out of order")
            // One whisker per strategy and corpus, each with a visible length.
            let swept = chart.title.hasSuffix("tree size")
            #expect(chart.whiskers.count == (swept ? 4 : 2) && chart.whiskers.allSatisfy { $0.bottom - $0.top > 2 }, "\(chart.title)")
            #expect(chart.bars.allSatisfy { $0.bottom - $0.top > 2 }, "\(chart.title): a bar without height")
            #expect(swept ? chart.points == 4 : chart.bars.count == 2)
        }
        // The 3 ns reference on the forest: its bar stands, and its p99 (40 ns) is drawn between 10 ns and 100 ns.
        let rows = page.charts[1]
        let ten = try #require(rows.ticks.first { $0.text == "10 ns" }), hundred = try #require(rows.ticks.first { $0.text == "100 ns" })
        let reference = rows.whiskers[0]
        #expect(reference.top < ten.y && reference.top > hundred.y, "p99 of 40 ns drawn at \(reference.top), ticks at \(ten.y) and \(hundred.y)")
        #expect(rows.ticks.first?.text == "1 ns")
    }

    @Test func runDetailsReadAsSentences() async throws {
        let page = try await Self.render(ReportHTML.render(Self.report))
        #expect(page.paragraphs.contains("Machine: ci · Debian GNU/Linux 12 (bookworm) · 2 cores · 23.5 GiB memory · caches not evicted"))
        #expect(page.paragraphs.contains("Run: 2026-11-23 10:54:30 UTC · seed 1"))
        #expect(page.paragraphs.contains("Command: treerows bench --corpus forest"))
        #expect(page.paragraphs.contains("Built with: TreeRows version and commit not recorded (results from an older bench)"))
        #expect(!page.paragraphs.joined().contains("memoryBytes"))
        // The strategies × operations table (a row per corpus and operation), then, folded, the
        // leaders and one table per corpus and operation, each a header and two strategies.
        #expect(page.tableRows == [7, 3] + Array(repeating: 3, count: 6))
    }

    /// A report of the main job's shape (`bash .ci/main`: every built-in strategy × every
    /// default operation on one recorded thread), with a WRONG cell, a SLOW cell, two tails
    /// the verdict names, and this build's own facts.
    static var mainJob: BenchmarkReport {
        var random = SplitMix64(seed: 7)
        var results: [BenchmarkResult] = []
        for (row, operation) in BenchmarkWorkload.defaults.map(\.rawValue).enumerated() {
            for (column, strategy) in BuiltinStrategies.names.enumerated() {
                let median = Double(50 + random.below(5_000)) * Double(1 + column)
                var result = result(strategy, "reddit-worldnews-sxvem7", nodes: 11_242, operation, median: median, p90: median * 1.5, p99: median * 2)
                var singles = (0..<200).map { _ in median * (0.9 + Double(random.below(20)) / 100) }
                if row == 1 && column == 2 || row == 4 && column == 5 {
                    // A tail: one single operation in 20 costs 100 times the median.
                    for index in stride(from: 0, to: singles.count, by: 20) { singles[index] = median * 100 }
                    result.p99Nanoseconds = median * 100
                }
                result.distribution = BenchmarkSamples(batch: 1, nanoseconds: singles, singleNanoseconds: singles)
                if row == 2 && column == 3 { result.correct = false }
                if row == 3 && column == 4 {
                    result.samples = 0
                    result.slowLowerBoundNanoseconds = 2e9
                }
                results.append(result)
            }
        }
        return BenchmarkReport(machine: BenchmarkReport.currentMachine(seed: 1, command: "treerows bench"), results: results, exponents: [])
    }

    @Test func theMainJobsAnswerFitsTheFirstScreenAndThePageFiveScreens() async throws {
        let report = Self.mainJob
        let page = try await Self.render(ReportHTML.render(report), width: 1_400, height: 900)
        let operations = BenchmarkWorkload.defaults.count, strategies = BuiltinStrategies.names.count
        // The verdict and the whole table of every strategy × operation in the first 1,400 × 900 screen.
        #expect(page.verdictBottom > 0 && page.verdictBottom < page.matrixBottom)
        #expect(page.matrixBottom <= 900, "the table ends at \(page.matrixBottom)")
        #expect(page.matrixCells.count == operations && page.matrixCells.allSatisfy { $0.count == strategies + 1 })
        #expect(page.matrixHeader.count == strategies + 1)
        // The recommended strategy is marked; WRONG and SLOW cells say so.
        let pick = try #require(BenchmarkVerdict(report.results, exponents: [])?.pick?.strategy)
        #expect(page.matrixHeader.filter { $0.contains("recommended") } == ["★ \(pick)recommended"], "\(page.matrixHeader)")
        #expect(page.matrixCells[2][4].text == "WRONG" && page.matrixCells[2][4].kind == "bad")
        #expect(page.matrixCells[3][5].text.hasPrefix("SLOW > 2.00 s") && page.matrixCells[3][5].kind == "slow")
        #expect(page.matrixCells.allSatisfy { row in row.dropFirst().contains { $0.kind == "r0" } }, "every row has its fastest marked")
        // At most five such screens tall, charts and tails included.
        #expect(page.pageHeight <= 4_500, "the page is \(page.pageHeight) points tall")
        #expect(page.headings.contains("Tails") && page.tailRows == 2 && page.charts.contains { $0.title.hasPrefix("Expand and collapse") })
        // What made the results, with the commit.
        // The checkout's own commit, as Git reads it.
        let head = try await SystemCommand.output(of: ["git", "-C", TreeRowsExecutable.packageRoot.path, "rev-parse", "HEAD"])
        let commit = String(decoding: head, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(BuildIdentity.commit == commit)
        #expect(page.text.contains("Built with: TreeRows \(TreeRowsVersion.current), commit \(commit.prefix(12))"), "\(page.paragraphs)")
    }
}
