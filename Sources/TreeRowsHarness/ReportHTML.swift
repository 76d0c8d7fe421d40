/// A benchmark report as one self-contained HTML page: the Markdown report's title and
/// verdict, the charts inline, then the machine facts and the tables.
public enum ReportHTML {
    /// The whole page.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        var body: [String] = []
        var inTable = false
        var chartsPlaced = false
        for line in ReportMarkdown.render(report).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.allSatisfy({ $0.allSatisfy { "-:".contains($0) } }) { continue }
                let tag = inTable ? "td" : "th"
                if !inTable { body.append("<table>") }
                inTable = true
                body.append("<tr>" + cells.map { "<\(tag)>\(inline($0).replacingOccurrences(of: "**", with: ""))</\(tag)>" }.joined() + "</tr>")
                continue
            }
            if inTable {
                body.append("</table>")
                inTable = false
            }
            // The charts go after the title and the verdict, before the machine facts and the tables.
            if !chartsPlaced && ((line.hasPrefix("## ") && line != "## Verdict") || line.hasPrefix("Machine: ")) {
                body.append(ReportSVG.render(report))
                chartsPlaced = true
            }
            if line.hasPrefix("## ") { body.append("<h2>\(inline(String(line.dropFirst(3))))</h2>") }
            else if line.hasPrefix("# ") { body.append("<h1>\(inline(String(line.dropFirst(2))))</h1>") }
            else if line.hasPrefix("**") && line.hasSuffix("**") {
                body.append("<p class=\"verdict\"><strong>\(inline(String(line.dropFirst(2).dropLast(2))))</strong></p>")
            } else if !line.isEmpty { body.append("<p>\(inline(line))</p>") }
        }
        if inTable { body.append("</table>") }
        if !chartsPlaced { body.append(ReportSVG.render(report)) }
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>TreeRows benchmark</title>
            <style>body{font-family:Helvetica,Arial,sans-serif;margin:2em;max-width:1000px}table{border-collapse:collapse;margin:1em 0}\
            td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}\
            code{font-size:90%;background:#f4f4f4;padding:1px 3px}p.verdict{font-size:115%}</style>
            </head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }

    /// Markdown text of the report (escaped for a table cell, with `code` spans) as HTML text.
    static func inline(_ markdown: String) -> String {
        let text = markdown.replacingOccurrences(of: "\\|", with: "|").replacingOccurrences(of: "&lt;", with: "<")
        return text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(ReportSVG.escape(String(part)))</code>" : ReportSVG.escape(String(part))
        }.joined()
    }
}
