import Foundation
import TreeRows

/// The answer a benchmark run gives: which strategy to use for the corpora measured.
///
/// Only correct cells with samples count. A strategy's standing on an operation is its
/// median divided by the fastest median of the same corpus and operation, combined over
/// the corpora by the geometric mean; the operation's leader has the smallest standing, and
/// the pick's ratios are standings divided by the leader's. A strategy that was wrong on any cell, or has no
/// samples on some operation, is left out of the picks (and named).
///
/// Tails weigh too: a strategy whose p99 on a corpus is more than 10 times (`tailLimit`) the
/// smallest correct p99 there is *tail-heavy* on that operation. It leads an operation, or
/// is the all-round pick, only when no steadier strategy was measured there; when it has
/// the fastest median and loses the lead so, the verdict names it (``Tail``): a list is
/// judged by its worst frame.
///
/// Every strategy is judged on its own too, not only the leaders: a p99 more than
/// ``spreadLimit`` times its own median on a cell is a *spread* (``Spread``, with its max),
/// and in a size sweep an exponent more than ``growthMargin`` above the least exponent
/// measured for the same operation and shape is a *growth* (``Growth``). A strategy with
/// either is the all-round pick only when no candidate without was measured, and then the
/// sentence says why.
///
/// The reference is the oracle every strategy is checked against, not a candidate: the verdict
/// leaves it out, unless no other strategy has a correct, sampled cell. A SLOW cell (stopped past the
/// watchdog's budget, ``BenchmarkResult/isSlow``) ranks last on its operation, and its
/// strategy is left out of the pick (``Slow``).
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

    /// A fastest median passed over for its tail: on `operation`, `strategy` has the fastest
    /// median, but its p99 on `corpus` is `ratio` times `steadier`'s there.
    public struct Tail: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        public var corpus: String
        public var ratio: Double
        public var steadier: String
    }

    /// The fastest medians passed over for their tails, one per operation at most.
    public var tails: [Tail]

    /// A cell stopped as slow: on `operation` and `corpus`, `strategy` took more than
    /// `lowerBoundNanoseconds` an operation; it ranks last there.
    public struct Slow: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        public var corpus: String
        public var lowerBoundNanoseconds: Double
    }

    /// The slow cells, in report order.
    public var slow: [Slow]

    /// Memory that grows with the operations: on `operation` and `corpus`, `strategy` keeps
    /// `bytesPerOperation` per operation (``BenchmarkResult/retainedBytesPerOperation``),
    /// more than ``keptLimit`` beyond the `referenceBytes` the reference keeps there.
    public struct Keeps: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        public var corpus: String
        public var bytesPerOperation: Double
        public var referenceBytes: Double
    }

    /// The cells where a strategy keeps memory per operation, in report order. Such a strategy
    /// is the all-round pick only when no other candidate was measured, and then the
    /// sentence says so.
    public var keeps: [Keeps]

    /// A cell whose tail is far above its own median: `strategy`'s p99 on `operation` and
    /// `corpus` is `p99Ratio` times its median, its slowest sample `maxRatio` times (`nil`
    /// without kept samples).
    public struct Spread: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        public var corpus: String
        public var p99Ratio: Double
        public var maxRatio: Double?
    }

    /// The widest spread of each strategy and operation over ``spreadLimit``, in report order.
    public var spreads: [Spread]

    /// A cost that grows faster with size than another strategy's: over the sweep of `shape`,
    /// `strategy`'s `operation` grows as n^`exponent`, `best`'s as n^`bestExponent`.
    public struct Growth: Equatable, Sendable {
        public var operation: String
        public var strategy: String
        public var shape: String
        public var exponent: Double
        public var best: String
        public var bestExponent: Double
    }

    /// The growths more than ``growthMargin`` above the least of their operation and shape.
    public var growths: [Growth]

    /// How many times its own median a strategy's p99 may be before its tail is a spread:
    /// 20 (every built-in strategy stays under 6 on every operation of the default bench).
    package static let spreadLimit = 20.0

    /// How far a sweep's exponent may lie above the least of its operation and shape: the
    /// cost search's margin (``CostSearch/margin``).
    package static let growthMargin = CostSearch.margin

    /// How many bytes per operation a strategy may keep beyond the reference's before its
    /// memory is said to grow with the operations: 1 KiB (every built-in strategy keeps 0
    /// on every operation of the default bench, the reference too; a node is about 150).
    package static let keptLimit = 1_024.0

    /// How many times the smallest correct p99 of a cell a strategy's p99 may be before it is
    /// tail-heavy there.
    package static let tailLimit = 10.0

    /// The verdict of `results`; `nil` when no cell has a correct, sampled result.
    ///
    /// - Complexity: O(*r* log *r*) for *r* results.
    /// - Parameter exponents: The report's growth exponents over size sweeps (none without
    ///   a sweep).
    public init?(_ measured: [BenchmarkResult], exponents: [BenchmarkReport.Exponent] = []) {
        // The oracle is no candidate, unless nothing else was measured.
        let oracle = ReferenceStrategy.name
        let onlyOracle = !measured.contains { $0.strategy != oracle && $0.correct && $0.samples > 0 }
        let results = onlyOracle ? measured : measured.filter { $0.strategy != oracle }
        let corpora = Self.unique(results.map(\.corpus)), operations = Self.unique(results.map(\.operation))
        let strategies = Self.unique(results.map(\.strategy))
        // The fastest correct, sampled median of each corpus and operation.
        var fastest: [Cell: Double] = [:]
        for result in results where result.correct && result.samples > 0 {
            let cell = Cell(corpus: result.corpus, operation: result.operation)
            fastest[cell] = min(fastest[cell] ?? .infinity, result.medianNanoseconds)
        }
        // Standing per operation and strategy: the mean log-ratio to the fastest over the corpora
        // (a strategy measured twice on one corpus and operation counts twice, as before).
        var logRatios: [String: [String: (sum: Double, count: Int)]] = [:]
        var ranked: [String: [String]] = [:]  // per operation, its strategies in report order
        for result in results where result.correct && result.samples > 0 {
            guard let best = fastest[Cell(corpus: result.corpus, operation: result.operation)], best > 0 else { continue }
            let sum = logRatios[result.operation, default: [:]][result.strategy]
            if sum == nil { ranked[result.operation, default: []].append(result.strategy) }
            logRatios[result.operation, default: [:]][result.strategy] =
                ((sum?.sum ?? 0) + log(result.medianNanoseconds / best), (sum?.count ?? 0) + 1)
        }
        func standing(_ operation: String, _ strategy: String) -> Double? {
            logRatios[operation]?[strategy].map { exp($0.sum / Double($0.count)) }
        }
        let heavy = Self.tailHeavy(results)
        // Memory kept per operation, against the reference's on the same cell (0 without one).
        var referenceKept: [Cell: Double] = [:]
        for result in measured where result.strategy == oracle {
            if let bytes = result.retainedBytesPerOperation { referenceKept[Cell(corpus: result.corpus, operation: result.operation)] = bytes }
        }
        let keeps = results.compactMap { result -> Keeps? in
            guard result.correct, let bytes = result.retainedBytesPerOperation else { return nil }
            let baseline = referenceKept[Cell(corpus: result.corpus, operation: result.operation)] ?? 0
            guard bytes - max(0, baseline) > Self.keptLimit else { return nil }
            return Keeps(operation: result.operation, strategy: result.strategy, corpus: result.corpus, bytesPerOperation: bytes,
                         referenceBytes: baseline)
        }
        let keepers = Set(keeps.map(\.strategy))
        var leaders: [Leader] = []
        var tails: [Tail] = []
        let order = Dictionary(uniqueKeysWithValues: strategies.enumerated().lazy.map { ($1, $0) })
        for operation in operations {
            let byMedian = (ranked[operation] ?? []).sorted { order[$0]! < order[$1]! }.map { ($0, standing(operation, $0)!) }
                .sorted { $0.1 < $1.1 }
            guard let fastest = byMedian.first else { continue }
            // The tail-heavy go after the steady ones, each group in median order.
            let isHeavy = { (strategy: String) in heavy[Key(operation: operation, strategy: strategy)] != nil }
            let standings = byMedian.filter { !isHeavy($0.0) } + byMedian.filter { isHeavy($0.0) }
            let first = standings[0], second = standings.dropFirst().first
            leaders.append(Leader(operation: operation, strategy: first.0, runnerUp: second?.0, lead: second.map { $0.1 / first.1 }))
            if first.0 != fastest.0, let tail = heavy[Key(operation: operation, strategy: fastest.0)] {
                tails.append(Tail(operation: operation, strategy: fastest.0, corpus: tail.corpus, ratio: tail.ratio, steadier: tail.steadier))
            }
        }
        guard !leaders.isEmpty else { return nil }
        var firstWrong: [String: BenchmarkResult] = [:]
        var measuredOperations: [String: Int] = [:]
        for result in results where !result.correct && firstWrong[result.strategy] == nil { firstWrong[result.strategy] = result }
        let slow = results.filter { $0.correct && $0.isSlow }.map {
            Slow(operation: $0.operation, strategy: $0.strategy, corpus: $0.corpus, lowerBoundNanoseconds: $0.slowLowerBoundNanoseconds!)
        }
        for (_, standings) in logRatios { for strategy in standings.keys { measuredOperations[strategy, default: 0] += 1 } }
        var excluded: [Exclusion] = []
        var candidates: [Pick] = []
        for strategy in strategies {
            if let wrong = firstWrong[strategy] {
                let what = wrong.crash == nil ? "wrong" : "crashed"
                excluded.append(Exclusion(strategy: strategy, reason: "\(what) on \(wrong.corpus) · \(wrong.operation)"))
                continue
            }
            // A strategy with a standing on k operations lacks one among the first k + 1 leaders,
            // so finding it costs O(k): O(r) over all strategies.
            if let first = slow.first(where: { $0.strategy == strategy }) {
                excluded.append(Exclusion(strategy: strategy, reason: "SLOW on \(first.corpus) · \(first.operation)"
                    + " (more than \(BenchmarkResult.duration(first.lowerBoundNanoseconds)) an operation)"))
                continue
            }
            if measuredOperations[strategy, default: 0] < leaders.count {
                let missing = leaders.first { standing($0.operation, strategy) == nil }!
                excluded.append(Exclusion(strategy: strategy, reason: "no samples on \(missing.operation)"))
                continue
            }
            // Relative to each operation's leader, so the leader itself stands at 1. A candidate
            // has a cell on every operation, so these loops cost O(r) over all candidates.
            let measured = leaders.map { ($0, standing($0.operation, strategy)! / standing($0.operation, $0.strategy)!) }
            let worst = measured.max { $0.1 < $1.1 }!
            candidates.append(Pick(strategy: strategy, worstRatio: worst.1, weakestOperation: worst.0.operation, fastestThere: worst.0.strategy))
        }
        let spreads = Self.spreads(results)
        let growths = Self.growths(onlyOracle ? exponents : exponents.filter { $0.strategy != oracle })
        let uneven = Set(spreads.map(\.strategy)).union(growths.map(\.strategy))
        // The all-round pick is steady on every operation, grows no faster than the others and
        // keeps no memory per operation, when such a candidate exists.
        let steady = candidates.filter { candidate in
            !keepers.contains(candidate.strategy) && !uneven.contains(candidate.strategy)
                && !operations.contains { heavy[Key(operation: $0, strategy: candidate.strategy)] != nil }
        }
        self.corpora = corpora
        self.leaders = leaders
        self.pick = (steady.isEmpty ? candidates : steady).min { $0.worstRatio < $1.worstRatio }
        self.excluded = excluded
        self.tails = tails
        self.slow = slow
        self.keeps = keeps
        self.spreads = spreads
        self.growths = growths
    }

    /// An operation and a strategy.
    struct Key: Hashable {
        var operation: String
        var strategy: String
    }

    /// The strategies tail-heavy on some operation (``tailHeavy(_:)``), which keeps them from
    /// the steady picks; ``tails`` lists such a strategy only where it leads.
    ///
    /// - Complexity: O(*r*) expected for *r* results.
    package static func tailHeavyStrategies(_ results: [BenchmarkResult]) -> Set<String> {
        Set(tailHeavy(results).keys.map(\.strategy))
    }

    /// The tail-heavy operations of each strategy: its worst p99 ratio to the smallest
    /// correct p99 of a corpus, where over `tailLimit`, with that corpus and the strategy
    /// whose p99 it was.
    ///
    /// - Complexity: O(*r*) expected for *r* results.
    static func tailHeavy(_ results: [BenchmarkResult]) -> [Key: (corpus: String, ratio: Double, steadier: String)] {
        var steadiest: [Cell: (p99: Double, strategy: String)] = [:]
        for result in results where result.correct && result.samples > 0 && result.p99Nanoseconds > 0 {
            let cell = Cell(corpus: result.corpus, operation: result.operation)
            if result.p99Nanoseconds < steadiest[cell]?.p99 ?? .infinity { steadiest[cell] = (result.p99Nanoseconds, result.strategy) }
        }
        var heavy: [Key: (corpus: String, ratio: Double, steadier: String)] = [:]
        for result in results where result.correct && result.samples > 0 {
            guard let best = steadiest[Cell(corpus: result.corpus, operation: result.operation)] else { continue }
            let ratio = result.p99Nanoseconds / best.p99
            let key = Key(operation: result.operation, strategy: result.strategy)
            if ratio > tailLimit && ratio > heavy[key]?.ratio ?? 0 { heavy[key] = (result.corpus, ratio, best.strategy) }
        }
        return heavy
    }

    /// A corpus and operation: one cell of the results.
    struct Cell: Hashable {
        var corpus: String
        var operation: String
    }

    /// `values` without repeats, in first-seen order.
    ///
    /// - Complexity: O(*v*) expected for *v* values.
    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }

    /// One sentence a user can act on.
    public var sentence: String {
        let trees = switch corpora.count {
        case 1: corpora[0]
        case 2, 3: corpora.dropLast().joined(separator: ", ") + " and " + corpora.last!
        default: "the \(corpora.count) corpora measured (\(corpora.prefix(3).joined(separator: ", ")), …)"
        }
        guard let pick else { return "No strategy was correct with samples on every operation measured on \(trees); see the tables." }
        let tail = tails.first.map { tail in
            " \(tail.strategy) has the fastest median on \(tail.operation), but its p99 is \(Self.ratio(tail.ratio)) \(Self.possessive(tail.steadier))"
                + (corpora.count > 1 ? " on \(tail.corpus)." : ".")
        } ?? ""
        let warning = keeps.first { $0.strategy == pick.strategy }.map { kept in
            " Beware: \(pick.strategy) keeps \(BenchmarkResult.bytes(kept.bytesPerOperation)) per \(kept.operation) that it never frees;"
                + " no strategy measured without such memory was a candidate."
        } ?? unevenWarning(pick.strategy)
        if pick.worstRatio < 1.000_5 {
            return "For trees like \(trees), use \(pick.strategy): the fastest on every operation measured." + tail + warning
        }
        return "For trees like \(trees), use \(pick.strategy): at most \(Self.ratio(pick.worstRatio)) the fastest time on every operation"
            + " measured; its weakest is \(pick.weakestOperation), where \(pick.fastestThere) is \(Self.ratio(pick.worstRatio)) faster."
            + tail + warning
    }

    /// The verdict as plain text lines: the sentence, the leaders, the pick, the exclusions.
    package var lines: [String] {
        var lines = ["verdict: \(sentence)"]
        if corpora.count > 1 {
            lines.append("  (a ratio over \(corpora.count) corpora is the geometric mean of the ratios on each)")
        }
        for leader in leaders {
            let lead = leader.lead.map { ", \(Self.ratio($0)) ahead of \(leader.runnerUp!)" }
                ?? (slow.contains { $0.operation == leader.operation } ? " (the others were SLOW there)" : " (no other correct strategy)")
            lines.append("  fastest on \(leader.operation): \(leader.strategy)\(lead)")
        }
        if let pick {
            lines.append("  all-round: \(pick.strategy), worst ratio to the fastest \(Self.ratio(pick.worstRatio)) (\(pick.weakestOperation))")
        }
        for tail in tails {
            lines.append("  tail: \(tail.strategy) has the fastest median on \(tail.operation), but its p99 on \(tail.corpus) is "
                + "\(Self.ratio(tail.ratio)) \(Self.possessive(tail.steadier)) (over \(Self.ratio(Self.tailLimit)): it leads only where nothing steadier was measured)")
        }
        for cell in slow {
            lines.append("  slow: \(cell.strategy) on \(cell.operation), more than \(BenchmarkResult.duration(cell.lowerBoundNanoseconds))"
                + " an operation" + (corpora.count > 1 ? " on \(cell.corpus)" : "") + " (stopped past the watchdog's budget): ranked last there")
        }
        for kept in keeps {
            lines.append("  keeps: \(kept.strategy) keeps \(BenchmarkResult.bytes(kept.bytesPerOperation)) per \(kept.operation)"
                + (corpora.count > 1 ? " on \(kept.corpus)" : "") + ", the reference \(BenchmarkResult.bytes(kept.referenceBytes))"
                + " (memory that grows with the operations, not with the tree)")
        }
        for spread in spreads {
            lines.append("  spread: \(spread.strategy) on \(spread.operation)" + (corpora.count > 1 ? " on \(spread.corpus)" : "")
                + ": p99 \(Self.ratio(spread.p99Ratio)) its median" + (spread.maxRatio.map { ", slowest \(Self.ratio($0))" } ?? "")
                + " (a tail far above the typical operation)")
        }
        for growth in growths {
            lines.append("  growth: \(growth.strategy) on \(growth.operation) over \(growth.shape): n^\(String(format: "%.2f", growth.exponent)),"
                + " \(Self.possessive(growth.best)) n^\(String(format: "%.2f", growth.bestExponent)) (`cliffs --strategies \(growth.strategy)`"
                + " searches for the shape behind it)")
        }
        for exclusion in excluded { lines.append("  not considered: \(exclusion.strategy), \(exclusion.reason)") }
        return lines
    }

    /// `preorder-segments'`, `preorder-btree's`.
    static func possessive(_ name: String) -> String { name.hasSuffix("s") ? name + "'" : name + "'s" }

    /// `1.23×`, `12.3×`, `123×`.
    static func ratio(_ value: Double) -> String {
        (value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)) + "×"
    }
}
