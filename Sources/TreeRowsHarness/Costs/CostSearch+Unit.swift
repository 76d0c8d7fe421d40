import TreeRows

extension CostSearch {
    /// One strategy's growth along one candidate's family: the fit, the cost variables at
    /// each size, the single steps and the memory kept, or how it crashed.
    struct GrowthRecord {
        var growth: CostGrowth?
        /// The cost variables at each size, at every node measured (none where the step ran
        /// past its budget).
        var points: [[CostPoint]] = []

        /// The sizes with variables, and the mean over each size's nodes of `bound`'s value:
        /// what the bound lets the mean cost be.
        ///
        /// - Complexity: O(*p*) for *p* points.
        func declared(_ bound: CostBound) -> (sizes: [Int], values: [Double]) {
            let known = zip(growth?.sizes ?? [], points).filter { !$0.1.isEmpty }
            return (known.map(\.0), known.map { $0.1.map(bound.value).reduce(0, +) / Double($0.1.count) })
        }
        var singles: [(size: Int, nanoseconds: [Double])] = []
        var kept: [Double] = []
        var crash: (size: Int, message: String)?
    }

    /// The search of one strategy and step.
    struct Unit {
        let search: CostSearch
        let strategy: any RowStrategy.Type
        let step: CostedStep
        let deadline: ContinuousClock.Instant
        /// When the whole search's time is up (`nil`: never, a replay's measurement).
        let end: ContinuousClock.Instant?
        var yardsticks: YardstickCache
        private var probes = 0
        private let clock = ContinuousClock()

        init(search: CostSearch, strategy: any RowStrategy.Type, step: CostedStep, deadline: ContinuousClock.Instant,
             end: ContinuousClock.Instant? = nil, yardsticks: YardstickCache) {
            (self.search, self.strategy, self.step, self.deadline, self.end, self.yardsticks) = (search, strategy, step, deadline, end, yardsticks)
        }

        /// Stopped from outside, or past the end of the whole search: nothing more is measured.
        var outOfTime: Bool { search.shouldStop() || end.map { clock.now > $0 } ?? false }

        var declared: CostBound? { search.configuration.ignoreDeclarations ? nil : strategy.declaredCost(of: step) }
        var seed: UInt64 { search.configuration.seed }

        /// Whether the step can be timed one by one many times on one strategy.
        var hasSingles: Bool { step != .remove && step != .accordionExpand }

        mutating func run() -> ([Cliff], UnitSummary) {
            let started = clock.now
            let name = strategy.name
            var cliffs: [Cliff] = []
            var summary = UnitSummary(strategy: name, step: step, typical: nil, cliffs: 0, probes: 0, seconds: 0)
            // Exploration first, in the first third of the unit's time.
            let explorationEnd = clock.now + (deadline - clock.now) / 3
            var best: [CostLocus: (candidate: CostCandidate, score: Double)] = [:]
            if let typicalHere = nanoseconds(.typical(step), strategy, nodes: CostSearch.explorationSize) {
                let loci = CostLocus.allCases.filter { $0 != .random }
                // Every family once without a prelude, whatever the time; then the families
                // with the other preludes while the exploration's time lasts; each part in an
                // order drawn from the seed.
                var random = SplitMix64(seed: seed ^ name.stableHash ^ step.name.stableHash)
                func shuffled(_ pairs: [(String, CostPrelude)]) -> [(String, CostPrelude)] {
                    var pairs = pairs
                    for index in pairs.indices.reversed() { pairs.swapAt(index, random.below(index + 1)) }
                    return pairs
                }
                let plain = shuffled(CostCandidate.families.map { ($0, CostPrelude.none) })
                let order = plain + shuffled(CostCandidate.families.flatMap { family in
                    CostPrelude.allCases.filter { $0 != .none }.map { (family, $0) }
                })
                var tried = 0
                for (family, prelude) in order where (tried < plain.count || clock.now < explorationEnd) && !outOfTime {
                    let candidate = CostCandidate(step: step, shape: family, locus: .deepest, prelude: prelude)
                    let probe = CostProbe(strategy: name, candidate: candidate, nodes: CostSearch.explorationSize, seed: seed, everyLocus: true)
                    probes += 1
                    tried += 1
                    // A locus whose step ran past its budget scores its lower bound; the loci
                    // after it on that tree are not measured.
                    let measured: [(locus: CostLocus, nanoseconds: Double)]
                    switch search.measure(probe, strategy, stopAt: end) {
                    case .measured(let measurement): measured = measurement.loci.map { ($0.locus, $0.nanoseconds) }
                    case .slow(let lowerBound, let step) where loci.indices.contains(step): measured = [(loci[step], lowerBound)]
                    default: continue
                    }
                    for atLocus in measured {
                        let score = atLocus.nanoseconds / typicalHere
                        if score > (best[atLocus.locus]?.score ?? 0) {
                            var kept = candidate
                            kept.locus = atLocus.locus
                            best[atLocus.locus] = (kept, score)
                        }
                    }
                }
                search.progress("\(name) \(step.name): \(tried) of \(order.count) trees explored at n \(CostSearch.explorationSize), "
                    + "\(best.count) loci kept")
            }
            // The typical cost's growth: its tail and memory too.
            search.progress("\(name) \(step.name): the typical cost (\(CostCandidate.typical(step)))")
            let typical = grow(.typical(step), strategy, sizes: CostSearch.ladder, singles: hasSingles)
            summary.typical = typical.growth
            if let crash = typical.crash {
                cliffs.append(crashCliff(.typical(step), typical, crash))
            }
            if let growth = typical.growth {
                let (cliff, yardstick) = judge(.typical(step), typical)
                report(growth, yardstick)
                summary.yardstick = yardstick
                summary.worst = (.typical(step), growth)
                if let cliff { cliffs.append(cliff) }
                if let yardstick, let tail = tailCliff(typical, yardstick) { cliffs.append(tail) }
                if let memory = memoryCliff(typical, yardstick) { cliffs.append(memory) }
            }
            // Growth of the costliest, each judged; then shrunk.
            let grown = best.values.filter { $0.score >= 2 }.sorted { $0.score > $1.score }
            for (rank, (candidate, score)) in grown.enumerated() where !outOfTime {
                // The costliest few whatever the time; the rest while it lasts.
                if rank >= CostSearch.grownCandidates && clock.now > deadline { break }
                search.progress("\(name) \(step.name): growing \(candidate) (\(format(score))× the typical cost at n \(CostSearch.explorationSize))")
                let record = grow(candidate, strategy, sizes: CostSearch.ladder, singles: false)
                if let crash = record.crash { cliffs.append(crashCliff(candidate, record, crash)); continue }
                guard let growth = record.growth else { continue }
                let (cliff, yardstick) = judge(candidate, record)
                report(growth, yardstick)
                if growth.exponent > (summary.worst?.growth.exponent ?? -.infinity) {
                    summary.worst = (candidate, growth)
                    summary.yardstick = yardstick ?? summary.yardstick
                }
                if let cliff {
                    let shrunk = shrink(cliff)
                    // One cliff per family, prelude and kind: the costliest, found first.
                    if !cliffs.contains(where: { $0.kind == shrunk.kind && $0.candidate.shape == shrunk.candidate.shape
                        && $0.candidate.prelude == shrunk.candidate.prelude }) {
                        cliffs.append(shrunk)
                    }
                }
            }
            // One finding per kind and candidate (a crash of the typical candidate is met
            // again when it is judged).
            var seen: Set<String> = []
            cliffs = cliffs.filter { seen.insert("\($0.kind.rawValue) \($0.candidate)").inserted }
            summary.cliffs = cliffs.count
            summary.probes = probes
            summary.seconds = (clock.now - started).seconds
            for cliff in cliffs { search.progress("CLIFF \(cliff.summary)") }
            return (cliffs, summary)
        }

        /// Prints a growth and what it was judged against.
        func report(_ growth: CostGrowth, _ yardstick: Cliff.Yardstick?) {
            let against = yardstick.map { "\(format($0.exponent)) (\($0.source))" } ?? "nothing"
            search.progress("\(strategy.name) \(step.name):   \(CostSearch.describe(growth)), against \(against)")
        }

        /// The median cost of `candidate`'s step for `strategy` at `nodes` (at least, when a
        /// step ran past its budget), or `nil`.
        mutating func nanoseconds(_ candidate: CostCandidate, _ strategy: any RowStrategy.Type, nodes: Int) -> Double? {
            probes += 1
            let probe = CostProbe(strategy: strategy.name, candidate: candidate, nodes: nodes, seed: seed)
            switch search.measure(probe, strategy, stopAt: end) {
            case .measured(let measurement): return measurement.loci.first?.nanoseconds
            case .slow(let lowerBound, _): return lowerBound
            case .crashed, .stopped: return nil
            }
        }

        /// `candidate` measured for `strategy` at each of `sizes` while the unit's time lasts
        /// (two decades at least), up to the first size whose step runs past its budget. When
        /// that leaves fewer than three exact costs, the sizes halfway (geometrically) between
        /// those measured are measured too, so that a slow step's growth has points to fit.
        mutating func grow(_ candidate: CostCandidate, _ strategy: any RowStrategy.Type, sizes: [Int], singles: Bool) -> GrowthRecord {
            var record = GrowthRecord()
            var points: [(size: Int, nanoseconds: Double, bound: Bool, points: [CostPoint])] = []
            var lastWall: Duration = .zero
            /// Measures one size; `false` when no larger size should be.
            func measure(_ size: Int) -> Bool {
                let perStep = points.last.map { $0.nanoseconds * Double(size) / Double($0.size) } ?? 1_000
                // At most about a quarter of a second of single steps.
                let singleCount = singles && size >= 10_000 ? min(CostSearch.singleSteps, max(64, Int(2.5e8 / max(perStep, 1)))) : 0
                let probe = CostProbe(strategy: strategy.name, candidate: candidate, nodes: size, seed: seed, singles: singleCount)
                probes += 1
                let start = clock.now
                let outcome = search.measure(probe, strategy, stopAt: end)
                lastWall = clock.now - start
                switch outcome {
                case .measured(let measurement):
                    guard let atLocus = measurement.loci.first else { return false }
                    points.append((measurement.nodes, max(atLocus.nanoseconds, 0.5), false, atLocus.points))
                    if !measurement.singles.isEmpty { record.singles.append((measurement.nodes, measurement.singles)) }
                    if let kept = measurement.keptBytesPerStep { record.kept.append(kept) }
                    return true
                case .slow(let lowerBound, _):
                    points.append((size, lowerBound, true, []))
                case .crashed(let crash):
                    record.crash = (size, crash.summary)
                case .stopped:
                    break
                }
                return false
            }
            for size in sizes where !outOfTime {
                if let last = points.last, size / sizes[0] > 1_000 {
                    let growth = CostGrowth(sizes: points.map(\.size), nanoseconds: points.map(\.nanoseconds))?.exponent ?? 1
                    let predicted = lastWall * (Double(size) / Double(last.size)) * max(1, growth)
                    // The typical candidate goes to the largest size whatever the unit's share
                    // (bounded by the whole search's end): a size threshold shows only there.
                    if candidate != .typical(step) && clock.now + predicted > deadline { break }
                }
                if !measure(size) { break }
            }
            if points.filter({ !$0.bound }).count < 3, points.last?.bound == true, record.crash == nil {
                let measured = points.map(\.size)
                for (small, large) in zip(measured, measured.dropFirst()) where !outOfTime {
                    let middle = Int((Double(small) * Double(large)).squareRoot().rounded())
                    if middle > small && middle < large { _ = measure(middle) }
                }
                points.sort { $0.size < $1.size }
            }
            record.points = points.map(\.points)
            record.growth = CostGrowth(sizes: points.map(\.size), nanoseconds: points.map(\.nanoseconds), lowerBounds: points.map(\.bound))
            return record
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { nanoseconds / 1e9 }
}
