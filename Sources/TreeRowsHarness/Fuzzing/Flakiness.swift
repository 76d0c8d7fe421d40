import Foundation
import TreeRowsCorpora

/// What replaying a finding that did not recur at once showed: how often it failed in new
/// processes of the tool, and the condition under which it failed most (new processes,
/// deterministic hashing, or one process running the case again and again), with that
/// condition's rate. A repro file keeps it, so that `replay` reruns the case under the
/// condition and can tell a fix from a failure that did not come up this time.
public struct Flakiness: Sendable, Hashable {
    /// How the case was replayed; every run is a new process of the tool (not a fork of the
    /// fuzzer, which shares its hashing seed and much of its memory layout).
    public enum Condition: String, Sendable, CaseIterable {
        /// A new process per run: its own hashing seed (Swift seeds `Set` and `Dictionary`
        /// order per process, and per instance from its address) and its own addresses.
        case freshProcess = "fresh-process"
        /// A new process per run with `SWIFT_DETERMINISTIC_HASHING=1`: sets and dictionaries
        /// of the same contents iterate in one order.
        case deterministicHashing = "deterministic-hashing"
        /// One new process running the case again and again, up to ``Flakiness/repetitions``
        /// times: what builds up across runs (a global counter, a cache, retained memory).
        case warmProcess = "warm-process"

        /// How the condition reads in a sentence.
        public var phrase: String {
            switch self {
            case .freshProcess: return "in new processes"
            case .deterministicHashing: return "in new processes with SWIFT_DETERMINISTIC_HASHING=1"
            case .warmProcess: return "in one process repeating the case"
            }
        }
    }

    /// Runs in new processes, one replay each.
    public var runs: Int
    /// How many of ``runs`` failed.
    public var failures: Int
    /// The condition under which the case failed most often (``Condition/freshProcess`` when
    /// it never failed).
    public var condition: Condition
    /// Runs under ``condition`` (processes, under ``Condition/warmProcess``).
    public var conditionRuns: Int
    /// How many of ``conditionRuns`` failed.
    public var conditionFailures: Int
    /// Under ``Condition/warmProcess``: how many times each process repeats the case at
    /// most (it stops at the first failure); 1 otherwise.
    public var repetitions: Int

    /// Creates a record; `repetitions` below 1 counts as 1.
    public init(runs: Int, failures: Int, condition: Condition, conditionRuns: Int, conditionFailures: Int, repetitions: Int = 1) {
        self.runs = runs
        self.failures = failures
        self.condition = condition
        self.conditionRuns = conditionRuns
        self.conditionFailures = conditionFailures
        self.repetitions = max(1, repetitions)
    }

    /// The share of runs under ``condition`` that failed.
    public var rate: Double { conditionRuns > 0 ? Double(conditionFailures) / Double(conditionRuns) : 0 }

    /// "failed 6 of 20 runs in new processes" and, when another condition did better, what it did.
    public var summary: String {
        var text = "failed \(failures) of \(runs) runs in new processes"
        if condition != .freshProcess || conditionRuns != runs {
            text += "; \(conditionFailures) of \(conditionRuns) \(condition.phrase)"
            if condition == .warmProcess { text += " (up to \(repetitions) times)" }
        }
        return text
    }

    /// How many runs under ``condition`` make it unlikely (below `chance`) that a case
    /// failing at ``rate`` passes them all: 1 at a rate of 1, `limit` when it never failed.
    ///
    /// - Complexity: O(1).
    public func runsToSee(chance: Double, limit: Int) -> Int {
        let rate = self.rate
        guard rate > 0 else { return limit }
        guard rate < 1 else { return 1 }
        return min(limit, max(1, Int((log(chance) / log(1 - rate)).rounded(.up))))
    }

    /// The chance that a case failing at ``rate`` passes `runs` runs under ``condition``.
    ///
    /// - Complexity: O(1).
    public func chanceOfPassing(_ runs: Int) -> Double { pow(1 - rate, Double(runs)) }

    /// The member of a repro file.
    package var json: JSONValue {
        .object([("runs", .integer(Int64(runs))), ("failures", .integer(Int64(failures))), ("condition", .string(condition.rawValue)),
                 ("conditionRuns", .integer(Int64(conditionRuns))), ("conditionFailures", .integer(Int64(conditionFailures))),
                 ("repetitions", .integer(Int64(repetitions)))])
    }

    /// Reads the member of a repro file; `nil` if it is malformed or names an unknown condition.
    package init?(json value: JSONValue) {
        guard let runs = value["runs"]?.integer, let failures = value["failures"]?.integer,
              case .string(let name)? = value["condition"], let condition = Condition(rawValue: name),
              let conditionRuns = value["conditionRuns"]?.integer, let conditionFailures = value["conditionFailures"]?.integer,
              runs >= 0, failures >= 0, failures <= runs, conditionRuns >= 0, conditionFailures >= 0, conditionFailures <= conditionRuns
        else { return nil }
        self.init(runs: Int(runs), failures: Int(failures), condition: condition, conditionRuns: Int(conditionRuns),
                  conditionFailures: Int(conditionFailures), repetitions: Int(value["repetitions"]?.integer ?? 1))
    }
}
