import Foundation

extension ReportSVG {
    /// The base and head samples of every cell a time comparison tested, side by side: one
    /// strip per cell on a log time axis of its own, the base's samples above the head's,
    /// each side's median marked, and the change with its interval at the right.
    ///
    /// - Complexity: O(*c* *s* log *s*) time for *c* cells of *s* samples; O(*c*) marks, 400 a
    ///   side at most.
    public static func distributions(_ comparison: BenchmarkComparison, base: BenchmarkReport, head: BenchmarkReport) -> String {
        let baseCells = Dictionary(base.results.map { (BenchmarkCellKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        let headCells = Dictionary(head.results.map { (BenchmarkCellKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        let rowHeight = 44.0, left = 250.0, plot = 330.0
        var rows: [String] = []
        for change in comparison.changes where change.interval != nil {
            let key = BenchmarkCellKey(strategy: change.strategy, corpus: change.corpus, operation: change.operation)
            guard let before = baseCells[key]?.distribution?.nanoseconds, let after = headCells[key]?.distribution?.nanoseconds else { continue }
            let all = (before + after).filter { $0 > 0 && $0.isFinite }
            guard let low = all.min(), let high = all.max() else { continue }
            let (from, to) = (log10(low), max(log10(high), log10(low) + 1e-9))
            func x(_ value: Double) -> Double { left + plot * (log10(max(value, low)) - from) / (to - from) }
            let top = Double(rows.count) * rowHeight
            var marks: [String] = []
            for (index, samples) in [before, after].enumerated() {
                let y = top + 14 + Double(index) * 14, color = palette[index == 0 ? 0 : 3]
                func place(_ value: Double) -> String { String(format: "%.1f", value) }
                // A strip is 330 points wide: 400 evenly spaced order statistics draw it as
                // all the samples would, in bounded space however many were kept.
                marks += RatioInterval.thinned(samples, to: 400).map {
                    "<line x1=\"\(place(x($0)))\" y1=\"\(place(y - 5))\" x2=\"\(place(x($0)))\" y2=\"\(place(y + 5))\" stroke=\"\(color)\" stroke-opacity=\"0.45\"/>"
                }
                let median = BenchmarkSamples.median(of: samples)
                marks.append("<rect x=\"\(place(x(median) - 1.5))\" y=\"\(place(y - 7))\" width=\"3\" height=\"14\" fill=\"\(color)\">"
                    + "<title>\(index == 0 ? "base" : "head") median \(ReportHTML.escape(FigureText.time(median)))</title></rect>")
            }
            let label = ReportHTML.escape("\(change.strategy) · \(change.operation)")
            let corpus = ReportHTML.escape(change.corpus)
            rows.append("""
                <g class="cell">
                <text x="4" y="\(top + 17)" font-size="11">\(label)</text>
                <text x="4" y="\(top + 31)" font-size="10" fill="#666">\(corpus)</text>
                <text x="\(left - 4)" y="\(top + 40)" font-size="9" text-anchor="end" fill="#666">\(ReportHTML.escape(FigureText.time(low)))</text>
                <text x="\(left + plot + 4)" y="\(top + 40)" font-size="9" fill="#666">\(ReportHTML.escape(FigureText.time(high)))</text>
                \(marks.joined(separator: "\n"))
                <text x="\(left + plot + 60)" y="\(top + 24)" font-size="11">\(ReportHTML.escape(change.percentText(missing: "–") + " " + change.verdict.rawValue))</text>
                </g>
                """)
        }
        let height = max(1, Double(rows.count)) * rowHeight + 24
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width + 180))" height="\(Int(height))" font-family="Helvetica,Arial,sans-serif">
            <text x="4" y="\(height - 6)" font-size="10" fill="#666">each cell: base samples above (blue), head below (orange), medians as bars; log time axis per cell</text>
            \(rows.joined(separator: "\n"))
            </svg>
            """
    }

    /// The cells whose tails the report draws: those the verdict names as spreads that kept
    /// more than one single sample.
    ///
    /// - Complexity: O(*v* *r*) for *v* spreads and *r* results.
    static func tailCells(_ report: BenchmarkReport, _ verdict: BenchmarkVerdict?) -> [BenchmarkResult] {
        (verdict?.spreads ?? []).compactMap { spread in
            report.results.first { $0.strategy == spread.strategy && $0.operation == spread.operation && $0.corpus == spread.corpus }
        }.filter { ($0.distribution?.tailSamples.count ?? 0) > 1 }
    }

    /// The single samples of each cell in `cells` (at most 12, the widest spread first), one
    /// strip a cell on a log time axis of its own, the median and the p99 marked; `nil` for
    /// none.
    ///
    /// - Complexity: O(*c* *s* log *s*) for *c* cells of *s* samples; 400 marks a cell at most.
    static func tails(_ cells: [BenchmarkResult]) -> Chart? {
        let shown = cells.filter { ($0.distribution?.tailSamples.count ?? 0) > 1 }
            .sorted { $0.p99Nanoseconds / max($0.medianNanoseconds, 1e-9) > $1.p99Nanoseconds / max($1.medianNanoseconds, 1e-9) }.prefix(12)
        guard !shown.isEmpty else { return nil }
        let rowHeight = 34.0, left = 330.0, plot = 700.0
        var rows: [String] = []
        for (index, result) in shown.enumerated() {
            let samples = result.distribution!.tailSamples.filter { $0 > 0 && $0.isFinite }.sorted()
            guard let low = samples.first, let high = samples.last else { continue }
            let (from, to) = (log10(low), max(log10(high), log10(low) + 1e-9))
            func x(_ value: Double) -> Double { left + plot * (log10(max(value, low)) - from) / (to - from) }
            let y = Double(index) * rowHeight + 18
            var marks = RatioInterval.thinned(samples, to: 400).map {
                "<line x1=\"\(f(x($0)))\" y1=\"\(f(y - 6))\" x2=\"\(f(x($0)))\" y2=\"\(f(y + 6))\" stroke=\"\(palette[0])\" stroke-opacity=\"0.4\"/>"
            }
            for (name, value, color) in [("median", BenchmarkSamples.median(of: samples), "#2ca02c"), ("p99", result.p99Nanoseconds, "#d62728")] {
                marks.append("<rect class=\"\(name)\" x=\"\(f(x(value) - 1.5))\" y=\"\(f(y - 9))\" width=\"3\" height=\"18\" fill=\"\(color)\">"
                    + "<title>\(name) \(escape(FigureText.time(value)))</title></rect>")
            }
            rows.append("""
                <g class="tail">
                <text x="4" y="\(f(y - 2))" font-size="12">\(escape("\(result.strategy) · \(result.operation)"))</text>
                <text x="4" y="\(f(y + 11))" font-size="10" fill="#666">\(escape(result.corpus))</text>
                <text x="\(f(left - 6))" y="\(f(y + 4))" font-size="10" text-anchor="end" fill="#666">\(escape(FigureText.time(low)))</text>
                <text x="\(f(left + plot + 6))" y="\(f(y + 4))" font-size="10" fill="#666">\(escape(FigureText.time(high)))</text>
                <text x="\(f(left + plot + 70))" y="\(f(y + 4))" font-size="12">\(escape("p99 \(FigureText.ratio(result.p99Nanoseconds / max(result.medianNanoseconds, 1e-9)))× the median"))</text>
                \(marks.joined(separator: "\n"))
                </g>
                """)
        }
        let height = Double(shown.count) * rowHeight + 24
        rows.append("<text x=\"4\" y=\"\(f(height - 6))\" font-size=\"10\" fill=\"#666\">each cell: its single samples (blue), the median (green) and the p99 (red); "
            + "log time axis per cell\(cells.count > shown.count ? "; \(cells.count - shown.count) more cells in the verdict's list" : "")</text>")
        return Chart(title: "Tails", width: wideWidth, height: height, body: rows.joined(separator: "\n"))
    }
}
