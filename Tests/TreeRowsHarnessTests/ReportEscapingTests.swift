import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// Names from a results file (strategies, corpora, operations, shapes, machine facts) are
/// text, never syntax: every report format, rendered from names built of table borders, line
/// breaks, tags, entities, emphasis, code fences and terminal escapes, parses back to the
/// same tables, rows and cells holding the same names.
@Suite struct ReportEscapingTests {
    /// Pieces hostile to one format or another.
    static let pieces = ["|", "\n", "\r\n", "\u{1B}[31m", "<svg onload=alert(1)>", "</td>", "**", "*", "_", "`", "```", "\\", "\\|",
                         "&lt;", "&amp;", "&", "[x](y)", "# ", "\u{202E}", "\t", "\0", "\u{7F}", "\u{85}", "\u{2028}", "\"", "'",
                         "é", "中", " ", "-", "~~", "<!--", "]]>", "a", "b"]

    static func name(_ random: inout SplitMix64) -> String {
        (0..<Int(random.next() % 5 + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    /// A report of `strategies` × `corpora` × `operations` cells, some wrong, with an
    /// exponent per strategy and hostile machine facts.
    static func report(seed: UInt64) -> BenchmarkReport {
        var random = SplitMix64(seed: seed)
        func names(_ count: Int) -> [String] {
            var seen = Set<String>()
            while seen.count < count { seen.insert(name(&random)) }
            return seen.sorted()
        }
        let strategies = names(3), corpora = names(2) + ["shape:1000"], operations = names(2)
        var results: [BenchmarkResult] = []
        for corpus in corpora {
            for operation in operations {
                for (index, strategy) in strategies.enumerated() {
                    let median = Double(random.next() % 1000 + 1)
                    var result = BenchmarkResult(strategy: strategy, corpus: corpus, nodes: 1000, operation: operation, samples: 10,
                                                 medianNanoseconds: median, p90Nanoseconds: median * 2, p99Nanoseconds: median * 3,
                                                 operationsPerSecond: 1e9 / median, allocationsPerOperation: 0, bytesPerOperation: 0,
                                                 peakResidentBytes: 0, ratioToReference: 1, ratioToFastest: 1,
                                                 correct: index != 2 || random.next() % 2 == 0)
                    if !result.correct {
                        // What was wrong holds the corpus's ids, which may hold anything.
                        result.disagreement = StepDisagreement(.rows, "row(at: 3) is 2:\(name(&random))")
                        result.disagreementStep = "input 1 (toggle \(name(&random)))"
                    }
                    results.append(result)
                }
            }
        }
        let exponents = strategies.map { BenchmarkReport.Exponent(strategy: $0, operation: operations[0], shape: name(&random), exponent: 1) }
        return BenchmarkReport(machine: [("host", .string(name(&random))), ("command", .string(name(&random))), (name(&random), .string(name(&random)))],
                               results: results, exponents: exponents)
    }

    /// The cells of a Markdown table row, unescaped: split at `|` not after a backslash.
    static func markdownCells(_ line: Substring) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for character in line {
            if escaped {
                cell.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
        }
        cells.append(cell)
        return cells.dropFirst().dropLast().map { String($0.dropFirst().dropLast()) }
    }

    /// The tables of an HTML page: per table, rows of cell texts with tags stripped and
    /// references decoded.
    static func htmlTables(_ page: String) -> [[[String]]] {
        func text(_ html: Substring) -> String {
            html.replacing(/<[^>]*>/, with: "").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        }
        return page.matches(of: /<table[^>]*>(.*?)<\/table>/.dotMatchesNewlines()).map { table in
            table.1.matches(of: /<tr>(.*?)<\/tr>/.dotMatchesNewlines()).map { row in
                row.1.matches(of: /<t[hd][^>]*>(.*?)<\/t[hd]>/.dotMatchesNewlines()).map { text($0.1) }
            }
        }
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>) func everyFormatParsesBackToTheSameCells(seed: UInt64) throws {
        let report = Self.report(seed: seed)
        let strategies = Set(report.results.map(\.strategy))
        let shown = Set(strategies.map { $0.escapingControls() })
        // Tables: every strategy × operation (a row per corpus and operation), the exponents, then
        // the leaders and one per corpus and operation (3 strategies each).
        let cells = Set(report.results.map { "\($0.corpus)\u{0}\($0.operation)" }).count
        let operations = Set(report.results.map(\.operation)).count
        let expected = [cells + 1, report.exponents.count + 1, operations + 1] + Array(repeating: 4, count: cells)

        let markdown = ReportMarkdown.render(report)
        #expect(!markdown.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                "a control character reached the Markdown")
        var tables: [[[String]]] = []
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                inTable = false
                continue
            }
            if !inTable { tables.append([]) }
            inTable = true
            let row = Self.markdownCells(line)
            if row.allSatisfy({ $0.allSatisfy { "-:".contains($0) } }) { continue }
            tables[tables.count - 1].append(row)
        }
        #expect(tables.map(\.count) == expected, "rows per table")
        try Self.checkTables(tables, strategies: shown, tableCount: expected.count)
        // Each wrong cell says why, under its table.
        #expect(markdown.split(separator: "\n").filter { $0.contains(" is wrong at input 1 (toggle ") }.count
                == report.results.filter { !$0.correct }.count)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.count == cells + 3, "one heading per cell, the exponents', every figure's and the leaders'")

        let html = ReportHTML.render(report)
        let htmlTables = Self.htmlTables(html)
        #expect(htmlTables.map(\.count) == expected, "rows per table")
        try Self.checkTables(htmlTables, strategies: shown, tableCount: expected.count)
        let tags = Set(html.matches(of: /<\/?([a-zA-Z0-9!]+)/).map { String($0.1).lowercased() })
        #expect(tags.isSubset(of: ["!doctype", "html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "strong", "code",
                                   "table", "caption", "tr", "th", "td", "small", "br", "span", "ul", "li", "nav", "a", "div", "details",
                                   "summary", "svg", "g", "rect", "text", "line", "polyline", "circle"]),
                "a name became a tag: \(tags.sorted())")

        let svg = ReportSVG.render(report)
        let texts = try Self.svgTexts(svg)
        let charted = Set(report.results.filter(\.correct).map { $0.strategy.escapingControls() })
        #expect(charted.isSubset(of: Set(texts)), "a charted strategy's name is not a whole legend entry")
    }

    /// Every table has rows of equal width, and every strategy cell names a strategy.
    static func checkTables(_ tables: [[[String]]], strategies: Set<String>, tableCount: Int) throws {
        #expect(tables.count == tableCount, "\(tables.count) tables, \(tableCount) expected")
        for table in tables {
            let width = try #require(table.first?.count)
            #expect(table.allSatisfy { $0.count == width }, "a row with another number of cells: \(table)")
            if table.first?[1] == "strategy" {
                // A ranked table: every row's strategy, without its label, is one of the report's.
                #expect(table.count == 4, "a header and 3 strategies: \(table)")
                for row in table.dropFirst() {
                    let name = [" **WRONG**", " WRONG"].first(where: row[1].hasSuffix).map { String(row[1].dropLast($0.count)) } ?? row[1]
                    #expect(strategies.contains(name), "\(name.debugDescription) is not a strategy")
                }
            }
        }
    }

    /// The character data of every `text` element of an SVG, read by an XML parser (which
    /// refuses the document if a name broke it).
    static func svgTexts(_ svg: String) throws -> [String] {
        final class Collector: NSObject, XMLParserDelegate {
            var texts: [String] = []
            var current: String?
            func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if element == "text" { current = "" }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }
            func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
                if element == "text", let current { texts.append(current) }
                current = nil
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw SVGError(description: "the SVG is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")")
        }
        return collector.texts
    }

    struct SVGError: Error, CustomStringConvertible {
        var description: String
    }
}
