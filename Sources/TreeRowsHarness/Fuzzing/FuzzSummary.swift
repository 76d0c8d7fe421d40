import Foundation
import TreeRows

/// The workers' outcomes of one fuzz run added up, and the lines `treerows fuzz` prints:
/// the time and rate of each tier, the rate of each strategy, the coverage table.
package struct FuzzSummary {
    /// Operations performed, all workers.
    package var operations: Int
    /// Cases started, all workers.
    package var cases: Int
    /// Wall-clock time of the run.
    package var elapsed: Duration
    /// Per tier, all workers.
    package var tiers: [FuzzTier: Fuzzer.TierStatistics]
    /// Time in each strategy, all workers.
    package var strategyTime: [(name: String, time: Duration)]
    /// What the operations exercised, all workers.
    package var coverage: FuzzCoverage
    /// Operations per strategy, all workers (empty when the outcomes did not say).
    package var strategyOperations: [Int]
    /// The largest tree each strategy ran, over all workers (empty when not said).
    package var largestTree: [Int]

    /// Adds up `outcomes`, which ran side by side for `elapsed`.
    package init(outcomes: [Fuzzer.Outcome], elapsed: Duration) {
        operations = outcomes.reduce(0) { $0 + $1.operations }
        cases = outcomes.reduce(0) { $0 + $1.cases }
        self.elapsed = elapsed
        tiers = [:]
        coverage = FuzzCoverage()
        strategyTime = outcomes.first?.strategyTime.map { ($0.name, Duration.zero) } ?? []
        let count = strategyTime.count
        let counted = outcomes.allSatisfy { $0.strategyOperations.count == count && $0.largestTree.count == count }
        strategyOperations = counted ? Array(repeating: 0, count: count) : []
        largestTree = counted ? Array(repeating: 0, count: count) : []
        for outcome in outcomes {
            if counted {
                for index in 0..<count {
                    strategyOperations[index] += outcome.strategyOperations[index]
                    largestTree[index] = max(largestTree[index], outcome.largestTree[index])
                }
            }
            for (tier, statistics) in outcome.tiers {
                var total = tiers[tier] ?? Fuzzer.TierStatistics()
                total.cases += statistics.cases
                total.operations += statistics.operations
                total.elapsed += statistics.elapsed
                total.scenarios.merge(statistics.scenarios, uniquingKeysWith: +)
                tiers[tier] = total
            }
            for (index, entry) in outcome.strategyTime.enumerated() { strategyTime[index].time += entry.time }
            coverage.merge(outcome.coverage)
        }
    }

    /// Operations per second over the run, all workers together.
    package var operationsPerSecond: Double { Fuzzer.Outcome.rate(operations, elapsed) }

    /// One line per tier: operations, cases, its share of the workers' time, its rate;
    /// the large tier's scenarios.
    package var tierLines: [String] {
        let total = tiers.values.reduce(Duration.zero) { $0 + $1.elapsed }
        return FuzzTier.allCases.compactMap { tier in
            guard let statistics = tiers[tier] else { return nil }
            let share = total > .zero ? 100 * statistics.elapsed.nanoseconds / total.nanoseconds : 0
            var line = "  \(tier.rawValue) tier: \(statistics.operations) operations in \(statistics.cases) cases, "
                + String(format: "%.0f%% of the time, %.0f operations/s per worker", share,
                         Fuzzer.Outcome.rate(statistics.operations, statistics.elapsed))
            if !statistics.scenarios.isEmpty {
                line += "; " + ScaleScenario.allCases.compactMap { scenario in
                    statistics.scenarios[scenario].map { "\(scenario.rawValue) \($0)" }
                }.joined(separator: ", ")
            }
            return line
        }
    }

    /// Operations per second of each strategy: the operations over the time spent in its
    /// operations and their checks (the reference's own time not included).
    package var strategyLine: String {
        "  per strategy (operations and checks): " + strategyTime.enumerated().map { index, entry in
            let done = strategyOperations.isEmpty ? operations : strategyOperations[index]
            let largest = largestTree.isEmpty ? "" : ", largest tree \(largestTree[index])"
            // A worker that crashed before its first checkpoint left counts but no times.
            guard entry.time > .zero else { return "\(entry.name) not timed (\(done) operations)" + largest }
            return String(format: "%@ %.0f operations/s", entry.name, Fuzzer.Outcome.rate(done, entry.time)) + largest
        }.joined(separator: "; ")
    }

    /// Every feature of the catalog with its hits; the missing ones marked.
    package var coverageTable: String {
        let missing = coverage.missing
        var lines = ["coverage: \(FuzzCoverage.catalog.count - missing.count) of \(FuzzCoverage.catalog.count) features exercised"]
        if !largestTree.isEmpty {
            lines.append("  largest tree per strategy: " + zip(strategyTime, largestTree).map { "\($0.name) \($1) nodes" }.joined(separator: ", "))
        }
        let width = FuzzCoverage.catalog.map(\.count).max() ?? 0
        for feature in FuzzCoverage.catalog {
            let hits = coverage.counts[feature, default: 0]
            lines.append("  " + feature.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + (hits == 0 ? "MISSING" : String(hits)))
        }
        let events = coverage.structuralEvents
        if !events.isEmpty {
            lines.append("structural events the strategies reported (see StructuralEvent):")
            let eventWidth = events.map(\.feature.count).max() ?? 0
            for (feature, hits) in events {
                lines.append("  " + feature.padding(toLength: eventWidth, withPad: " ", startingAt: 0) + "  " + String(hits))
            }
        }
        return lines.joined(separator: "\n")
    }
}
