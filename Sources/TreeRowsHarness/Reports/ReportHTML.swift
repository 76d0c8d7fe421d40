/// A benchmark report as one self-contained HTML page: the Markdown report's title and
/// verdict, the charts inline, then the machine facts and the tables.
public enum ReportHTML {
    /// The whole page.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        page(ReportDocument(report), title: "TreeRows benchmark", charts: { ReportSVG.render(report) })
    }

    /// A comparison as one page: what was compared, the base and head distributions of
    /// every time cell side by side, and the table with each change's interval.
    ///
    /// - Complexity: O(*c* *s* + *c* log *c*) for *c* cells of *s* samples.
    public static func render(_ comparison: BenchmarkComparison, base: BenchmarkReport, head: BenchmarkReport) -> String {
        page(ReportDocument(comparison: comparison, base: base, head: head), title: "TreeRows comparison",
             charts: { ReportSVG.distributions(comparison, base: base, head: head) })
    }

    /// The page of `document`, with `charts` where it has its charts block.
    static func page(_ document: ReportDocument, title: String, charts: () -> String) -> String {
        var body: [String] = []
        for block in document.blocks {
            switch block {
            case .title(let text): body.append("<h1>\(escape(text))</h1>")
            case .heading(let spans): body.append("<h2>\(inline(spans))</h2>")
            case .verdict(let spans): body.append("<p class=\"verdict\"><strong>\(inline(spans))</strong></p>")
            case .paragraph(let spans): body.append("<p>\(inline(spans))</p>")
            case .table(let header, _, let rows):
                body.append("<table>")
                body.append("<tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>")
                body += rows.map { "<tr>" + $0.map { "<td>\(inline($0))</td>" }.joined() + "</tr>" }
                body.append("</table>")
            case .charts: body.append(charts())
            }
        }
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>body{font-family:Helvetica,Arial,sans-serif;margin:2em;max-width:1000px}table{border-collapse:collapse;margin:1em 0}\
            td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}\
            code{font-size:90%;background:#f4f4f4;padding:1px 3px}p.verdict{font-size:115%}</style>
            </head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
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
