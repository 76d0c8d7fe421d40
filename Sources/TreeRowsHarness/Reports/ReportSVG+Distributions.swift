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
                    + "<title>\(index == 0 ? "base" : "head") median \(ReportHTML.escape(ReportMarkdown.time(median)))</title></rect>")
            }
            let label = ReportHTML.escape("\(change.strategy) · \(change.operation)")
            let corpus = ReportHTML.escape(change.corpus)
            rows.append("""
                <g class="cell">
                <text x="4" y="\(top + 17)" font-size="11">\(label)</text>
                <text x="4" y="\(top + 31)" font-size="10" fill="#666">\(corpus)</text>
                <text x="\(left - 4)" y="\(top + 40)" font-size="9" text-anchor="end" fill="#666">\(ReportHTML.escape(ReportMarkdown.time(low)))</text>
                <text x="\(left + plot + 4)" y="\(top + 40)" font-size="9" fill="#666">\(ReportHTML.escape(ReportMarkdown.time(high)))</text>
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
}
