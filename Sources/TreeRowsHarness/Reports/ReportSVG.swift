import Foundation

/// Benchmark charts as one SVG: for every operation measured on a size sweep, a log-log
/// chart of median time against tree size with one line per strategy; for every operation
/// measured on named corpora, bars per corpus and strategy on a log time axis. Every point
/// and bar carries a whisker from the median up to the p99, with a tick at the p90; time
/// axes are labelled at whole decades from 1 ns up.
public enum ReportSVG {
    static let width = 720.0
    static let chartHeight = 300.0
    static let margin = (left: 80.0, right: 170.0, top: 40.0, bottom: 50.0)
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The whole SVG.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        let strategies = unique(report.results.map(\.strategy))
        let colors = Dictionary(uniqueKeysWithValues: strategies.enumerated().map { ($1, $0) })
        var charts: [String] = []
        let swept = Set(report.results.filter { $0.corpus.contains(":") }.map(\.operation))
        var byOperation: [String: [BenchmarkResult]] = [:]
        for result in report.results where result.correct && result.samples > 0 && result.medianNanoseconds.isFinite && result.medianNanoseconds > 0 {
            byOperation[result.operation, default: []].append(result)
        }
        for operation in unique(report.results.map(\.operation)) {
            let results = byOperation[operation] ?? []
            if swept.contains(operation) {
                var points: [String: [BenchmarkResult]] = [:]
                for result in results where result.corpus.contains(":") && result.nodes > 0 { points[result.strategy, default: []].append(result) }
                let series = points.sorted { colors[$0.key]! < colors[$1.key]! }.map { ($0.key, $0.value.sorted { $0.nodes < $1.nodes }) }
                charts.append(lineChart("\(operation): time against tree size", series, colors, top: Double(charts.count) * chartHeight))
            }
            let named = results.filter { !$0.corpus.contains(":") }
            if !named.isEmpty {
                charts.append(barChart("\(operation): time per corpus", named, colors, top: Double(charts.count) * chartHeight))
            }
        }
        charts = charts.map { "<g class=\"chart\">\n\($0)\n</g>" }
        let height = max(1, Double(charts.count)) * chartHeight
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            \(charts.joined(separator: "\n"))
            </svg>

            """
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

    /// Bars per corpus, one per strategy measured there, coloured by `colors`.
    ///
    /// - Complexity: O(*b* log *b*) for *b* results.
    static func barChart(_ title: String, _ results: [BenchmarkResult], _ colors: [String: Int], top: Double) -> String {
        let corpora = unique(results.map(\.corpus))
        let strategies = unique(results.map(\.strategy))
        var bars: [String: [BenchmarkResult]] = [:]
        for result in results { bars[result.corpus, default: []].append(result) }
        // Each strategy keeps its slot in every group; a strategy measured twice on a corpus draws its first.
        let slots = Dictionary(uniqueKeysWithValues: strategies.enumerated().map { ($1, $0) })
        // One decade below the fastest (but not below 1 ns), so every bar has a height.
        let fitted = decades(times(results), floor: 0)
        let ys = max(0, fitted.lowerBound - 1)...fitted.upperBound
        let plot = (width: width - margin.left - margin.right, height: chartHeight - margin.top - margin.bottom)
        let y = timeScale(ys, top: top, plotHeight: plot.height)
        var parts = [frame(title, top: top, xLabel: "corpus", yLabel: "time (log scale)")]
        parts += yGrid(ys, y: y, top: top, plotHeight: plot.height)
        let groupWidth = plot.width / Double(max(1, corpora.count))
        let barWidth = groupWidth * 0.8 / Double(max(1, strategies.count))
        for (group, corpus) in corpora.enumerated() {
            let left = margin.left + Double(group) * groupWidth + groupWidth * 0.1
            var drawn = Set<String>()
            for result in bars[corpus]! where drawn.insert(result.strategy).inserted {
                let index = slots[result.strategy]!
                let barTop = y(result.medianNanoseconds)
                let bottom = top + margin.top + plot.height
                let barLeft = left + Double(index) * barWidth
                parts.append("<rect class=\"bar\" x=\"\(f(barLeft))\" y=\"\(f(barTop))\" width=\"\(f(barWidth * 0.9))\" "
                    + "height=\"\(f(bottom - barTop))\" fill=\"\(palette[colors[result.strategy, default: 0] % palette.count])\"/>")
                parts.append(whisker(result, at: barLeft + barWidth * 0.45, y: y, color: "#333"))
            }
            parts.append("<text x=\"\(f(left + groupWidth * 0.4))\" y=\"\(f(top + margin.top + plot.height + 16))\" text-anchor=\"middle\">\(escape(corpus))</text>")
        }
        parts += legend(strategies, colors, top: top)
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
