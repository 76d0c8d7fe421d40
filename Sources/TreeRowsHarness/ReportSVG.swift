import Foundation

/// Benchmark charts as one SVG: for every operation measured on a size sweep, a log-log
/// chart of median time against tree size with one line per strategy; for every operation
/// measured on named corpora, bars per corpus and strategy on a log time axis.
public enum ReportSVG {
    static let width = 720.0
    static let chartHeight = 300.0
    static let margin = (left: 80.0, right: 170.0, top: 40.0, bottom: 50.0)
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    public static func render(_ report: BenchmarkReport) -> String {
        let strategies = unique(report.results.map(\.strategy))
        var charts: [String] = []
        let swept = Set(report.results.filter { $0.corpus.contains(":") }.map(\.operation))
        for operation in unique(report.results.map(\.operation)) {
            let results = report.results.filter {
                $0.operation == operation && $0.correct && $0.samples > 0 && $0.medianNanoseconds.isFinite && $0.medianNanoseconds > 0
            }
            if swept.contains(operation) {
                let series = strategies.map { strategy in
                    (strategy, results.filter { $0.strategy == strategy && $0.corpus.contains(":") }
                        .filter { $0.nodes > 0 }.map { (Double($0.nodes), $0.medianNanoseconds) }.sorted { $0.0 < $1.0 })
                }
                charts.append(lineChart("\(operation): median time against tree size", series, strategies, top: Double(charts.count) * chartHeight))
            }
            let named = results.filter { !$0.corpus.contains(":") }
            if !named.isEmpty {
                charts.append(barChart("\(operation): median time per corpus", named, strategies, top: Double(charts.count) * chartHeight))
            }
        }
        let height = max(1, Double(charts.count)) * chartHeight
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" \
            font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            \(charts.joined(separator: "\n"))
            </svg>

            """
    }

    /// Decades covering `values` on a log axis (finite, positive values only).
    static func decades(_ values: [Double]) -> ClosedRange<Double> {
        let logs = values.filter { $0 > 0 && $0.isFinite }.map(log10)
        guard let low = logs.min(), let high = logs.max() else { return 0...1 }
        return floor(low)...max(floor(low) + 1, ceil(high))
    }

    static func lineChart(_ title: String, _ series: [(String, [(Double, Double)])], _ strategies: [String], top: Double) -> String {
        let xs = decades(series.flatMap { $0.1.map(\.0) })
        let ys = decades(series.flatMap { $0.1.map(\.1) })
        let plot = (width: width - margin.left - margin.right, height: chartHeight - margin.top - margin.bottom)
        func x(_ value: Double) -> Double { margin.left + (log10(value) - xs.lowerBound) / (xs.upperBound - xs.lowerBound) * plot.width }
        func y(_ value: Double) -> Double { top + margin.top + plot.height - (log10(value) - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plot.height }
        var parts = [frame(title, top: top, xLabel: "nodes (log scale)", yLabel: "median time (log scale)")]
        for decade in stride(from: xs.lowerBound, through: xs.upperBound, by: 1) {
            let px = x(pow(10, decade))
            parts.append("<line x1=\"\(f(px))\" y1=\"\(f(top + margin.top))\" x2=\"\(f(px))\" y2=\"\(f(top + margin.top + plot.height))\" stroke=\"#ddd\"/>")
            parts.append("<text x=\"\(f(px))\" y=\"\(f(top + margin.top + plot.height + 16))\" text-anchor=\"middle\">\(sizeLabel(pow(10, decade)))</text>")
        }
        parts += yGrid(ys, y: y, top: top, plotHeight: plot.height)
        for (name, points) in series where !points.isEmpty {
            let color = palette[(strategies.firstIndex(of: name) ?? 0) % palette.count]
            let path = points.map { "\(f(x($0.0))),\(f(y($0.1)))" }.joined(separator: " ")
            parts.append("<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" points=\"\(path)\"/>")
            parts += points.map { "<circle cx=\"\(f(x($0.0)))\" cy=\"\(f(y($0.1)))\" r=\"3\" fill=\"\(color)\"/>" }
        }
        parts += legend(strategies, top: top)
        return parts.joined(separator: "\n")
    }

    static func barChart(_ title: String, _ results: [BenchmarkResult], _ strategies: [String], top: Double) -> String {
        let corpora = unique(results.map(\.corpus))
        // One decade below the fastest, so every bar has a height.
        let fitted = decades(results.map(\.medianNanoseconds))
        let ys = fitted.lowerBound - 1...fitted.upperBound
        let plot = (width: width - margin.left - margin.right, height: chartHeight - margin.top - margin.bottom)
        func y(_ value: Double) -> Double { top + margin.top + plot.height - (log10(value) - ys.lowerBound) / (ys.upperBound - ys.lowerBound) * plot.height }
        var parts = [frame(title, top: top, xLabel: "corpus", yLabel: "median time (log scale)")]
        parts += yGrid(ys, y: y, top: top, plotHeight: plot.height)
        let groupWidth = plot.width / Double(max(1, corpora.count))
        let barWidth = groupWidth * 0.8 / Double(max(1, strategies.count))
        for (group, corpus) in corpora.enumerated() {
            let left = margin.left + Double(group) * groupWidth + groupWidth * 0.1
            for (index, strategy) in strategies.enumerated() {
                guard let result = results.first(where: { $0.corpus == corpus && $0.strategy == strategy }) else { continue }
                let barTop = y(max(result.medianNanoseconds, pow(10, ys.lowerBound)))
                let bottom = top + margin.top + plot.height
                parts.append("<rect x=\"\(f(left + Double(index) * barWidth))\" y=\"\(f(barTop))\" width=\"\(f(barWidth * 0.9))\" "
                    + "height=\"\(f(bottom - barTop))\" fill=\"\(palette[index % palette.count])\"/>")
            }
            parts.append("<text x=\"\(f(left + groupWidth * 0.4))\" y=\"\(f(top + margin.top + plot.height + 16))\" text-anchor=\"middle\">\(escape(corpus))</text>")
        }
        parts += legend(strategies, top: top)
        return parts.joined(separator: "\n")
    }

    static func frame(_ title: String, top: Double, xLabel: String, yLabel: String) -> String {
        let plotHeight = chartHeight - margin.top - margin.bottom
        let plotWidth = width - margin.left - margin.right
        return """
            <text x="\(f(margin.left))" y="\(f(top + 24))" font-size="15" font-weight="bold">\(escape(title))</text>
            <rect x="\(f(margin.left))" y="\(f(top + margin.top))" width="\(f(plotWidth))" height="\(f(plotHeight))" fill="none" stroke="#444"/>
            <text x="\(f(margin.left + plotWidth / 2))" y="\(f(top + chartHeight - 12))" text-anchor="middle">\(escape(xLabel))</text>
            <text x="18" y="\(f(top + margin.top + plotHeight / 2))" text-anchor="middle" transform="rotate(-90 18 \(f(top + margin.top + plotHeight / 2)))">\(escape(yLabel))</text>
            """
    }

    static func yGrid(_ ys: ClosedRange<Double>, y: (Double) -> Double, top: Double, plotHeight: Double) -> [String] {
        stride(from: ys.lowerBound, through: ys.upperBound, by: 1).flatMap { decade -> [String] in
            let py = y(pow(10, decade))
            return ["<line x1=\"\(f(margin.left))\" y1=\"\(f(py))\" x2=\"\(f(width - margin.right))\" y2=\"\(f(py))\" stroke=\"#ddd\"/>",
                    "<text x=\"\(f(margin.left - 6))\" y=\"\(f(py + 4))\" text-anchor=\"end\">\(ReportMarkdown.time(pow(10, decade)))</text>"]
        }
    }

    static func legend(_ strategies: [String], top: Double) -> [String] {
        strategies.enumerated().flatMap { index, name -> [String] in
            let ly = top + margin.top + 12 + Double(index) * 18
            let lx = width - margin.right + 14
            return ["<rect x=\"\(f(lx))\" y=\"\(f(ly - 9))\" width=\"12\" height=\"12\" fill=\"\(palette[index % palette.count])\"/>",
                    "<text x=\"\(f(lx + 18))\" y=\"\(f(ly + 1))\">\(escape(name))</text>"]
        }
    }

    static func sizeLabel(_ value: Double) -> String {
        value >= 1e6 ? "\(Int(value / 1e6))M" : value >= 1e3 ? "\(Int(value / 1e3))k" : "\(Int(value))"
    }

    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
