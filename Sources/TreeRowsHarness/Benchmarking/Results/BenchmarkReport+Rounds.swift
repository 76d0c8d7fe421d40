import TreeRowsCorpora

extension BenchmarkReport {
    /// One report standing for several rounds of the same bench (same build, corpora,
    /// operations and seed), in which the round is the unit a test counts on: each cell's
    /// samples are the rounds' medians, one per round, so that what differs from one process
    /// to the next (memory layout, a neighbour's load that lasts a round) is in the spread the
    /// test sees, not taken for a change.
    ///
    /// A cell is kept when every round has it. It is wrong when any round found it wrong,
    /// crashed when any round saw it crash (that round's crash), and takes the largest
    /// allocation figures of its rounds; its median, p90 and p99 are the medians of its rounds'.
    ///
    /// When the base's and the head's rounds were taken in pairs (`gate`'s sides taking
    /// turns), `pairing` names that gate in both combined reports, and a cell's samples keep
    /// the rounds' order (a cell some round did not measure keeps none), so that
    /// ``BenchmarkComparison`` compares each round's head with the same round's base.
    ///
    /// - Parameters:
    ///   - rounds: The rounds' reports, at least one.
    ///   - pairing: The gate's name for the pairs of rounds, or `nil`.
    /// - Complexity: O(*r* *c* + *c* *r* log *r*) for *r* rounds of *c* cells.
    public static func combining(rounds: [BenchmarkReport], pairing: String? = nil) -> BenchmarkReport {
        guard let first = rounds.first else { return BenchmarkReport(machine: [], results: [], exponents: []) }
        let byRound: [[BenchmarkCellKey: BenchmarkResult]] = rounds.map { round in
            Dictionary(round.results.map { (BenchmarkCellKey($0), $0) }, uniquingKeysWith: { first, _ in first })
        }
        var results: [BenchmarkResult] = []
        for template in first.results {
            let key = BenchmarkCellKey(template)
            let cells = byRound.compactMap { $0[key] }
            guard cells.count == rounds.count else { continue }
            var cell = template
            let measured = cells.filter { $0.samples > 0 && $0.crash == nil }
            // Paired rounds: a round missing from one cell would pair the wrong rounds.
            let medians = pairing != nil && measured.count < cells.count ? [] : measured.map(\.medianNanoseconds)
            cell.samples = medians.count
            cell.medianNanoseconds = BenchmarkSamples.median(of: medians)
            cell.p90Nanoseconds = BenchmarkSamples.median(of: measured.map(\.p90Nanoseconds))
            cell.p99Nanoseconds = BenchmarkSamples.median(of: measured.map(\.p99Nanoseconds))
            cell.distribution = medians.isEmpty ? nil : BenchmarkSamples(batch: template.distribution?.batch ?? 1, nanoseconds: medians)
            cell.correct = cells.allSatisfy(\.correct)
            if let crashed = cells.first(where: { $0.crash != nil }) {
                cell.crash = crashed.crash
                cell.crashStep = crashed.crashStep
            }
            cell.allocationsPerOperation = cells.compactMap(\.allocationsPerOperation).max()
            cell.bytesPerOperation = cells.compactMap(\.bytesPerOperation).max()
            cell.instructionsPerOperation = cells.compactMap(\.instructionsPerOperation).max()
            cell.firstLevelMissesPerOperation = cells.compactMap(\.firstLevelMissesPerOperation).max()
            cell.lastLevelMissesPerOperation = cells.compactMap(\.lastLevelMissesPerOperation).max()
            results.append(cell)
        }
        return BenchmarkReport(machine: first.machine.filter { $0.key != "rounds" && $0.key != pairingKey } + [("rounds", .integer(rounds.count))]
                                   + (pairing.map { [(pairingKey, .string($0))] } ?? []),
                               results: results, exponents: first.exponents)
    }

    /// The cells that some of `rounds` hold and others lack, each with the rounds (1-based)
    /// that lack it, in the order the cells first appear: ``combining(rounds:pairing:)``
    /// keeps only the cells every round has, so a caller that gates must fail these.
    ///
    /// - Complexity: O(*r* *c*) expected for *r* rounds of *c* cells.
    public static func cellsMissing(fromRounds rounds: [BenchmarkReport]) -> [(cell: String, rounds: [Int])] {
        let keysOfRound = rounds.map { Set($0.results.map(BenchmarkCellKey.init)) }
        var seen = Set<BenchmarkCellKey>()
        var missing: [(cell: String, rounds: [Int])] = []
        for round in rounds {
            for result in round.results where seen.insert(BenchmarkCellKey(result)).inserted {
                let key = BenchmarkCellKey(result)
                let lacking = keysOfRound.indices.filter { !keysOfRound[$0].contains(key) }.map { $0 + 1 }
                if !lacking.isEmpty { missing.append((key.description, lacking)) }
            }
        }
        return missing
    }

    /// The separate runs (processes) this report stands for: the rounds it combines
    /// (``combining(rounds:pairing:)``), or 1 for one bench's own results, whose samples all
    /// come from one process. A report that claims rounds but keeps more samples in a cell
    /// than it has rounds is one run's file with an edited header: 1.
    ///
    /// - Complexity: O(*c*) for *c* cells.
    public var runs: Int {
        guard let rounds = machine.first(where: { $0.key == "rounds" })?.value.integer, rounds >= 2,
              results.allSatisfy({ $0.samples <= rounds && ($0.distribution?.nanoseconds.count ?? 0) <= rounds }) else { return 1 }
        return Int(clamping: rounds)
    }

    /// Every cell's timed samples, in the report's order: two separate runs never time the
    /// same samples, so two reports with equal ones are one run given twice (a copy, or a
    /// file named twice); `nil` when no cell kept samples.
    ///
    /// - Complexity: O(*c* *s*) for *c* cells of *s* samples.
    package var timedSamples: [[Double]]? {
        let samples = results.map { $0.distribution?.nanoseconds ?? [] }
        return samples.allSatisfy(\.isEmpty) ? nil : samples
    }

    /// The machine entry that names the gate whose paired rounds a combined report holds.
    static let pairingKey = "pairedRounds"

    /// The gate whose paired rounds this report combines, if it does.
    public var pairing: String? {
        guard case .string(let name)? = machine.first(where: { $0.key == Self.pairingKey })?.value else { return nil }
        return name
    }

    /// The `machine` member that says a bench took turns with a gate's other side.
    package static let tookTurnsKey = "tookTurns"

    /// Whether this report's bench took turns with a gate's other side (see ``AlternatingTurns``).
    package var tookTurns: Bool {
        guard case .bool(let value)? = machine.first(where: { $0.key == Self.tookTurnsKey })?.value else { return false }
        return value
    }
}
