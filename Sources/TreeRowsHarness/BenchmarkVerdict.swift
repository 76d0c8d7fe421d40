import Foundation

/// The answer a benchmark run gives: which strategy to use for the corpora measured.
///
/// Only correct cells with samples count. A strategy's standing on an operation is its
/// median divided by the fastest median of the same corpus and operation, combined over
/// the corpora by the geometric mean; the operation's leader has the smallest standing, and
/// the pick's ratios are standings divided by the leader's. A strategy that was wrong on any cell, or has no
/// samples on some operation, is left out of the picks (and named).
public struct BenchmarkVerdict: Equatable, Sendable {
    /// The fastest strategy on one operation.
    public struct Leader: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        /// The runner-up, and how many times slower it is (`nil` with a single candidate).
        public var runnerUp: String?
        public var lead: Double?
    }

    /// The all-round pick: the smallest worst ratio to the leader over the operations measured.
    public struct Pick: Equatable, Sendable {
        public var strategy: String
        /// Its worst ratio to an operation's leader (1 when it leads every operation), on this operation.
        public var worstRatio: Double
        public var weakestOperation: String
        /// The fastest strategy on ``weakestOperation``.
        public var fastestThere: String
    }

    /// The corpora the verdict is about, in report order.
    public var corpora: [String]
    /// One leader per operation, in report order.
    public var leaders: [Leader]
    /// `nil` when no strategy was correct with samples on every operation.
    public var pick: Pick?
    /// A strategy left out of the pick, and why.
    public struct Exclusion: Equatable, Sendable {
        public var strategy: String
        /// Wrong on a cell, or without samples on an operation.
        public var reason: String
    }

    /// Strategies left out of the pick.
    public var excluded: [Exclusion]

    /// The verdict of `results`; `nil` when no cell has a correct, sampled result.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    public init?(_ results: [BenchmarkResult]) {
        var corpora: [String] = [], operations: [String] = [], strategies: [String] = []
        for result in results {
            if !corpora.contains(result.corpus) { corpora.append(result.corpus) }
            if !operations.contains(result.operation) { operations.append(result.operation) }
            if !strategies.contains(result.strategy) { strategies.append(result.strategy) }
        }
        // Standing per operation and strategy: the log-ratios to the fastest, one per corpus.
        var logRatios: [String: [String: [Double]]] = [:]
        for corpus in corpora {
            for operation in operations {
                let cell = results.filter { $0.corpus == corpus && $0.operation == operation && $0.correct && $0.samples > 0 }
                guard let fastest = cell.map(\.medianNanoseconds).min(), fastest > 0 else { continue }
                for result in cell { logRatios[operation, default: [:]][result.strategy, default: []].append(log(result.medianNanoseconds / fastest)) }
            }
        }
        func standing(_ operation: String, _ strategy: String) -> Double? {
            guard let values = logRatios[operation]?[strategy], !values.isEmpty else { return nil }
            return exp(values.reduce(0, +) / Double(values.count))
        }
        var leaders: [Leader] = []
        for operation in operations {
            let ranked = strategies.compactMap { strategy in standing(operation, strategy).map { (strategy, $0) } }
                .sorted { $0.1 < $1.1 }
            guard let first = ranked.first else { continue }
            let second = ranked.dropFirst().first
            leaders.append(Leader(operation: operation, strategy: first.0, runnerUp: second?.0, lead: second.map { $0.1 / first.1 }))
        }
        guard !leaders.isEmpty else { return nil }
        var excluded: [Exclusion] = []
        var candidates: [Pick] = []
        for strategy in strategies {
            if let wrong = results.first(where: { $0.strategy == strategy && !$0.correct }) {
                let what = wrong.crash == nil ? "wrong" : "crashed"
                excluded.append(Exclusion(strategy: strategy, reason: "\(what) on \(wrong.corpus) · \(wrong.operation)"))
                continue
            }
            // Relative to each operation's leader, so the leader itself stands at 1.
            let measured = leaders.map { leader in
                (leader, standing(leader.operation, strategy).map { $0 / standing(leader.operation, leader.strategy)! })
            }
            if let missing = measured.first(where: { $0.1 == nil }) {
                excluded.append(Exclusion(strategy: strategy, reason: "no samples on \(missing.0.operation)"))
                continue
            }
            let worst = measured.max { $0.1! < $1.1! }!
            candidates.append(Pick(strategy: strategy, worstRatio: worst.1!, weakestOperation: worst.0.operation, fastestThere: worst.0.strategy))
        }
        self.corpora = corpora
        self.leaders = leaders
        self.pick = candidates.min { $0.worstRatio < $1.worstRatio }
        self.excluded = excluded
    }

    /// One sentence a user can act on.
    public var sentence: String {
        let trees = switch corpora.count {
        case 1: corpora[0]
        case 2, 3: corpora.dropLast().joined(separator: ", ") + " and " + corpora.last!
        default: "the \(corpora.count) corpora measured (\(corpora.prefix(3).joined(separator: ", ")), …)"
        }
        guard let pick else { return "No strategy was correct with samples on every operation measured on \(trees); see the tables." }
        if pick.worstRatio < 1.000_5 { return "For trees like \(trees), use \(pick.strategy): the fastest on every operation measured." }
        return "For trees like \(trees), use \(pick.strategy): at most \(Self.ratio(pick.worstRatio)) the fastest time on every operation"
            + " measured; its weakest is \(pick.weakestOperation), where \(pick.fastestThere) is \(Self.ratio(pick.worstRatio)) faster."
    }

    /// The verdict as plain text lines: the sentence, the leaders, the pick, the exclusions.
    public var lines: [String] {
        var lines = ["verdict: \(sentence)"]
        if corpora.count > 1 {
            lines.append("  (a ratio over \(corpora.count) corpora is the geometric mean of the ratios on each)")
        }
        for leader in leaders {
            let lead = leader.lead.map { ", \(Self.ratio($0)) ahead of \(leader.runnerUp!)" } ?? " (no other correct strategy)"
            lines.append("  fastest on \(leader.operation): \(leader.strategy)\(lead)")
        }
        if let pick {
            lines.append("  all-round: \(pick.strategy), worst ratio to the fastest \(Self.ratio(pick.worstRatio)) (\(pick.weakestOperation))")
        }
        for exclusion in excluded { lines.append("  not considered: \(exclusion.strategy), \(exclusion.reason)") }
        return lines
    }

    /// `1.23×`, `12.3×`, `123×`.
    static func ratio(_ value: Double) -> String {
        (value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)) + "×"
    }
}
