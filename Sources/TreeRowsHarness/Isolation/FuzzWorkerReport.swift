import TreeRows

/// A fuzz worker's outcome as its child hands it to ``IsolatedFuzzer`` (``ChildReply/fuzzed(_:)``):
/// the counts, times and coverage, and of a finding only where its case came from and which
/// strategy failed at which operation (the parent draws the case again and shrinks it
/// itself). Strategies are positions in the run; the parent names them.
package struct FuzzWorkerReport: Codable, Sendable {
    /// One tier's figures.
    package struct Tier: Codable, Sendable {
        var cases = 0
        var operations = 0
        var elapsed = Duration.zero
        /// Cases per ``ScaleScenario``, by name.
        var scenarios: [String: Int] = [:]
    }

    /// A finding: its case's identity and what failed.
    package struct Failure: Codable, Sendable {
        var tier: String
        var caseNumber: Int
        var samplerPosition: UInt64
        var samplerDrawn: Int
        var caseSeed: UInt64
        /// The ``RegionChurn`` arm, -1 for none.
        var churnArm: Int
        /// 0 for none.
        var nodeCap: Int
        var active: UInt64
        var disagreement: Disagreement
    }

    var operations = 0
    var cases = 0
    var elapsed = Duration.zero
    var stopped = false
    /// By ``FuzzTier`` name.
    var tiers: [String: Tier] = [:]
    /// Per strategy, in the run's order.
    var strategyTime: [Duration] = []
    var coverage: [String: Int] = [:]
    var strategyOperations: [Int] = []
    var largestTree: [Int] = []
    var failure: Failure?

    /// An empty report.
    package init() {}

    /// The report of `outcome`.
    ///
    /// - Complexity: O(*f*) for *f* features covered.
    package init(_ outcome: Fuzzer.Outcome) {
        operations = outcome.operations
        cases = outcome.cases
        elapsed = outcome.elapsed
        stopped = outcome.wasStopped
        for (tier, statistics) in outcome.tiers {
            tiers[tier.rawValue] = Tier(cases: statistics.cases, operations: statistics.operations, elapsed: statistics.elapsed,
                                        scenarios: Dictionary(uniqueKeysWithValues: statistics.scenarios.map { ($0.rawValue, $1) }))
        }
        strategyTime = outcome.strategyTime.map(\.time)
        coverage = outcome.coverage.counts
        strategyOperations = outcome.strategyOperations
        largestTree = outcome.largestTree
        failure = outcome.failure.map { finding in
            let identity = finding.identity
            return Failure(tier: identity.tier.rawValue, caseNumber: identity.caseNumber, samplerPosition: identity.samplerPosition,
                           samplerDrawn: identity.samplerDrawn, caseSeed: identity.caseSeed, churnArm: identity.churn?.arm ?? -1,
                           nodeCap: identity.nodeCap == .max ? 0 : identity.nodeCap, active: identity.active,
                           disagreement: finding.disagreement)
        }
    }

    /// The outcome, with `strategies`' names for the times; the finding, if any, as its
    /// identity and disagreement (case and shrunk case empty).
    ///
    /// - Returns: `nil` if the report is not of a run of `strategies` (another count, an
    ///   unknown tier or scenario).
    /// - Complexity: O(*f*) for *f* features covered.
    package func outcome(strategies: [any RowStrategy.Type]) -> Fuzzer.Outcome? {
        guard strategyTime.count == strategies.count else { return nil }
        var statistics: [FuzzTier: Fuzzer.TierStatistics] = [:]
        for (name, tier) in tiers {
            guard let key = FuzzTier(rawValue: name) else { return nil }
            var entry = Fuzzer.TierStatistics(cases: tier.cases, operations: tier.operations, elapsed: tier.elapsed)
            for (scenario, count) in tier.scenarios {
                guard let scenario = ScaleScenario(rawValue: scenario) else { return nil }
                entry.scenarios[scenario] = count
            }
            statistics[key] = entry
        }
        var finding: Fuzzer.Finding?
        if let failure {
            guard let tier = FuzzTier(rawValue: failure.tier) else { return nil }
            let identity = FuzzCaseIdentity(tier: tier, caseNumber: failure.caseNumber, samplerPosition: failure.samplerPosition,
                                            samplerDrawn: failure.samplerDrawn, caseSeed: failure.caseSeed,
                                            churn: failure.churnArm >= 0 ? RegionChurn(arm: failure.churnArm) : nil,
                                            nodeCap: failure.nodeCap > 0 ? failure.nodeCap : .max, active: failure.active)
            let empty = FuzzCase(nodes: [], operations: [])
            finding = Fuzzer.Finding(found: empty, shrunk: empty, disagreement: failure.disagreement, caseNumber: failure.caseNumber,
                                     tier: tier, scenario: nil, shrinkElapsed: .zero, identity: identity)
        }
        let counts = strategyOperations.count == strategies.count ? strategyOperations : []
        let largest = largestTree.count == strategies.count ? largestTree : []
        return Fuzzer.Outcome(operations: operations, cases: cases, elapsed: elapsed, failure: finding, wasStopped: stopped,
                              tiers: statistics, strategyTime: zip(strategies, strategyTime).map { ($0.name, $1) },
                              coverage: FuzzCoverage(counts: coverage), strategyOperations: counts, largestTree: largest)
    }
}
