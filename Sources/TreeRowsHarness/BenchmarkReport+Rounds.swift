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
    /// - Parameter rounds: The rounds' reports, at least one.
    /// - Complexity: O(*r* *c* + *c* *r* log *r*) for *r* rounds of *c* cells.
    public static func combining(rounds: [BenchmarkReport]) -> BenchmarkReport {
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
            let medians = measured.map(\.medianNanoseconds)
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
        return BenchmarkReport(machine: first.machine.filter { $0.key != "rounds" } + [("rounds", .integer(rounds.count))],
                               results: results, exponents: first.exponents)
    }
}
