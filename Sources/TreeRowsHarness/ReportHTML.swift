/// A benchmark report as one self-contained HTML page: the charts inline, then the tables.
public enum ReportHTML {
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
                body.append("<tr>" + cells.map { "<\(tag)>\(ReportSVG.escape($0).replacingOccurrences(of: "**", with: ""))</\(tag)>" }.joined() + "</tr>")
                continue
            }
            if inTable {
                body.append("</table>")
                inTable = false
            }
            // The charts go after the title and the verdict, before the tables.
            if !chartsPlaced && (line.hasPrefix("## ") && line != "## Verdict") {
                body.append(ReportSVG.render(report))
                chartsPlaced = true
            }
            if line.hasPrefix("## ") { body.append("<h2>\(ReportSVG.escape(String(line.dropFirst(3))))</h2>") }
            else if line.hasPrefix("# ") { body.append("<h1>\(ReportSVG.escape(String(line.dropFirst(2))))</h1>") }
            else if line.hasPrefix("**") && line.hasSuffix("**") {
                body.append("<p><strong>\(ReportSVG.escape(String(line.dropFirst(2).dropLast(2))))</strong></p>")
            } else if !line.isEmpty { body.append("<p>\(ReportSVG.escape(line))</p>") }
        }
        if inTable { body.append("</table>") }
        if !chartsPlaced { body.append(ReportSVG.render(report)) }
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>TreeRows benchmark</title>
            <style>body{font-family:Helvetica,Arial,sans-serif;margin:2em;max-width:1000px}table{border-collapse:collapse;margin:1em 0}\
            td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:nth-child(2),th:nth-child(2){text-align:left}</style>
            </head><body>
            \(body.joined(separator: "\n"))
            </body></html>

            """
    }
}
