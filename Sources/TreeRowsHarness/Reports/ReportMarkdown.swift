import Foundation
import TreeRowsCorpora

/// A benchmark report as Markdown, for a CI job summary or a pull request: the blocks of
/// ``ReportDocument`` (GitHub-flavoured tables), every text from the results escaped.
public enum ReportMarkdown {
    /// The whole report.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String { render(ReportDocument(report)) }

    /// A comparison as Markdown: what was compared and how, then the table with each
    /// change's interval.
    ///
    /// - Complexity: O(*c* log *c*) for *c* cells.
    public static func render(_ comparison: BenchmarkComparison, base: BenchmarkReport, head: BenchmarkReport) -> String {
        render(ReportDocument(comparison: comparison, base: base, head: head))
    }

    /// The Markdown of `document`: its blocks in order, the details unfolded under a heading;
    /// no contents and no charts, which Markdown has no place for.
    ///
    /// - Complexity: O(*c*) for *c* characters of the blocks.
    static func render(_ document: ReportDocument) -> String {
        lines(document.blocks).joined(separator: "\n")
    }

    /// The lines of `blocks`, each block followed by a blank line.
    ///
    /// - Complexity: O(*c*) for *c* characters of the blocks.
    static func lines(_ blocks: [ReportDocument.Block]) -> [String] {
        var lines: [String] = []
        for block in blocks {
            switch block {
            case .title(let text): lines.append("# " + escape(text))
            case .heading(let spans, _): lines.append("## " + inline(spans))
            case .verdict(let spans): lines.append("**" + inline(spans) + "**")
            case .paragraph(let spans): lines.append(inline(spans))
            case .list(let items): lines += items.map { "- " + inline($0) }
            case .table(let header, let rightAligned, let rows):
                lines += table(header: header.map(escape), rightAligned: rightAligned, rows: rows.map { $0.map(inline) })
            case .matrix(let matrix):
                lines.append("_" + escape(matrix.caption) + "_")
                lines.append("")
                let header = ["operation"] + matrix.columns.map { escape($0) + ($0 == matrix.recommended ? " ★ recommended" : "") }
                lines += table(header: header, rightAligned: [false] + matrix.columns.map { _ in true },
                               rows: matrix.rows.map { row in [escape(row.label)] + row.cells.map(cell) })
            case .details(let summary, _, let blocks):
                lines.append("## " + escape(summary))
                lines.append("")
                lines += self.lines(blocks)
                continue
            case .contents, .charts: continue
            }
            lines.append("")
        }
        return lines
    }

    /// A GitHub-flavoured table of cells already in Markdown.
    ///
    /// - Complexity: O(*c*) for *c* characters of the cells.
    static func table(header: [String], rightAligned: [Bool], rows: [[String]]) -> [String] {
        ["| " + header.joined(separator: " | ") + " |", "|" + rightAligned.map { $0 ? "---:" : "---" }.joined(separator: "|") + "|"]
            + rows.map { "| " + $0.joined(separator: " | ") + " |" }
    }

    /// A cell of the strategies × operations table: the fastest in bold, the others with their
    /// ratio to it, failures in bold capitals.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func cell(_ cell: ReportDocument.MatrixCell) -> String {
        switch cell.status {
        case .fastest: "**" + escape(cell.text) + "**"
        case .measured: escape(cell.text) + (cell.ratio.map { " ×" + FigureText.ratio($0) } ?? "")
        case .wrong, .crashed, .slow: "**" + escape(cell.text) + "**"
        case .unmeasured, .absent: escape(cell.text)
        }
    }

    /// Spans as Markdown.
    static func inline(_ spans: [ReportDocument.Span]) -> String {
        spans.map { span in
            switch span {
            case .text(let text): escape(text)
            case .strong(let text): "**" + escape(text) + "**"
            case .code(let text): code(text)
            }
        }.joined()
    }

    /// Text that Markdown shows as it is, inside a table cell too: control characters as
    /// escapes, and a backslash before every character Markdown could read as syntax
    /// (emphasis, links, HTML, entities, code, cell borders).
    ///
    /// - Complexity: O(*n*) for *n* characters.
    static func escape(_ text: String) -> String {
        func special(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
            default: false
            }
        }
        let text = text.escapingControls()
        guard text.utf8.contains(where: special) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if special(byte) { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A code span holding `text` exactly: fenced by one more backtick than its longest run.
    static func code(_ text: String) -> String {
        let text = text.escapingControls()
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = text.first == "`" || text.last == "`" || (text.first == " " && text.last == " ") ? " " : ""
        return fence + pad + text + pad + fence
    }
}
