import Foundation
import TreeRowsCorpora

/// A benchmark report as Markdown, for a CI job summary or a pull request: the verdict
/// first, then per corpus and operation, strategies ranked by median time with ratios and
/// allocations; then the growth exponents of size sweeps.
public enum ReportMarkdown {
    /// The whole report.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public static func render(_ report: BenchmarkReport) -> String {
        var lines = ["# TreeRows benchmark", ""]
        if let verdict = BenchmarkVerdict(report.results) { lines += self.verdict(verdict) }
        for fact in machineFacts(report.machine) { lines += [fact, ""] }
        for (corpus, operation, cell) in cells(report) {
            lines.append("## \(escape(corpus)) (\(cell[0].nodes) nodes) · \(operation)")
            lines.append("")
            lines.append("| rank | strategy | median | p90 | p99 | ops/s | allocs/op | bytes/op | × reference | × fastest |")
            lines.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
            for (rank, result) in cell.enumerated() {
                let ranked = result.correct && result.samples > 0
                let label = result.failureLabel.map { " **\($0)**" } ?? (result.samples > 0 ? "" : " (too few inputs)")
                lines.append("| \(ranked ? String(rank + 1) : "—") | \(escape(result.strategy))\(label) | "
                    + [time(result.medianNanoseconds), time(result.p90Nanoseconds), time(result.p99Nanoseconds),
                       number(result.operationsPerSecond), number(result.allocationsPerOperation), number(result.bytesPerOperation),
                       number(result.ratioToReference), number(result.ratioToFastest)].joined(separator: " | ") + " |")
            }
            lines.append("")
        }
        if !report.exponents.isEmpty {
            lines += ["## Growth with size (time ≈ c · n^k)", "", "| strategy | operation | shape | k |", "|---|---|---|---:|"]
            lines += report.exponents.map { "| \($0.strategy) | \($0.operation) | \($0.shape) | \(String(format: "%.2f", $0.exponent)) |" }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The verdict section: the sentence, the fastest strategy per operation, the pick.
    static func verdict(_ verdict: BenchmarkVerdict) -> [String] {
        var lines = ["## Verdict", "", "**\(escape(verdict.sentence))**", "",
                     "| operation | fastest | lead | runner-up |", "|---|---|---:|---|"]
        for leader in verdict.leaders {
            lines.append("| \(escape(leader.operation)) | \(escape(leader.strategy)) | \(leader.lead.map(BenchmarkVerdict.ratio) ?? "—") | "
                + "\(leader.runnerUp.map(escape) ?? "—") |")
        }
        lines.append("")
        if let pick = verdict.pick {
            lines += ["All-round pick: \(escape(pick.strategy)), at most \(BenchmarkVerdict.ratio(pick.worstRatio)) the fastest"
                + " (weakest: \(escape(pick.weakestOperation))).", ""]
        }
        for exclusion in verdict.excluded { lines += ["Not considered: \(escape(exclusion.strategy)), \(escape(exclusion.reason)).", ""] }
        return lines
    }

    /// Results grouped by corpus and operation in report order, each group fastest first
    /// (wrong results last).
    static func cells(_ report: BenchmarkReport) -> [(String, String, [BenchmarkResult])] {
        var order: [String] = []
        var groups: [String: [BenchmarkResult]] = [:]
        for result in report.results {
            let key = "\(result.corpus)\u{0}\(result.operation)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(result)
        }
        return order.map { key in
            let cell = groups[key]!.sorted {
                ($0.correct && $0.samples > 0 ? 0 : 1, $0.medianNanoseconds) < ($1.correct && $1.samples > 0 ? 0 : 1, $1.medianNanoseconds)
            }
            return (cell[0].corpus, cell[0].operation, cell)
        }
    }

    /// The machine facts of a report as sentences a person reads: the machine (host, system,
    /// cores, memory in GiB, cache eviction), the run (date, seed), the command; facts this
    /// version does not know follow as `key: value`.
    ///
    /// - Complexity: O(*m*) for *m* facts.
    static func machineFacts(_ machine: [(key: String, value: JSONValue)]) -> [String] {
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
        let command = take("command").map { "Command: `\(plain($0))`" }
        let rest = machine.filter { facts[$0.key] != nil }.map { "\($0.key): \(plain($0.value))" }
        return [box.isEmpty ? nil : "Machine: " + box.joined(separator: " · "),
                run.isEmpty ? nil : "Run: " + run.joined(separator: " · "),
                command, rest.isEmpty ? nil : rest.joined(separator: " · ")].compactMap { $0 }.map(escape)
    }

    static func plain(_ value: TreeRowsCorpora.JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        default: return value.serialized
        }
    }

    /// Text safe inside a Markdown table cell.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// A duration in nanoseconds, in the largest unit that keeps it at least 1 (e.g. `3.2 µs`).
    public static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case 1e9...: return String(format: "%.2f s", nanoseconds / 1e9)
        case 1e6...: return String(format: "%.3g ms", nanoseconds / 1e6)
        case 1e3...: return String(format: "%.3g µs", nanoseconds / 1e3)
        default: return String(format: "%.0f ns", nanoseconds)
        }
    }

    static func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        if value == value.rounded() && abs(value) < 1e5 { return String(Int(value)) }
        return String(format: "%.3g", value)
    }
}
