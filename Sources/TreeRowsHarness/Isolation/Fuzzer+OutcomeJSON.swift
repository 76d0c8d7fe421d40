import TreeRows
import TreeRowsCorpora

extension Fuzzer.Outcome {
    /// A worker's outcome as a child hands it to ``IsolatedFuzzer``: the counts, times and
    /// coverage, and of a finding only where its case came from and which strategy failed
    /// at which operation (the parent draws the case again and shrinks it itself).
    ///
    /// - Complexity: O(*f*) for *f* features covered.
    package var json: JSONValue {
        func nanoseconds(_ duration: Duration) -> JSONValue { .integer(Int64(duration.nanoseconds.rounded())) }
        var members: [(String, JSONValue)] = [
            ("operations", .integer(operations)), ("cases", .integer(cases)), ("elapsed", nanoseconds(elapsed)),
            ("stopped", .bool(wasStopped)),
            ("tiers", .object(tiers.map { tier, statistics in
                (tier.rawValue, .object([
                    ("cases", .integer(statistics.cases)), ("operations", .integer(statistics.operations)),
                    ("elapsed", nanoseconds(statistics.elapsed)),
                    ("scenarios", .object(statistics.scenarios.map { ($0.rawValue, .integer($1)) })),
                ]))
            })),
            ("strategyTime", .array(strategyTime.map { nanoseconds($0.time) })),
            ("coverage", .object(coverage.counts.sorted { $0.key < $1.key }.map { ($0.key, .integer($0.value)) })),
            ("strategyOperations", .array(strategyOperations.map { .integer($0) })),
            ("largestTree", .array(largestTree.map { .integer($0) })),
        ]
        if let failure {
            members.append(("failure", .object([
                ("tier", .string(failure.identity.tier.rawValue)), ("case", .integer(failure.identity.caseNumber)),
                ("position", .number(String(failure.identity.samplerPosition))), ("drawn", .integer(failure.identity.samplerDrawn)),
                ("seed", .number(String(failure.identity.caseSeed))), ("churn", .integer(failure.identity.churn?.arm ?? -1)),
                ("nodeCap", .integer(failure.identity.nodeCap == .max ? 0 : failure.identity.nodeCap)),
                ("active", .number(String(failure.identity.active))),
                ("disagreement", failure.disagreement.json),
            ])))
        }
        return .object(members)
    }

    /// A worker's outcome read back from ``json``, with `strategies`' names for the times;
    /// the finding, if any, as its identity and disagreement (case and shrunk case empty).
    ///
    /// - Returns: `nil` if the JSON is not such an outcome.
    package init?(json value: JSONValue, strategies: [any RowStrategy.Type]) {
        func duration(_ value: JSONValue?) -> Duration? { value?.integer.map { .nanoseconds($0) } }
        guard let operations = value["operations"]?.integer, let cases = value["cases"]?.integer,
              let elapsed = duration(value["elapsed"]), case .bool(let stopped)? = value["stopped"],
              case .object(let tierMembers)? = value["tiers"], case .array(let times)? = value["strategyTime"],
              times.count == strategies.count, case .object(let coverageMembers)? = value["coverage"] else { return nil }
        var tiers: [FuzzTier: Fuzzer.TierStatistics] = [:]
        for (name, entry) in tierMembers {
            guard let tier = FuzzTier(rawValue: name), let cases = entry["cases"]?.integer, let operations = entry["operations"]?.integer,
                  let elapsed = duration(entry["elapsed"]), case .object(let scenarios)? = entry["scenarios"] else { return nil }
            var statistics = Fuzzer.TierStatistics(cases: Int(cases), operations: Int(operations), elapsed: elapsed)
            for (scenario, count) in scenarios {
                guard let scenario = ScaleScenario(rawValue: scenario), let count = count.integer else { return nil }
                statistics.scenarios[scenario] = Int(count)
            }
            tiers[tier] = statistics
        }
        var counts: [String: Int] = [:]
        for (feature, count) in coverageMembers {
            guard let count = count.integer else { return nil }
            counts[feature] = Int(count)
        }
        var finding: Fuzzer.Finding?
        if let failure = value["failure"] {
            guard case .string(let tierName)? = failure["tier"], let tier = FuzzTier(rawValue: tierName),
                  let caseNumber = failure["case"]?.integer, case .number(let position)? = failure["position"],
                  let position = UInt64(position), let drawn = failure["drawn"]?.integer, case .number(let seed)? = failure["seed"],
                  let seed = UInt64(seed), let churn = failure["churn"]?.integer,
                  let disagreement = failure["disagreement"].flatMap({ Disagreement(json: $0) }) else { return nil }
            let cap = failure["nodeCap"]?.integer ?? 0
            let active = if case .number(let text)? = failure["active"], let mask = UInt64(text) { mask } else { UInt64.max }
            let identity = FuzzCaseIdentity(tier: tier, caseNumber: Int(caseNumber), samplerPosition: position, samplerDrawn: Int(drawn),
                                            caseSeed: seed, churn: churn >= 0 ? RegionChurn(arm: Int(churn)) : nil,
                                            nodeCap: cap > 0 ? Int(cap) : .max, active: active)
            let empty = FuzzCase(nodes: [], operations: [])
            finding = Fuzzer.Finding(found: empty, shrunk: empty, disagreement: disagreement, caseNumber: Int(caseNumber), tier: tier,
                                     scenario: nil, shrinkElapsed: .zero, identity: identity)
        }
        var strategyTime: [(name: String, time: Duration)] = []
        for (strategy, time) in zip(strategies, times) {
            guard let time = duration(time) else { return nil }
            strategyTime.append((strategy.name, time))
        }
        func integers(_ key: String) -> [Int]? {
            guard case .array(let items)? = value[key], items.count == strategies.count else { return nil }
            let numbers = items.compactMap { $0.integer.map { Int($0) } }
            return numbers.count == items.count ? numbers : nil
        }
        self.init(operations: Int(operations), cases: Int(cases), elapsed: elapsed, failure: finding, wasStopped: stopped, tiers: tiers,
                  strategyTime: strategyTime, coverage: FuzzCoverage(counts: counts),
                  strategyOperations: integers("strategyOperations") ?? [], largestTree: integers("largestTree") ?? [])
    }
}
