/// A benchmark report as one self-contained HTML page, the answer first: the verdict, the
/// table of every strategy × operation coloured by each cell's ratio to its row's fastest,
/// what the verdict notes, the run details, a table of contents, then the charts (one per
/// family of operations, the sweeps, the tails the verdict names) and every figure, folded.
public enum ReportHTML {
    /// The whole page.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        let verdict = BenchmarkVerdict(report.results, exponents: report.exponents)
        return page(ReportDocument(report, verdict: verdict), title: "TreeRows benchmark", charts: { charts(report, verdict: verdict) })
    }

    /// A comparison as one page: what was compared, the base and head distributions of
    /// every time cell side by side, and the table with each change's interval.
    ///
    /// - Complexity: O(*c* *s* + *c* log *c*) for *c* cells of *s* samples.
    public static func render(_ comparison: BenchmarkComparison, base: BenchmarkReport, head: BenchmarkReport) -> String {
        page(ReportDocument(comparison: comparison, base: base, head: head), title: "TreeRows comparison",
             charts: { ReportSVG.distributions(comparison, base: base, head: head) })
    }

    /// The charts of a report: the families' grouped bars, the sweeps two to a row, and the
    /// single samples of every cell its verdict names for its tail.
    ///
    /// - Complexity: O(*r* log *r* + *t* *s* log *s*) for *r* results and *t* tails of *s* samples.
    static func charts(_ report: BenchmarkReport, verdict: BenchmarkVerdict?) -> String {
        var parts = ["<h2 id=\"charts\">Charts</h2>", "<div class=\"charts\">"]
        parts += ReportSVG.charts(report).map { ReportSVG.svg($0) }
        parts.append("</div>")
        if let chart = ReportSVG.tails(ReportSVG.tailCells(report, verdict)) {
            parts.append("<h2 id=\"tails\">Tails</h2>")
            parts.append("<p>Every single operation timed in the cells whose p99 is more than \(FigureText.ratio(BenchmarkVerdict.spreadLimit))× "
                + "their median: one mark a sample, the median and the p99 marked.</p>")
            parts.append(ReportSVG.svg(chart))
        }
        return parts.joined(separator: "\n")
    }

    /// The page of `document`, with `charts` where it has its charts block.
    ///
    /// - Complexity: O(*c*) for *c* characters of the page.
    static func page(_ document: ReportDocument, title: String, charts: () -> String) -> String {
        """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>body{font-family:Helvetica,Arial,sans-serif;margin:1.2em 2em;max-width:1340px;font-size:14px}h1{font-size:22px;margin:0 0 .3em}\
        h2{font-size:17px;margin:1.2em 0 .4em}table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;padding:2px 7px;\
        text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}code{font-size:90%;background:#f4f4f4;padding:1px 3px}\
        p{margin:.35em 0}p.verdict{font-size:115%;margin:.4em 0}ul.notes{margin:.3em 0;padding-left:1.2em;font-size:13px}\
        table.matrix td,table.matrix th{padding:2px 6px;white-space:nowrap}table.matrix td:first-child,table.matrix th:first-child{text-align:left}\
        table.matrix td:nth-child(2),table.matrix th:nth-child(2){text-align:right}table.matrix caption{text-align:left;color:#444;padding:2px 0}\
        table.matrix small{color:#555}th.pick{background:#fff3c4}.r0{background:#b9e4b9;font-weight:bold}.r1{background:#dcf1d5}\
        .r2{background:#f6f3c8}.r3{background:#fbdcb8}.r4{background:#f6c1bc}.bad{background:#b71c1c;color:#fff;font-weight:bold}\
        .slow{background:#e65100;color:#fff;font-weight:bold}.none{color:#888}span.key{display:inline-block;width:1.1em;height:.8em;\
        margin:0 .2em 0 .8em;border:1px solid #bbb}p.legend{font-size:12px;color:#444}nav.contents{margin:.8em 0}\
        div.charts svg{display:inline-block;margin:.3em .6em .3em 0}details{margin:1em 0}summary{font-size:17px;font-weight:bold;cursor:pointer}</style>
        </head><body>
        \(body(document.blocks, charts: charts).joined(separator: "\n"))
        </body></html>

        """
    }

    /// The HTML of `blocks`, folded details included.
    ///
    /// - Complexity: O(*c*) for *c* characters of the blocks.
    static func body(_ blocks: [ReportDocument.Block], charts: () -> String) -> [String] {
        var body: [String] = []
        for block in blocks {
            switch block {
            case .title(let text): body.append("<h1>\(escape(text))</h1>")
            case .heading(let spans, let anchor): body.append("<h2\(anchor.map { " id=\"\(escape($0))\"" } ?? "")>\(inline(spans))</h2>")
            case .verdict(let spans): body.append("<p class=\"verdict\"><strong>\(inline(spans))</strong></p>")
            case .paragraph(let spans): body.append("<p>\(inline(spans))</p>")
            case .list(let items): body.append("<ul class=\"notes\">" + items.map { "<li>\(inline($0))</li>" }.joined() + "</ul>")
            case .table(let header, _, let rows):
                body.append("<table>")
                body.append("<tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>")
                body += rows.map { "<tr>" + $0.map { "<td>\(inline($0))</td>" }.joined() + "</tr>" }
                body.append("</table>")
            case .matrix(let matrix): body += self.matrix(matrix)
            case .contents(let entries):
                body.append("<nav class=\"contents\"><strong>Contents:</strong> "
                    + entries.map { "<a href=\"#\(escape($0.anchor))\">\(escape($0.title))</a>" }.joined(separator: " · ") + "</nav>")
            case .charts: body.append(charts())
            case .details(let summary, let anchor, let blocks):
                body.append("<details id=\"\(escape(anchor))\"><summary>\(escape(summary))</summary>")
                body += self.body(blocks, charts: charts)
                body.append("</details>")
            }
        }
        return body
    }

    /// The strategies × operations table: the recommended strategy's column marked, each cell
    /// coloured by its ratio to the row's fastest (1×, up to 1.5×, 3×, 10×, beyond), failed cells
    /// in red (SLOW in orange); a key under it.
    ///
    /// - Complexity: O(*o* *s*) for *o* rows of *s* strategies.
    static func matrix(_ matrix: ReportDocument.Matrix) -> [String] {
        var lines = ["<table class=\"matrix\"><caption>\(escape(matrix.caption))</caption>"]
        lines.append("<tr><th>operation</th>" + matrix.columns.map { name in
            name == matrix.recommended ? "<th class=\"pick\">★ \(escape(name))<br><small>recommended</small></th>" : "<th>\(escape(name))</th>"
        }.joined() + "</tr>")
        for row in matrix.rows {
            lines.append("<tr><td>\(escape(row.label))</td>" + row.cells.map { cell in
                switch cell.status {
                case .fastest: return "<td class=\"r0\">\(escape(cell.text))</td>"
                case .measured:
                    let ratio = cell.ratio ?? 1
                    let band = ratio <= 1.5 ? 1 : ratio <= 3 ? 2 : ratio <= 10 ? 3 : 4
                    return "<td class=\"r\(band)\">\(escape(cell.text)) <small>×\(escape(FigureText.ratio(ratio)))</small></td>"
                case .wrong, .crashed: return "<td class=\"bad\">\(escape(cell.text))</td>"
                case .slow: return "<td class=\"slow\">\(escape(cell.text))</td>"
                case .unmeasured, .absent: return "<td class=\"none\">\(escape(cell.text))</td>"
                }
            }.joined() + "</tr>")
        }
        lines.append("</table>")
        let keys = [("r0", "fastest"), ("r1", "up to 1.5×"), ("r2", "up to 3×"), ("r3", "up to 10×"), ("r4", "beyond 10×"), ("bad", "WRONG or CRASHED"),
                    ("slow", "SLOW (stopped past the watchdog)")]
        lines.append("<p class=\"legend\">Colour: the ratio to the row's fastest." + keys.map { "<span class=\"key \($0.0)\"></span>\($0.1)" }.joined() + "</p>")
        return lines
    }

    /// Spans as HTML.
    static func inline(_ spans: [ReportDocument.Span]) -> String {
        spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .strong(let text): "<strong>\(escape(text))</strong>"
            case .code(let text): "<code>\(escape(text))</code>"
            }
        }.joined()
    }

    /// Text as HTML or XML character data or an attribute value: control characters as
    /// escapes (XML forbids most of them even as references), `&`, `<`, `>` and `"` as
    /// references.
    ///
    /// - Complexity: O(*n*) for *n* characters.
    static func escape(_ text: String) -> String {
        let text = text.escapingControls()
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") })
        else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += Array("&amp;".utf8)
            case UInt8(ascii: "<"): bytes += Array("&lt;".utf8)
            case UInt8(ascii: ">"): bytes += Array("&gt;".utf8)
            case UInt8(ascii: "\""): bytes += Array("&quot;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
