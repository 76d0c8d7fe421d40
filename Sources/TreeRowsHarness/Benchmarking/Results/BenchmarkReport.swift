import Foundation
import TreeRowsCorpora

/// A benchmark run as written by `treerows bench --json` and read by `report` and `compare`:
/// `{"schema": 2, "machine": {…}, "results": [{"strategy", "corpus", "nodes", "operation",
/// "samples", "medianNs", "p90Ns", "p99Ns", "opsPerSecond", "allocationsPerOp", "bytesPerOp",
/// "peakResidentBytes", "ratioToReference", "ratioToFastest", "correct", "strategyBytesPerNode",
/// "treeBytesPerNode", "setupSeconds", "samplingSeconds", "countingSeconds",
/// "checkingSeconds", "batch", "samplesNs", "singleSamplesNs"}, …], "exponents": [{"strategy",
/// "operation", "shape", "exponent"}, …]}`. Schema 1 (no samples kept) still reads.
public struct BenchmarkReport: Sendable {
    /// A fitted growth exponent of one strategy and operation over a size sweep.
    public struct Exponent: Equatable, Sendable {
        public var strategy: String
        public var operation: String
        public var shape: String
        public var exponent: Double
        public init(strategy: String, operation: String, shape: String, exponent: Double) {
            self.strategy = strategy
            self.operation = operation
            self.shape = shape
            self.exponent = exponent
        }
    }

    /// The schema this version writes: 2 keeps every cell's samples (1 kept only their
    /// median and tails).
    public static let schema = 2

    /// The schema the report was read in (``schema`` for one made here).
    public private(set) var schema: Int
    public var machine: [(key: String, value: JSONValue)]
    public var results: [BenchmarkResult]
    public var exponents: [Exponent]

    public init(machine: [(key: String, value: JSONValue)], results: [BenchmarkResult], exponents: [Exponent]) {
        schema = Self.schema
        self.machine = machine
        self.results = results
        self.exponents = exponents
    }

    /// What the report lacks that this version's reports have, for messages; `nil` when
    /// nothing: the samples of a schema-1 report's cells.
    package var lacking: String? {
        guard results.contains(where: { $0.samples > 0 && $0.distribution == nil }) else { return nil }
        return "its cells keep no samples (schema \(schema)), only their medians and tails"
    }

    /// Whether any cell took a timed sample or was found wrong: a report of neither measured
    /// nothing (every cell ran out of inputs), which bench does not write and report refuses.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    package var measuredAnything: Bool {
        results.contains { $0.samples > 0 || !$0.correct }
    }

    /// Facts about this machine and build, for the report's header: the host, the run, the
    /// command, and what made the results (``BuildIdentity``: the TreeRows version and commit,
    /// and the tool, the last part of `executable`).
    ///
    /// - Complexity: O(*r*) for *r* packed refs, the first time.
    public static func currentMachine(seed: UInt64, command: String,
                                      executable: String = CommandLine.arguments.first ?? "treerows") -> [(key: String, value: JSONValue)] {
        let info = ProcessInfo.processInfo
        return [
            ("host", .string(info.hostName)), ("os", .string(info.operatingSystemVersionString)),
            ("cores", .integer(info.activeProcessorCount)), ("memoryBytes", .number(String(info.physicalMemory))),
            ("date", .string(ISO8601DateFormatter().string(from: Date()))), ("seed", .number(String(seed))),
            ("command", .string(command)),
        ] + BuildIdentity.facts(executable: executable)
    }

    /// Exponents fitted from results whose corpus names are `shape:size` sweep points.
    package static func exponents(of results: [BenchmarkResult], sweeps: [(shape: String, corpus: String)]) -> [Exponent] {
        let shapes = Dictionary(sweeps.map { ($0.corpus, $0.shape) }, uniquingKeysWith: { first, _ in first })
        var groups: [String: [(size: Int, nanoseconds: Double)]] = [:]
        var keys: [(String, String, String)] = []
        for result in results {
            guard let shape = shapes[result.corpus], result.correct, result.samples > 0 else { continue }
            let key = "\(result.strategy)\u{0}\(result.operation)\u{0}\(shape)"
            if groups[key] == nil { keys.append((result.strategy, result.operation, shape)) }
            groups[key, default: []].append((result.nodes, result.medianNanoseconds))
        }
        return keys.compactMap { strategy, operation, shape in
            ScalingFit.exponent(groups["\(strategy)\u{0}\(operation)\u{0}\(shape)"]!).map {
                Exponent(strategy: strategy, operation: operation, shape: shape, exponent: $0)
            }
        }
    }

    /// The report as JSON text.
    public var json: String {
        let resultValues = results.map(\.json)
        let exponentValues: [JSONValue] = exponents.map {
            .object([("strategy", .string($0.strategy)), ("operation", .string($0.operation)), ("shape", .string($0.shape)),
                     ("exponent", BenchmarkResult.number($0.exponent))])
        }
        return "{\"schema\":\(Self.schema),\n\"machine\":\(JSONValue.object(machine).serialized),\n\"results\":[\n"
            + resultValues.map(\.serialized).joined(separator: ",\n") + "],\n\"exponents\":[\n"
            + exponentValues.map(\.serialized).joined(separator: ",\n") + "]}\n"
    }

    /// Reads a report written by ``json``.
    ///
    /// - Throws: ``CorpusError`` naming the file and what is missing.
    public static func read(contentsOf path: String) throws(CorpusError) -> BenchmarkReport {
        let fix = "pass a file written by `treerows bench --json`"
        // Another kind of file (gzip, .trows, UTF-16, a corpus) is named from its first bytes.
        let data = try FileContents.read(path, fix: fix, recognizing: { prefix throws(CorpusError) in
            try ForeignContent.refuse(prefix, file: path, expected: "a results file", fix: fix)
        })
        // An interrupted or failed bench leaves no file, or an empty one: say so, not "invalid JSON".
        guard !data.isEmpty else {
            throw CorpusError(file: path, problem: "empty file (0 bytes): no results", fix: fix + " that ended (an interrupted bench writes none)")
        }
        let value: JSONValue
        do { value = try JSONParser.parse(data) } catch {
            throw CorpusError(file: path, problem: "invalid JSON at byte \(error.column): \(error.message)", fix: fix)
        }
        guard let schema = value["schema"]?.integer, (1...Int64(Self.schema)).contains(schema) else {
            throw CorpusError(file: path, problem: "not a benchmark report of schema 1 to \(Self.schema)", fix: fix)
        }
        guard let resultsValue = value["results"] else { throw CorpusError(file: path, problem: "missing \"results\"", fix: fix) }
        guard case .array(let entries) = resultsValue else {
            throw CorpusError(file: path, problem: "\"results\" is \(resultsValue.typeName), not an array", fix: fix)
        }
        var results: [BenchmarkResult] = []
        var firstIndex: [BenchmarkCellKey: Int] = [:]
        for (index, entry) in entries.enumerated() {
            do { results.append(try BenchmarkResult(json: entry)) } catch {
                throw CorpusError(file: path, problem: "results[\(index)]: \(error.description)", fix: fix)
            }
            // A cell measured twice would leave a reader to pick one of its figures unseen.
            if let earlier = firstIndex.updateValue(index, forKey: BenchmarkCellKey(results[index])) {
                throw CorpusError(file: path, problem: "results[\(index)] is the cell of results[\(earlier)] again"
                    + " (\(BenchmarkCellKey(results[index]).description.escapingControls()))",
                    fix: "keep one result per strategy, corpus and operation: measure each corpus once")
            }
        }
        var exponents: [Exponent] = []
        if case .array(let fits)? = value["exponents"] {
            for fit in fits {
                guard case .string(let strategy)? = fit["strategy"], case .string(let operation)? = fit["operation"],
                      case .string(let shape)? = fit["shape"], let exponent = BenchmarkResult.double(fit["exponent"]) else { continue }
                exponents.append(Exponent(strategy: strategy, operation: operation, shape: shape, exponent: exponent))
            }
        }
        var machine: [(key: String, value: JSONValue)] = []
        if case .object(let members)? = value["machine"] { machine = members }
        var report = BenchmarkReport(machine: machine, results: results, exponents: exponents)
        report.schema = Int(schema)
        return report
    }

    /// Reads a report written by ``json`` and refuses one measured by a debug build or one
    /// with invariant checks.
    ///
    /// - Throws: ``CorpusError`` as ``read(contentsOf:)`` does, or naming the first cell
    ///   marked ``BenchmarkResult/debugBuild``.
    public static func readRelease(contentsOf path: String) throws(CorpusError) -> BenchmarkReport {
        let report = try read(contentsOf: path)
        if let cell = report.results.first(where: \.debugBuild) {
            throw CorpusError(file: path, problem: "measured by a debug build or one with invariant checks (\(cell.strategy) on \(cell.corpus), \(cell.operation) and"
                + " \(report.results.filter(\.debugBuild).count - 1) more cells): its times and allocations mean nothing",
                fix: "measure again with a release build without the trait InternalChecks (swift build -c release, or swift run -c release)")
        }
        return report
    }
}
