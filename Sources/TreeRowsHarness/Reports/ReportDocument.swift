import Foundation
import TreeRowsCorpora

/// A benchmark report as blocks of plain text, before any format's escaping: the verdict
/// first, then per corpus and operation, strategies ranked by median time with ratios and
/// allocations; then the growth exponents of size sweeps. ``ReportMarkdown`` and
/// ``ReportHTML`` render the same blocks, each escaping every text it takes from the
/// results for its own syntax, so a name can never add a cell, a row or a tag.
struct ReportDocument {
    /// A run of text within a block.
    enum Span: Equatable {
        case text(String)
        case code(String)
        case strong(String)
    }

    /// One block of the report.
    enum Block: Equatable {
        case title(String)
        case heading([Span])
        /// The verdict's sentence, set apart.
        case verdict([Span])
        case paragraph([Span])
        /// A table: a header row, whether each column is right-aligned, and rows of cells.
        case table(header: [String], rightAligned: [Bool], rows: [[[Span]]])
        /// Where the charts go in a format that has them: after the title and verdict,
        /// before the machine facts and tables.
        case charts
    }

    var blocks: [Block]

    /// The blocks of `report`.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    init(_ report: BenchmarkReport) {
        blocks = [.title("TreeRows benchmark")]
        if let verdict = BenchmarkVerdict(report.results, exponents: report.exponents) { blocks += Self.verdict(verdict) }
        blocks.append(.charts)
        blocks += Self.machineFacts(report.machine).map { .paragraph($0) }
        for (corpus, operation, cell) in Self.cells(report) {
            blocks.append(.heading([.text("\(corpus) (\(cell[0].nodes) nodes) · \(operation)")]))
            let rows: [[[Span]]] = cell.enumerated().map { rank, result in
                let ranked = result.correct && result.samples > 0
                let label: [Span] = result.failureLabel.map { [.text(" "), .strong($0)] }
                    ?? (result.samples > 0 ? [] : [.text(" (too few inputs)")])
                let figures = [ReportMarkdown.time(result.medianNanoseconds), ReportMarkdown.time(result.p90Nanoseconds),
                               ReportMarkdown.time(result.p99Nanoseconds), ReportMarkdown.number(result.operationsPerSecond),
                               ReportMarkdown.number(result.allocationsPerOperation), ReportMarkdown.number(result.bytesPerOperation),
                               ReportMarkdown.number(result.ratioToReference), ReportMarkdown.number(result.ratioToFastest)]
                return [[.text(ranked ? String(rank + 1) : "—")], [.text(result.strategy)] + label] + figures.map { [.text($0)] }
            }
            blocks.append(.table(header: ["rank", "strategy", "median", "p90", "p99", "ops/s", "allocs/op", "bytes/op", "× reference", "× fastest"],
                                 rightAligned: [true, false] + Array(repeating: true, count: 8), rows: rows))
            // Why a failed cell failed, after its table.
            for result in cell {
                if let failure = result.failureSummary { blocks.append(.paragraph([.strong(result.strategy), .text(" " + failure)])) }
            }
        }
        if !report.exponents.isEmpty {
            blocks.append(.heading([.text("Growth with size (time ≈ c · n^k)")]))
            blocks.append(.table(header: ["strategy", "operation", "shape", "k"], rightAligned: [false, false, false, true],
                                 rows: report.exponents.map {
                                     [[.text($0.strategy)], [.text($0.operation)], [.text($0.shape)], [.text(String(format: "%.2f", $0.exponent))]]
                                 }))
        }
    }

    /// The verdict's blocks: the sentence, the fastest strategy per operation, the pick.
    static func verdict(_ verdict: BenchmarkVerdict) -> [Block] {
        var blocks: [Block] = [.heading([.text("Verdict")]), .verdict([.text(verdict.sentence)])]
        blocks.append(.table(header: ["operation", "fastest", "lead", "runner-up"], rightAligned: [false, false, true, false],
                             rows: verdict.leaders.map {
                                 [[.text($0.operation)], [.text($0.strategy)], [.text($0.lead.map(BenchmarkVerdict.ratio) ?? "—")],
                                  [.text($0.runnerUp ?? "—")]]
                             }))
        if let pick = verdict.pick {
            blocks.append(.paragraph([.text("All-round pick: \(pick.strategy), at most \(BenchmarkVerdict.ratio(pick.worstRatio)) the fastest"
                + " (weakest: \(pick.weakestOperation)).")]))
        }
        blocks += verdict.slow.map {
            .paragraph([.text("Slow: \($0.strategy) on \($0.operation), more than \(BenchmarkResult.duration($0.lowerBoundNanoseconds))"
                + " an operation (stopped past the watchdog's budget): ranked last there.")])
        }
        blocks += verdict.spreads.map {
            .paragraph([.text("Spread: \($0.strategy) on \($0.operation) (\($0.corpus)), p99 \(BenchmarkVerdict.ratio($0.p99Ratio)) its median"
                + ($0.maxRatio.map { ", slowest \(BenchmarkVerdict.ratio($0))" } ?? "") + ".")])
        }
        blocks += verdict.growths.map {
            .paragraph([.text("Growth: \($0.strategy) on \($0.operation) over \($0.shape), n^\(String(format: "%.2f", $0.exponent)) against"
                + " \(BenchmarkVerdict.possessive($0.best)) n^\(String(format: "%.2f", $0.bestExponent)).")])
        }
        blocks += verdict.excluded.map { .paragraph([.text("Not considered: \($0.strategy), \($0.reason).")]) }
        return blocks
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

    /// The machine facts of a report as sentences a person reads: the machine (host, system,
    /// cores, memory in GiB, cache eviction), the run (date, seed), the command; facts this
    /// version does not know follow as `key: value`.
    ///
    /// - Complexity: O(*m*) for *m* facts.
    static func machineFacts(_ machine: [(key: String, value: JSONValue)]) -> [[Span]] {
        var facts = Dictionary(machine.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        func take(_ key: String) -> JSONValue? { facts.removeValue(forKey: key) }
        var box: [String] = [], run: [String] = []
        if let host = take("host") { box.append(plain(host)) }
        if let os = take("os") { box.append(plain(os)) }
        if let cores = take("cores") { box.append("\(plain(cores)) cores") }
        if let memory = take("memoryBytes"), let bytes = Double(plain(memory)) { box.append(String(format: "%.1f GiB memory", bytes / 1_073_741_824)) }
        if let eviction = take("cacheEvictionBytes"), let bytes = Double(plain(eviction)) {
            box.append(bytes > 0 ? String(format: "caches evicted (%.0f MiB) before each sample", bytes / 1_048_576) : "caches not evicted")
        }
        if let date = take("date") { run.append(plain(date).replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: " UTC")) }
        if let seed = take("seed") { run.append("seed \(plain(seed))") }
        let command = take("command").map { [Span.text("Command: "), .code(plain($0))] }
        let rest = machine.filter { facts[$0.key] != nil }.map { "\($0.key): \(plain($0.value))" }
        return [box.isEmpty ? nil : [.text("Machine: " + box.joined(separator: " · "))],
                run.isEmpty ? nil : [.text("Run: " + run.joined(separator: " · "))],
                command, rest.isEmpty ? nil : [.text(rest.joined(separator: " · "))]].compactMap { $0 }
    }

    static func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        default: return value.serialized
        }
    }
}
