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

    /// The Markdown of `document`.
    static func render(_ document: ReportDocument) -> String {
        var lines: [String] = []
        for block in document.blocks {
            switch block {
            case .title(let text): lines.append("# " + escape(text))
            case .heading(let spans): lines.append("## " + inline(spans))
            case .verdict(let spans): lines.append("**" + inline(spans) + "**")
            case .paragraph(let spans): lines.append(inline(spans))
            case .table(let header, let rightAligned, let rows):
                lines.append("| " + header.map(escape).joined(separator: " | ") + " |")
                lines.append("|" + rightAligned.map { $0 ? "---:" : "---" }.joined(separator: "|") + "|")
                lines += rows.map { "| " + $0.map(inline).joined(separator: " | ") + " |" }
            case .charts: continue
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
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

    /// A duration in nanoseconds, in the largest unit that keeps it at least 1 (e.g. `3.2 µs`).
    package static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case 1e9...: return String(format: "%.2f s", nanoseconds / 1e9)
        case 1e6...: return String(format: "%.3g ms", nanoseconds / 1e6)
        case 1e3...: return String(format: "%.3g µs", nanoseconds / 1e3)
        case 100...: return String(format: "%.0f ns", nanoseconds)
        // Batched samples resolve a fast operation below a nanosecond: three digits show it.
        default: return String(format: "%.3g ns", nanoseconds)
        }
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value == value.rounded() && abs(value) < 1e5 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }
}
