import Foundation
import TreeRowsCorpora

/// A benchmark report as blocks of plain text, before any format's escaping, the answer
/// first: the verdict, one table of every strategy × operation (each cell the median and its
/// ratio to the row's fastest, the recommended strategy marked, failed cells named), what the
/// verdict notes, then the run details (what made the results, the machine, the command).
/// After them: a table of contents, the charts, the growth exponents of size sweeps, and
/// every figure per corpus and operation. ``ReportMarkdown`` and ``ReportHTML`` render the
/// same blocks, each escaping every text it takes from the results for its own syntax, so a
/// name can never add a cell, a row or a tag.
struct ReportDocument {
    /// A run of text within a block.
    enum Span: Equatable {
        case text(String)
        case code(String)
        case strong(String)
    }

    /// One cell of the strategies × operations table.
    struct MatrixCell: Equatable {
        enum Status: Equatable {
            /// The row's fastest correct median.
            case fastest
            /// A correct median, ``ratio`` times the row's fastest.
            case measured
            case wrong, crashed, slow
            /// Measured, but without a timed sample (too few inputs).
            case unmeasured
            /// Not measured at all.
            case absent
        }

        var text: String
        var ratio: Double?
        var status: Status
    }

    /// Every strategy × operation: a row per corpus and operation, a column per strategy.
    struct Matrix: Equatable {
        struct Row: Equatable {
            var label: String
            var cells: [MatrixCell]
        }

        var caption: String
        var columns: [String]
        /// The verdict's all-round pick, if any.
        var recommended: String?
        var rows: [Row]
    }

    /// An entry of the table of contents.
    struct Entry: Equatable {
        var title: String
        var anchor: String
    }

    /// One block of the report.
    indirect enum Block: Equatable {
        case title(String)
        case heading([Span], anchor: String?)
        /// The verdict's sentence, set apart.
        case verdict([Span])
        case paragraph([Span])
        /// Short items, one per line.
        case list([[Span]])
        /// A table: a header row, whether each column is right-aligned, and rows of cells.
        case table(header: [String], rightAligned: [Bool], rows: [[[Span]]])
        case matrix(Matrix)
        /// Links to the sections below, in a format that has them.
        case contents([Entry])
        /// Where the charts go in a format that has them.
        case charts
        /// A section a reader opens when they want it (folded in HTML).
        case details(summary: String, anchor: String, blocks: [Block])
    }

    var blocks: [Block]

    /// The blocks of `report`.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    init(_ report: BenchmarkReport) { self.init(report, verdict: BenchmarkVerdict(report.results, exponents: report.exponents)) }

    /// The blocks of `report`, whose verdict is `verdict` (a renderer that needs it too
    /// computes it once).
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    init(_ report: BenchmarkReport, verdict: BenchmarkVerdict?) {
        let cells = Self.cells(report)
        blocks = [.title("TreeRows benchmark")]
        if let verdict { blocks.append(.verdict([.text(verdict.sentence)])) }
        blocks.append(.matrix(Self.matrix(report, cells: cells, recommended: verdict?.pick?.strategy)))
        if let verdict {
            // What the verdict notes beyond its sentence (the leaders are the table's fastest cells).
            let notes = verdict.lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("fastest on ") }
            if !notes.isEmpty { blocks.append(.list(notes.map { [.text($0.prefix(1).uppercased() + $0.dropFirst())] })) }
        }
        blocks += Self.runDetails(report.machine).map { .paragraph($0) }
        var contents = [Entry(title: "Charts", anchor: "charts")]
        if !ReportSVG.tailCells(report, verdict).isEmpty { contents.append(Entry(title: "Tails", anchor: "tails")) }
        if !report.exponents.isEmpty { contents.append(Entry(title: "Growth with size", anchor: "growth")) }
        contents.append(Entry(title: "Every figure, per corpus and operation", anchor: "figures"))
        blocks.append(.contents(contents))
        blocks.append(.charts)
        if !report.exponents.isEmpty {
            blocks.append(.heading([.text("Growth with size (time ≈ c · n^k)")], anchor: "growth"))
            blocks.append(.table(header: ["strategy", "operation", "shape", "k"], rightAligned: [false, false, false, true],
                                 rows: report.exponents.map {
                                     [[.text($0.strategy)], [.text($0.operation)], [.text($0.shape)], [.text(String(format: "%.2f", $0.exponent))]]
                                 }))
        }
        var figures: [Block] = verdict.map { Self.leaders($0) } ?? []
        for (corpus, operation, cell) in cells {
            figures.append(.heading([.text("\(corpus) (\(cell[0].nodes) nodes) · \(operation)")], anchor: nil))
            let rows: [[[Span]]] = cell.enumerated().map { rank, result in
                let ranked = result.correct && result.samples > 0
                let label: [Span] = result.failureLabel.map { [.text(" "), .strong($0)] }
                    ?? (result.samples > 0 ? [] : [.text(" (too few inputs)")])
                let figures = [FigureText.time(result.medianNanoseconds), FigureText.time(result.p90Nanoseconds),
                               FigureText.time(result.p99Nanoseconds), FigureText.count(result.operationsPerSecond),
                               FigureText.amount(result.allocationsPerOperation), FigureText.amount(result.bytesPerOperation),
                               FigureText.ratio(result.ratioToReference), FigureText.ratio(result.ratioToFastest)]
                return [[.text(ranked ? String(rank + 1) : "—")], [.text(result.strategy)] + label] + figures.map { [.text($0)] }
            }
            figures.append(.table(header: ["rank", "strategy", "median", "p90", "p99", "ops/s", "allocs/op", "bytes/op", "× reference", "× fastest"],
                                  rightAligned: [true, false] + Array(repeating: true, count: 8), rows: rows))
            // Why a failed cell failed, after its table.
            for result in cell {
                if let failure = result.failureSummary { figures.append(.paragraph([.strong(result.strategy), .text(" " + failure)])) }
            }
        }
        blocks.append(.details(summary: "Every figure, per corpus and operation: p90, p99, ops/s, allocations, ratios", anchor: "figures",
                               blocks: figures))
    }

    /// The table of every strategy × operation: each cell the median as the command line
    /// writes it, with its ratio to the row's fastest correct median; CRASHED, WRONG and SLOW
    /// cells named; `recommended` marked.
    ///
    /// - Complexity: O(*r* *s*) for *r* results of *s* strategies.
    static func matrix(_ report: BenchmarkReport, cells: [(String, String, [BenchmarkResult])], recommended: String?) -> Matrix {
        let columns = ReportSVG.unique(report.results.map(\.strategy))
        let corpora = Set(cells.map(\.0))
        let rows = cells.map { corpus, operation, results -> Matrix.Row in
            let fastest = results.filter { $0.correct && $0.samples > 0 && $0.failureLabel == nil }.map(\.medianNanoseconds).min()
            let cells = columns.map { strategy -> MatrixCell in
                guard let result = results.first(where: { $0.strategy == strategy }) else { return MatrixCell(text: "", status: .absent) }
                switch result.failureLabel {
                case "CRASHED": return MatrixCell(text: "CRASHED", status: .crashed)
                case "WRONG": return MatrixCell(text: "WRONG", status: .wrong)
                case "SLOW": return MatrixCell(text: "SLOW" + (result.slowLowerBoundNanoseconds.map { " > " + FigureText.time($0) } ?? ""), status: .slow)
                default: break
                }
                guard result.samples > 0, let fastest else { return MatrixCell(text: "–", status: .unmeasured) }
                // A median below the clock's resolution (0 ns) leads, and no ratio is taken to it.
                let ratio = fastest > 0 ? result.medianNanoseconds / fastest : nil
                return MatrixCell(text: FigureText.time(result.medianNanoseconds), ratio: ratio,
                                  status: result.medianNanoseconds <= fastest ? .fastest : .measured)
            }
            let nodes = results.first?.nodes ?? 0
            return Matrix.Row(label: corpora.count > 1 ? "\(operation) · \(corpus) (\(nodes) nodes)" : operation, cells: cells)
        }
        let nodes = cells.first?.2.first?.nodes ?? 0
        let on = corpora.count == 1 ? " on \(cells[0].0) (\(nodes) nodes)" : ""
        return Matrix(caption: "Median time per operation\(on); × the row's fastest", columns: columns, recommended: recommended, rows: rows)
    }

    /// The fastest strategy per operation, its lead and its runner-up.
    ///
    /// - Complexity: O(*o*) for *o* operations.
    static func leaders(_ verdict: BenchmarkVerdict) -> [Block] {
        [.heading([.text("Fastest per operation")], anchor: nil),
         .table(header: ["operation", "fastest", "lead", "runner-up"], rightAligned: [false, false, true, false],
                rows: verdict.leaders.map {
                    [[.text($0.operation)], [.text($0.strategy)], [.text($0.lead.map(BenchmarkVerdict.ratio) ?? "—")], [.text($0.runnerUp ?? "—")]]
                })]
    }

    /// Results grouped by corpus and operation in report order, each group fastest first
    /// (wrong results last).
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    static func cells(_ report: BenchmarkReport) -> [(String, String, [BenchmarkResult])] {
        var order: [BenchmarkVerdict.Cell] = []
        var groups: [BenchmarkVerdict.Cell: [BenchmarkResult]] = [:]
        for result in report.results {
            let key = BenchmarkVerdict.Cell(corpus: result.corpus, operation: result.operation)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        return order.map { key in
            let cell = groups[key]!.sorted {
                ($0.correct && $0.samples > 0 ? 0 : 1, $0.medianNanoseconds) < ($1.correct && $1.samples > 0 ? 0 : 1, $1.medianNanoseconds)
            }
            return (key.corpus, key.operation, cell)
        }
    }

    /// The run details of a report as sentences a person reads: what made the results (the
    /// TreeRows version and commit, and the tool), the machine (host, system, cores, memory in
    /// GiB, cache eviction), the run (date, seed), the command; facts this version does not
    /// know follow as `key: value`.
    ///
    /// - Complexity: O(*m*) for *m* facts.
    static func runDetails(_ machine: [(key: String, value: JSONValue)]) -> [[Span]] {
        var facts = Dictionary(machine.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        func take(_ key: String) -> JSONValue? { facts.removeValue(forKey: key) }
        var box: [String] = [], run: [String] = []
        let build = "Built with: " + BuildIdentity.describe(version: take("treerowsVersion").map(plain), commit: take("treerowsCommit").map(plain),
                                                            tool: take("tool").map(plain))
        if let host = take("host") { box.append(plain(host)) }
        if let os = take("os") { box.append(plain(os)) }
        if let cores = take("cores") { box.append("\(plain(cores)) cores") }
        if let memory = take("memoryBytes"), let bytes = Double(plain(memory)) { box.append(String(format: "%.1f GiB memory", bytes / 1_073_741_824)) }
        if let eviction = take("cacheEvictionBytes"), let bytes = Double(plain(eviction)) {
            box.append(bytes > 0 ? String(format: "caches evicted (%.0f MiB) before each sample", bytes / 1_048_576) : "caches not evicted")
        }
        if let date = take("date") { run.append(dateText(plain(date))) }
        if let seed = take("seed") { run.append("seed \(plain(seed))") }
        let command = take("command").map { [Span.text("Command: "), .code(plain($0))] }
        let rest = machine.filter { facts[$0.key] != nil }.map { "\($0.key): \(plain($0.value))" }
        return [[.text(build)], box.isEmpty ? nil : [.text("Machine: " + box.joined(separator: " · "))],
                run.isEmpty ? nil : [.text("Run: " + run.joined(separator: " · "))],
                command, rest.isEmpty ? nil : [.text(rest.joined(separator: " · "))]].compactMap { $0 }
    }

    /// An ISO 8601 date as a person reads it: `2026-11-23 10:54:30 UTC`.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func dateText(_ date: String) -> String {
        date.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")
    }

    /// A fact's value as text: a string or number as written, anything else as JSON.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        default: return value.serialized
        }
    }
}
