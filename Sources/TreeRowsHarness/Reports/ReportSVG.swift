import Foundation

/// Benchmark charts: for every family of operations measured on named corpora, one chart of
/// grouped bars (an operation a group, strategies side by side) on a log time axis; for every
/// operation measured on a size sweep, a log-log chart of median time against tree size with
/// one line per strategy. Every bar and point carries a whisker from the median up to the
/// p99, with a tick at the p90; time axes are labelled at whole decades from 1 ns up.
/// `--format svg` stacks the charts in one SVG; the HTML page places each on its own.
public enum ReportSVG {
    /// The width of a chart of one sweep, and of the stacked SVG's narrower charts.
    static let width = 720.0
    /// The width of a chart of grouped bars: the page's width.
    static let wideWidth = 1300.0
    static let chartHeight = 300.0
    static let margin = (left: 80.0, right: 170.0, top: 40.0, bottom: 50.0)
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// One chart, drawn from (0, 0) in a box of its own size.
    struct Chart {
        var title: String
        var width: Double
        var height: Double
        var body: String
    }

    /// Every chart stacked in one SVG.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        let charts = charts(report)
        var top = 0.0
        var groups: [String] = []
        for chart in charts {
            groups.append("<g class=\"chart\" transform=\"translate(0 \(f(top)))\">\n\(chart.body)\n</g>")
            top += chart.height
        }
        let width = charts.map(\.width).max() ?? Self.width
        let height = max(1, top)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            \(groups.joined(separator: "\n"))
            </svg>

            """
    }

    /// One chart as an SVG of its own.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func svg(_ chart: Chart) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(chart.width))" height="\(Int(chart.height))" viewBox="0 0 \(Int(chart.width)) \(Int(chart.height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="12"><g class="chart">
        \(chart.body)
        </g></svg>
        """
    }

    /// The families of operations, in the order their charts come.
    static let families = ["Expand and collapse", "Queries", "Edits", "Build and sort", "Sections"]

    /// The family an operation's chart groups it in (one of ``families``).
    ///
    /// - Complexity: O(1).
    static func family(of operation: String) -> String {
        if operation.hasSuffix("-sectioned") { return "Sections" }
        if operation.hasPrefix("toggle") || operation.hasPrefix("expand") || operation.hasPrefix("collapse") || operation.hasPrefix("accordion") {
            return "Expand and collapse"
        }
        if operation.hasPrefix("row-at") || operation.hasPrefix("index-of") || operation.hasPrefix("offset-of") { return "Queries" }
        if operation.hasPrefix("insert") || operation.hasPrefix("remove") || operation.hasPrefix("load-page") { return "Edits" }
        return "Build and sort"
    }

    /// The charts of `report`: a chart of grouped bars per family of operations measured on
    /// named corpora (in the order of ``families``), then a chart per operation
    /// measured on a size sweep.
    ///
    /// - Complexity: O(*g* *r*) for *g* groups (corpus and operation) and *r* results.
    static func charts(_ report: BenchmarkReport) -> [Chart] {
        let strategies = unique(report.results.map(\.strategy))
        let colors = Dictionary(uniqueKeysWithValues: strategies.enumerated().map { ($1, $0) })
        var charts: [Chart] = []
        let named = report.results.filter { !$0.corpus.contains(":") }
        let corpora = unique(named.map(\.corpus))
        var operations: [String: [String]] = [:]
        for operation in unique(named.map(\.operation)) { operations[family(of: operation), default: []].append(operation) }
        for family in families where operations[family] != nil {
            var groups: [(label: String, sublabel: String?, results: [BenchmarkResult])] = []
            for corpus in corpora {
                for operation in operations[family]! {
                    let results = named.filter { $0.corpus == corpus && $0.operation == operation }
                    if !results.isEmpty { groups.append((operation, corpora.count > 1 ? corpus : nil, results)) }
                }
            }
            let title = "\(family): median time" + (corpora.count == 1 ? " on \(corpora[0])" : "")
            charts.append(Chart(title: title, width: wideWidth, height: chartHeight + 20,
                                body: groupedChart(title, groups, strategies: strategies, colors, width: wideWidth)))
        }
        var swept: [String: [BenchmarkResult]] = [:]
        for result in report.results where result.corpus.contains(":") && result.nodes > 0 && result.correct && result.samples > 0
            && result.medianNanoseconds.isFinite && result.medianNanoseconds > 0 {
            swept[result.operation, default: []].append(result)
        }
        for operation in unique(report.results.filter { $0.corpus.contains(":") }.map(\.operation)) {
            var points: [String: [BenchmarkResult]] = [:]
            for result in swept[operation] ?? [] { points[result.strategy, default: []].append(result) }
            let series = points.sorted { colors[$0.key]! < colors[$1.key]! }.map { ($0.key, $0.value.sorted { $0.nodes < $1.nodes }) }
            let title = "\(operation): time against tree size"
            charts.append(Chart(title: title, width: width, height: chartHeight, body: lineChart(title, series, colors, top: 0)))
        }
        return charts
    }

    /// Decades covering `values` on a log axis (finite, positive values only), starting no
    /// lower than `floor` (a decade exponent).
    ///
    /// - Complexity: O(*v*) for *v* values.
    static func decades(_ values: [Double], floor lowest: Double = -.infinity) -> ClosedRange<Double> {
        let logs = values.filter { $0 > 0 && $0.isFinite }.map(log10)
        guard let low = logs.min(), let high = logs.max() else { return max(0, lowest)...max(0, lowest) + 1 }
        let bottom = max(lowest, floor(low))
        return bottom...max(bottom + 1, ceil(high))
    }

    /// The time values a result draws: its median, p90 and p99.
    static func times(_ results: [BenchmarkResult]) -> [Double] {
        results.flatMap { [$0.medianNanoseconds, $0.p90Nanoseconds, $0.p99Nanoseconds] }
    }

    /// One line per strategy in `series` (each a strategy with its points, smallest first),
    /// coloured by `colors`, the report-wide index of each strategy.
    ///
    /// - Complexity: O(*p*) for *p* points.
    static func lineChart(_ title: String, _ series: [(String, [BenchmarkResult])], _ colors: [String: Int], top: Double) -> String {
        let xs = decades(series.flatMap { $0.1.map { Double($0.nodes) } })
        let ys = decades(times(series.flatMap(\.1)), floor: 0)
        let plot = (width: width - margin.left - margin.right, height: chartHeight - margin.top - margin.bottom)
        // Sizes span the inner 94% of the width, so whiskers at the ends stay off the frame.
        func x(_ value: Double) -> Double {
            margin.left + plot.width * (0.03 + 0.94 * (log10(value) - xs.lowerBound) / (xs.upperBound - xs.lowerBound))
        }
        let y = timeScale(ys, top: top, plotHeight: plot.height)
        var parts = [frame(title, top: top, xLabel: "nodes (log scale)", yLabel: "time (log scale)")]
        for decade in stride(from: xs.lowerBound, through: xs.upperBound, by: 1) {
            let px = x(pow(10, decade))
            parts.append("<line x1=\"\(f(px))\" y1=\"\(f(top + margin.top))\" x2=\"\(f(px))\" y2=\"\(f(top + margin.top + plot.height))\" stroke=\"#ddd\"/>")
            parts.append("<text x=\"\(f(px))\" y=\"\(f(top + margin.top + plot.height + 16))\" text-anchor=\"middle\">\(sizeLabel(pow(10, decade)))</text>")
        }
        parts += yGrid(ys, y: y, top: top, plotHeight: plot.height)
        let strategies = series.map(\.0)
        for (slot, (name, points)) in series.enumerated() where !points.isEmpty {
            let color = palette[colors[name, default: 0] % palette.count]
            let path = points.map { "\(f(x(Double($0.nodes)))),\(f(y($0.medianNanoseconds)))" }.joined(separator: " ")
            parts.append("<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>")
            // Whiskers side by side, so strategies measured at the same size stay apart.
            let shift = (Double(slot) - Double(strategies.count - 1) / 2) * 4
            for point in points {
                parts.append(whisker(point, at: x(Double(point.nodes)) + shift, y: y, color: color))
                parts.append("<circle cx=\"\(f(x(Double(point.nodes))))\" cy=\"\(f(y(point.medianNanoseconds)))\" r=\"3\" fill=\"\(color)\"/>")
            }
        }
        parts += legend(strategies, colors, top: top)
        return parts.joined(separator: "\n")
    }

    /// Grouped bars: a group per operation (and corpus), a bar per strategy in its report-wide
    /// slot and colour, each with its whisker; a failed or unmeasured cell is a cross at the
    /// floor, named in its tooltip. The legend runs along the top.
    ///
    /// - Complexity: O(*b*) for *b* results.
    static func groupedChart(_ title: String, _ groups: [(label: String, sublabel: String?, results: [BenchmarkResult])], strategies: [String],
                             _ colors: [String: Int], width: Double) -> String {
        let box = (left: 80.0, right: 16.0, top: 62.0, bottom: 58.0)
        let plot = (width: width - box.left - box.right, height: chartHeight + 20 - box.top - box.bottom)
        let drawn = groups.flatMap(\.results).filter { $0.correct && $0.samples > 0 && $0.failureLabel == nil && $0.medianNanoseconds > 0 }
        // One decade below the fastest (but not below 1 ns), so every bar has a height.
        let fitted = decades(times(drawn), floor: 0)
        let ys = max(0, fitted.lowerBound - 1)...fitted.upperBound
        func y(_ value: Double) -> Double {
            let decade = max(log10(max(value, .leastNormalMagnitude)), ys.lowerBound)
            return box.top + plot.height - (decade - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plot.height
        }
        let bottom = box.top + plot.height
        var parts = [
            "<text class=\"title\" x=\"\(f(box.left))\" y=\"22\" font-size=\"15\" font-weight=\"bold\">\(escape(title))</text>",
            "<rect x=\"\(f(box.left))\" y=\"\(f(box.top))\" width=\"\(f(plot.width))\" height=\"\(f(plot.height))\" fill=\"none\" stroke=\"#444\"/>",
            "<text x=\"18\" y=\"\(f(box.top + plot.height / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 18 \(f(box.top + plot.height / 2)))\">time (log scale)</text>",
        ]
        for decade in stride(from: ys.lowerBound, through: ys.upperBound, by: 1) {
            let py = y(pow(10, decade))
            parts.append("<line x1=\"\(f(box.left))\" y1=\"\(f(py))\" x2=\"\(f(width - box.right))\" y2=\"\(f(py))\" stroke=\"#ddd\"/>")
            parts.append("<text class=\"tick\" x=\"\(f(box.left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(decadeLabel(Int(decade)))</text>")
        }
        // The legend along the top: a swatch and a name per strategy.
        var lx = box.left
        for name in strategies {
            parts.append("<rect x=\"\(f(lx))\" y=\"36\" width=\"12\" height=\"12\" fill=\"\(palette[colors[name, default: 0] % palette.count])\"/>")
            parts.append("<text x=\"\(f(lx + 16))\" y=\"46\">\(escape(name))</text>")
            lx += 16 + Double(name.count) * 7 + 18
        }
        parts.append("<text x=\"\(f(width - box.right))\" y=\"46\" text-anchor=\"end\" font-size=\"11\" fill=\"#555\">bar: median · whisker: up to p99, tick at p90</text>")
        let slots = Dictionary(uniqueKeysWithValues: strategies.enumerated().map { ($1, $0) })
        let groupWidth = plot.width / Double(max(1, groups.count))
        // At most 30 points a bar, each group centred under its label.
        let barWidth = min(30, groupWidth * 0.84 / Double(max(1, strategies.count)))
        for (index, group) in groups.enumerated() {
            let left = box.left + (Double(index) + 0.5) * groupWidth - barWidth * Double(strategies.count) / 2
            var seen = Set<String>()
            for result in group.results where seen.insert(result.strategy).inserted {
                let barLeft = left + Double(slots[result.strategy]!) * barWidth
                let color = palette[colors[result.strategy, default: 0] % palette.count]
                guard result.correct, result.samples > 0, result.failureLabel == nil, result.medianNanoseconds > 0 else {
                    let label = result.failureLabel ?? "too few inputs"
                    parts.append("<text class=\"failed\" x=\"\(f(barLeft + barWidth * 0.45))\" y=\"\(f(bottom - 4))\" text-anchor=\"middle\" fill=\"#b00\" "
                        + "font-weight=\"bold\">✕<title>\(escape(result.strategy)): \(escape(label))</title></text>")
                    continue
                }
                let barTop = y(result.medianNanoseconds)
                parts.append("<rect class=\"bar\" x=\"\(f(barLeft))\" y=\"\(f(barTop))\" width=\"\(f(barWidth * 0.9))\" height=\"\(f(bottom - barTop))\" "
                    + "fill=\"\(color)\"><title>\(escape(result.strategy)): median \(escape(FigureText.time(result.medianNanoseconds)))</title></rect>")
                parts.append(whisker(result, at: barLeft + barWidth * 0.45, y: y, color: "#333"))
            }
            let middle = box.left + (Double(index) + 0.5) * groupWidth
            parts.append("<text x=\"\(f(middle))\" y=\"\(f(bottom + 16))\" text-anchor=\"middle\">\(escape(group.label))</text>")
            if let sublabel = group.sublabel {
                parts.append("<text x=\"\(f(middle))\" y=\"\(f(bottom + 30))\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">\(escape(sublabel))</text>")
            }
        }
        return parts.joined(separator: "\n")
    }

    static func frame(_ title: String, top: Double, xLabel: String, yLabel: String) -> String {
        let plotHeight = chartHeight - margin.top - margin.bottom
        let plotWidth = width - margin.left - margin.right
        return """
            <text class="title" x="\(f(margin.left))" y="\(f(top + 24))" font-size="15" font-weight="bold">\(escape(title))</text>
            <rect x="\(f(margin.left))" y="\(f(top + margin.top))" width="\(f(plotWidth))" height="\(f(plotHeight))" fill="none" stroke="#444"/>
            <text x="\(f(margin.left + plotWidth / 2))" y="\(f(top + chartHeight - 12))" text-anchor="middle">\(escape(xLabel))</text>
            <text x="18" y="\(f(top + margin.top + plotHeight / 2))" text-anchor="middle" transform="rotate(-90 18 \(f(top + margin.top + plotHeight / 2)))">\(escape(yLabel))</text>
            """
    }

    /// The vertical position of a time on a log axis spanning the decades `ys`; times below
    /// the axis sit on its floor.
    static func timeScale(_ ys: ClosedRange<Double>, top: Double, plotHeight: Double) -> (Double) -> Double {
        { value in
            let decade = max(log10(max(value, .leastNormalMagnitude)), ys.lowerBound)
            return top + margin.top + plotHeight - (decade - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plotHeight
        }
    }

    /// A whisker at `x` from the result's median up to its p99: a cap at the p99, a shorter
    /// tick at the p90.
    static func whisker(_ result: BenchmarkResult, at x: Double, y: (Double) -> Double, color: String) -> String {
        let median = y(result.medianNanoseconds), p90 = y(result.p90Nanoseconds), p99 = y(result.p99Nanoseconds)
        return "<g class=\"whisker\" stroke=\"\(color)\" stroke-width=\"1.2\">"
            + "<line x1=\"\(f(x))\" y1=\"\(f(median))\" x2=\"\(f(x))\" y2=\"\(f(p99))\"/>"
            + "<line x1=\"\(f(x - 2))\" y1=\"\(f(p90))\" x2=\"\(f(x + 2))\" y2=\"\(f(p90))\"/>"
            + "<line x1=\"\(f(x - 4))\" y1=\"\(f(p99))\" x2=\"\(f(x + 4))\" y2=\"\(f(p99))\"/></g>"
    }

    static func yGrid(_ ys: ClosedRange<Double>, y: (Double) -> Double, top: Double, plotHeight: Double) -> [String] {
        stride(from: ys.lowerBound, through: ys.upperBound, by: 1).flatMap { decade -> [String] in
            let py = y(pow(10, decade))
            return ["<line x1=\"\(f(margin.left))\" y1=\"\(f(py))\" x2=\"\(f(width - margin.right))\" y2=\"\(f(py))\" stroke=\"#ddd\"/>",
                    "<text class=\"tick\" x=\"\(f(margin.left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(decadeLabel(Int(decade)))</text>"]
        }
    }

    /// The label of the time 10^`decade` ns, for `decade` ≥ 0: `1 ns`, `10 ns`, … `1 µs`, … `1 s`, `10 s`,
    /// `100 s`, `1000 s`, then `1e4 s` and up (any decade a Double reaches).
    ///
    /// - Complexity: O(1).
    package static func decadeLabel(_ decade: Int) -> String {
        let units = ["ns", "µs", "ms", "s"]
        let decade = max(0, decade)
        let unit = min(decade / 3, units.count - 1)
        let exponent = decade - unit * 3
        return exponent <= 3 ? "\([1, 10, 100, 1_000][exponent]) \(units[unit])" : "1e\(exponent) \(units[unit])"
    }

    /// The legend of one chart: the strategies it draws, in their report-wide colours.
    ///
    /// - Complexity: O(*s*) for *s* strategies.
    static func legend(_ strategies: [String], _ colors: [String: Int], top: Double) -> [String] {
        let lx = width - margin.right + 14
        let entries = strategies.enumerated().flatMap { index, name -> [String] in
            let ly = top + margin.top + 12 + Double(index) * 18
            return ["<rect x=\"\(f(lx))\" y=\"\(f(ly - 9))\" width=\"12\" height=\"12\" fill=\"\(palette[colors[name, default: 0] % palette.count])\"/>",
                    "<text x=\"\(f(lx + 18))\" y=\"\(f(ly + 1))\">\(escape(name))</text>"]
        }
        let ly = top + margin.top + 12 + Double(strategies.count) * 18 + 8
        return entries + ["<text x=\"\(f(lx))\" y=\"\(f(ly))\" font-size=\"11\" fill=\"#555\">dot or bar: median</text>",
                          "<text x=\"\(f(lx))\" y=\"\(f(ly + 14))\" font-size=\"11\" fill=\"#555\">whisker: up to p99,</text>",
                          "<text x=\"\(f(lx))\" y=\"\(f(ly + 28))\" font-size=\"11\" fill=\"#555\">tick at p90</text>"]
    }

    static func sizeLabel(_ value: Double) -> String {
        value >= 1e6 ? "\(Int(value / 1e6))M" : value >= 1e3 ? "\(Int(value / 1e3))k" : "\(Int(value))"
    }

    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// A coordinate with one decimal (`12.3`), without `String(format:)`'s cost: a chart has
    /// dozens per result.
    static func f(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.1f", value) }
        let tenths = Int((value * 10).rounded())
        return (tenths < 0 ? "-" : "") + String(tenths.magnitude / 10) + "." + String(tenths.magnitude % 10)
    }

    static func escape(_ text: String) -> String { ReportHTML.escape(text) }
}
