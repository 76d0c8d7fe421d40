import Foundation
import TreeRowsCorpora

extension BenchmarkResult {
    /// The cell as one entry of a report's `results` (``BenchmarkReport/json``): times in
    /// nanoseconds, a missing or infinite number as `null`, for a crashed cell its `crash`
    /// (kind, message, top frame and line, and the step it crashed in), and for a wrong one
    /// `wrong` (the broken aspect, expected against found in words and, where one value was compared, as `expected` and `found`, and the step),
    /// and for a slow one `slow` (`lowerBoundNs`, the least an operation costs, and the step it was stopped in).
    ///
    /// - Complexity: O(1).
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("strategy", .string(strategy)), ("corpus", .string(corpus)), ("nodes", .integer(nodes)),
            ("operation", .string(operation)), ("samples", .integer(samples)),
            ("medianNs", Self.number(medianNanoseconds)), ("p90Ns", Self.number(p90Nanoseconds)),
            ("p99Ns", Self.number(p99Nanoseconds)), ("opsPerSecond", Self.number(operationsPerSecond)),
            ("allocationsPerOp", Self.number(allocationsPerOperation)), ("bytesPerOp", Self.number(bytesPerOperation)),
            ("peakResidentBytes", .integer(peakResidentBytes)), ("ratioToReference", Self.number(ratioToReference)),
            ("ratioToFastest", Self.number(ratioToFastest)), ("correct", .bool(correct)),
            ("strategyBytesPerNode", Self.number(strategyBytesPerNode)), ("treeBytesPerNode", Self.number(treeBytesPerNode)),
            ("setupSeconds", Self.number(timeSplit?.setup)), ("samplingSeconds", Self.number(timeSplit?.sampling)),
            ("countingSeconds", Self.number(timeSplit?.counting)), ("checkingSeconds", Self.number(timeSplit?.checking)),
            ("debugBuild", .bool(debugBuild)),
        ]
        if threadPages > 0 { members.append(("threadPages", .integer(threadPages))) }
        if let retainedBytesPerOperation { members.append(("retainedBytesPerOp", Self.number(retainedBytesPerOperation))) }
        if let instructionsPerOperation { members.append(("instructionsPerOp", Self.number(instructionsPerOperation, exact: true))) }
        if let firstLevelMissesPerOperation { members.append(("l1MissesPerOp", Self.number(firstLevelMissesPerOperation, exact: true))) }
        if let lastLevelMissesPerOperation { members.append(("llMissesPerOp", Self.number(lastLevelMissesPerOperation, exact: true))) }
        if let distribution {
            members.append(("batch", .integer(distribution.batch)))
            members.append(("samplesNs", .array(distribution.nanoseconds.map { Self.number($0) })))
            if !distribution.singleNanoseconds.isEmpty {
                members.append(("singleSamplesNs", .array(distribution.singleNanoseconds.map { Self.number($0) })))
            }
        }
        if let crash {
            var fields: [(String, JSONValue)] = [("kind", .string(crash.kind.rawValue)), ("message", .string(crash.message))]
            if let signal = crash.signal { fields.append(("signal", .integer(signal))) }
            if let function = crash.function { fields.append(("frame", .string(function))) }
            if let location = crash.location { fields.append(("location", .string(location))) }
            if let crashStep { fields.append(("step", .string(crashStep))) }
            members.append(("crash", .object(fields)))
        }
        if let slowLowerBoundNanoseconds {
            var fields: [(String, JSONValue)] = [("lowerBoundNs", Self.number(slowLowerBoundNanoseconds))]
            if let slowStep { fields.append(("step", .string(slowStep))) }
            members.append(("slow", .object(fields)))
        }
        if let disagreement {
            var fields: [(String, JSONValue)] = [("aspect", .string(disagreement.aspect.rawValue)), ("detail", .string(disagreement.detail))]
            if let expected = disagreement.expected { fields.append(("expected", .string(expected))) }
            if let found = disagreement.found { fields.append(("found", .string(found))) }
            if let disagreementStep { fields.append(("step", .string(disagreementStep))) }
            members.append(("wrong", .object(fields)))
        }
        return .object(members)
    }

    /// What is wrong with one entry of a report's `results`: the field and what it holds.
    package struct JSONProblem: Error, CustomStringConvertible {
        package var description: String
    }

    /// Reads one entry written by ``json``.
    ///
    /// - Throws: ``JSONProblem`` naming the first field that is missing or of another type:
    ///   `strategy`, `corpus`, `operation` (strings), `medianNs` (a finite number),
    ///   `correct` (a boolean), or a `crash` without its `kind` or `message`.
    /// - Complexity: O(1).
    package init(json entry: JSONValue) throws(JSONProblem) {
        func problem(_ key: String, _ wanted: String) -> JSONProblem {
            let found = entry[key].map { $0.typeName } ?? "missing"
            return JSONProblem(description: "\"\(key)\" must be \(wanted), but it is \(found)")
        }
        guard case .object = entry else { throw JSONProblem(description: "is \(entry.typeName), not an object") }
        guard case .string(let strategy)? = entry["strategy"] else { throw problem("strategy", "a string") }
        guard case .string(let corpus)? = entry["corpus"] else { throw problem("corpus", "a string") }
        guard case .string(let operation)? = entry["operation"] else { throw problem("operation", "a string") }
        guard let median = try Self.figure(entry, "medianNs", upTo: Self.longestTime) else {
            if case .number(let text)? = entry["medianNs"] {
                throw JSONProblem(description: "\"medianNs\" must be a finite number, but it is \(text.escapingControls())")
            }
            throw problem("medianNs", "a number")
        }
        guard case .bool(let correct)? = entry["correct"] else { throw problem("correct", "true or false") }
        self.init(
            strategy: strategy, corpus: corpus, nodes: try Self.count(entry, "nodes"), operation: operation,
            samples: try Self.count(entry, "samples"), medianNanoseconds: median,
            p90Nanoseconds: try Self.figure(entry, "p90Ns", upTo: Self.longestTime) ?? median,
            p99Nanoseconds: try Self.figure(entry, "p99Ns", upTo: Self.longestTime) ?? median,
            operationsPerSecond: try Self.figure(entry, "opsPerSecond") ?? 0,
            allocationsPerOperation: try Self.figure(entry, "allocationsPerOp"), bytesPerOperation: try Self.figure(entry, "bytesPerOp"),
            peakResidentBytes: try Self.count(entry, "peakResidentBytes"), ratioToReference: try Self.figure(entry, "ratioToReference"),
            ratioToFastest: try Self.figure(entry, "ratioToFastest"), correct: correct)
        strategyBytesPerNode = try Self.figure(entry, "strategyBytesPerNode")
        treeBytesPerNode = try Self.figure(entry, "treeBytesPerNode")
        threadPages = try Self.count(entry, "threadPages")
        // Signed: a removal frees what the tree held.
        retainedBytesPerOperation = try Self.figure(entry, "retainedBytesPerOp", from: -1e300)
        instructionsPerOperation = try Self.figure(entry, "instructionsPerOp")
        firstLevelMissesPerOperation = try Self.figure(entry, "l1MissesPerOp")
        lastLevelMissesPerOperation = try Self.figure(entry, "llMissesPerOp")
        if let setup = try Self.figure(entry, "setupSeconds"), let sampling = try Self.figure(entry, "samplingSeconds"),
           let counting = try Self.figure(entry, "countingSeconds"), let checking = try Self.figure(entry, "checkingSeconds") {
            timeSplit = BenchmarkTimeSplit(setup: setup, sampling: sampling, counting: counting, checking: checking)
        }
        if case .bool(true)? = entry["debugBuild"] { debugBuild = true }
        if entry["samplesNs"] != nil || entry["batch"] != nil {
            let kept = try Self.distribution(entry)
            guard kept.nanoseconds.count == samples else {
                throw JSONProblem(description: "\"samples\" is \(samples), but \"samplesNs\" holds \(kept.nanoseconds.count) samples")
            }
            distribution = kept
        }
        // A cell without samples has no times: a time there is not a measurement.
        if samples == 0 {
            for key in ["medianNs", "p90Ns", "p99Ns"] {
                if let figure = try Self.figure(entry, key, upTo: Self.longestTime), figure != 0 {
                    throw JSONProblem(description: "\"\(key)\" is \(entry[key]?.shown ?? "\(figure)"), but \"samples\" is 0: a cell with no samples has no time")
                }
            }
        }
        if let fields = entry["crash"] {
            func text(_ key: String) -> String? { if case .string(let value)? = fields[key] { value } else { nil } }
            guard let kind = text("kind").flatMap(Crash.Kind.init(rawValue:)) else {
                throw JSONProblem(description: "\"crash\" lacks a \"kind\" this version knows ("
                    + Crash.Kind.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            guard let message = text("message") else { throw JSONProblem(description: "\"crash\" lacks its \"message\" (a string)") }
            crash = Crash(kind: kind, signal: fields["signal"]?.integer.flatMap { Int32(exactly: $0) }, message: message,
                          function: text("frame"), location: text("location"))
            crashStep = text("step")
        }
        if let fields = entry["slow"], fields != .null {
            guard let bound = try Self.figure(fields, "lowerBoundNs", upTo: Self.longestTime), bound > 0 else {
                throw JSONProblem(description: "\"slow\" lacks its \"lowerBoundNs\" (a positive number of nanoseconds)")
            }
            guard samples == 0 else { throw JSONProblem(description: "\"slow\" is given, but \"samples\" is \(samples): a slow cell has none") }
            slowLowerBoundNanoseconds = bound
            if case .string(let step)? = fields["step"] { slowStep = step }
        }
        if let fields = entry["wrong"], fields != .null {
            func text(_ key: String) -> String? { if case .string(let value)? = fields[key] { value } else { nil } }
            guard !correct else { throw JSONProblem(description: "\"wrong\" is given, but \"correct\" is true") }
            guard let aspect = text("aspect").flatMap(StepDisagreement.Aspect.init(rawValue:)) else {
                throw JSONProblem(description: "\"wrong\" lacks an \"aspect\" this version knows ("
                    + StepDisagreement.Aspect.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            guard let detail = text("detail") else { throw JSONProblem(description: "\"wrong\" lacks its \"detail\" (a string)") }
            disagreement = StepDisagreement(aspect, detail, expected: text("expected"), found: text("found"))
            disagreementStep = text("step")
        }
    }

    /// The samples of an entry that has them: `batch` (a whole number from 1), `samplesNs`
    /// and, if present, `singleSamplesNs` (arrays of finite numbers from 0).
    ///
    /// - Complexity: O(*s*) for *s* samples.
    static func distribution(_ entry: JSONValue) throws(JSONProblem) -> BenchmarkSamples {
        guard let batch = entry["batch"]?.integer, batch >= 1, batch <= Int64(Int32.max) else {
            throw JSONProblem(description: "\"batch\" must be a whole number from 1, but it is \(entry["batch"]?.shown ?? "missing")")
        }
        // A number as written, anything else by its type.
        func samples(_ key: String) throws(JSONProblem) -> [Double] {
            guard case .array(let items)? = entry[key] else {
                throw JSONProblem(description: "\"\(key)\" must be an array of numbers, but it is \(entry[key].map { $0.typeName } ?? "missing")")
            }
            var values: [Double] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard let value = double(item), value >= 0 else {
                    throw JSONProblem(description: "\"\(key)\"[\(index)] must be a finite number from 0, but it is \(item.shown)")
                }
                values.append(value)
            }
            return values
        }
        return BenchmarkSamples(batch: Int(batch), nanoseconds: try samples("samplesNs"),
                                singleNanoseconds: entry["singleSamplesNs"] == nil ? [] : try samples("singleSamplesNs"))
    }

    /// The longest time a result may hold, in nanoseconds: 10^15 (11.6 days an operation).
    /// Beyond it a figure is damage, not a measurement, and would overflow the charts' axes.
    static let longestTime = 1e15

    /// The figure `key` of `entry`: `nil` when it is missing, null or not a finite number (a
    /// figure the cell lacks, which `compare` calls UNMEASURED).
    ///
    /// - Throws: ``JSONProblem`` when it is a finite number below 0 or above `largest`.
    /// - Complexity: O(1).
    static func figure(_ entry: JSONValue, _ key: String, from smallest: Double = 0,
                       upTo largest: Double = 1e300) throws(JSONProblem) -> Double? {
        guard let value = double(entry[key]) else { return nil }
        guard value >= smallest && value <= largest else {
            let shown = if case .number(let text)? = entry[key] { text.escapingControls() } else { "\(value)" }
            throw JSONProblem(description: "\"\(key)\" must be a number from \(String(format: "%g", smallest)) to"
                + " \(String(format: "%g", largest)), but it is \(shown)")
        }
        return value
    }

    /// The count `key` of `entry`: 0 when it is missing or null.
    ///
    /// - Throws: ``JSONProblem`` when it is anything but a whole number from 0 to 2^63 - 1.
    /// - Complexity: O(1).
    static func count(_ entry: JSONValue, _ key: String) throws(JSONProblem) -> Int {
        guard let value = entry[key], value != .null else { return 0 }
        guard let number = value.integer, number >= 0, let count = Int(exactly: number) else {
            throw JSONProblem(description: "\"\(key)\" must be a whole number from 0 to 2^63-1, but it is \(value.shown)")
        }
        return count
    }

    /// A JSON number for `value`: whole numbers below 10^15 as integers, others to four
    /// significant digits, or with every digit that reads back the same value when `exact`
    /// (a count that repeats to the instruction); `null` for none or a value that is not finite.
    ///
    /// - Complexity: O(1).
    package static func number(_ value: Double?, exact: Bool = false) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        if value == value.rounded() && abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number(exact ? "\(value)" : String(format: "%.4g", value))
    }

    /// The finite number `value` holds, if any.
    static func double(_ value: JSONValue?) -> Double? {
        guard case .number(let text)? = value, let number = Double(text), number.isFinite else { return nil }
        return number
    }
}
