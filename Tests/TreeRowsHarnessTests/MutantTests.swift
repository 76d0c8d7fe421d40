import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// The fuzzer's small tier catches every classic mutant and shrinks it to at most 8 nodes
/// and 4 operations (the default configuration, both tiers, is `ScaleMutantTests`).
@Suite struct MutantTests {
    static let classic = Mutants.all.filter { mutant in
        !(Mutants.threshold + Mutants.parameter).contains { $0 == mutant }
    }

    @Test(arguments: MutantTests.classic.map { $0.name })
    func fuzzerCatchesAndShrinks(_ name: String) throws {
        let mutant = try #require(Mutants.all.first { $0.name == name })
        let finding = try MutantExpectations.caught(mutant, Fuzzer.Configuration(largeShare: 0))
        MutantExpectations.expectShrunk(finding, mutant, nodes: 8, operations: 4)
    }

    @Test("No built-in strategy disagrees on a fuzz run with both tiers")
    func builtinStrategiesPass() {
        let configuration = Fuzzer.Configuration(seed: 7, operations: 4_000, timeLimit: nil)
        let outcome = Fuzzer(configuration: configuration, strategies: BuiltinStrategies.all).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0.disagreement)" } ?? "")")
        #expect(outcome.operations == 4_000)
        #expect(outcome.tiers[.large]!.cases >= 1 && outcome.tiers[.small]!.cases >= 1)
    }
}

/// The fuzzer with its default configuration (60 seconds, a quarter of them on large
/// cases) catches every mutant, and shrinks each within a minute: a classic one to at most
/// 12 nodes and operations together, one of the new families to at most twice the
/// smallest case that shows its bug. These need release speed: they run
/// when the invariant checks are off (`swift test -c release`, which `.ci/test` runs).
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ScaleMutantTests"))
struct ScaleMutantTests {
    /// The smallest case (nodes plus operations) that shows each bug, known by construction.
    static let smallest: [MutantBug: Int] = [
        .rowIndexIn16Bits: 65_537, .depthIn16Bits: 65_537, .childPositionIn16Bits: 65_537, .blockLengthIn16Bits: 65_538,
        .rowsIn20Bits: 1_048_577, .offsetsIn32Bits: (1 << 31) / 10_239 + 1, .compactionAfter400Changes: 403,
        .insertDropsTime: 3, .sortReloadReportsMoves: 3, .emptyPageKeepsLoadMoreRow: 2, .reusedIDStaysHidden: 3,
        .loadMoreRowRepliesLeft: 3, .pageAfterSortMisplaced: 3, .rowAtOffsetMidpoint: 2,
    ]

    @Test(arguments: Mutants.all.map { $0.name })
    func fuzzerCatchesAndShrinks(_ name: String) throws {
        let mutant = try #require(Mutants.all.first { $0.name == name })
        let bug = try #require(MutantBug(rawValue: String(name.dropFirst("mutant-".count))))
        var configuration = Fuzzer.Configuration()
        // A bound on the shrunk size is what is tested: shrinking ends when it is met (most
        // threshold mutants' cases meet it in seconds, one as found), not at its minute.
        configuration.shrinkGoal = Self.smallest[bug].map { max(2 * $0, 12) }
        let finding = try MutantExpectations.caught(mutant, configuration)
        #expect(finding.shrinkElapsed <= .seconds(65), "\(name): shrinking took \(finding.shrinkElapsed)")
        print("\(name): caught in case \(finding.caseNumber) (\(finding.scenario?.rawValue ?? "small")), shrunk from "
            + "\(finding.found.nodes.count)+\(finding.found.operations.count) to \(finding.shrunk.nodes.count)+\(finding.shrunk.operations.count) in \(finding.shrinkElapsed)")
        guard let smallest = Self.smallest[bug] else {
            // A classic bug found in a long case needs a few inserts to build its siblings.
            #expect(finding.shrunk.size <= 12, "\(name): shrunk to \(finding.shrunk.nodes.count)+\(finding.shrunk.operations.count)")
            MutantExpectations.expectShrunk(finding, mutant, nodes: 8, operations: 8)
            return
        }
        let bound = 2 * smallest
        let sizes = "\(finding.shrunk.nodes.count) nodes and \(finding.shrunk.operations.count) operations"
        #expect(finding.shrunk.size <= max(bound, 12), "\(name): shrunk to \(sizes); the smallest case has \(Self.smallest[bug] ?? 0)")
        MutantExpectations.expectShrunk(finding, mutant, nodes: .max, operations: .max)
    }
}

/// What every mutant test checks.
enum MutantExpectations {
    /// The finding of a fuzz run on `mutant` alone.
    static func caught(_ mutant: any RowStrategy.Type, _ configuration: Fuzzer.Configuration) throws -> Fuzzer.Finding {
        let outcome = Fuzzer(configuration: configuration, strategies: [mutant]).run()
        return try #require(outcome.failure, "\(mutant.name) survived \(outcome.operations) operations in \(outcome.elapsed)")
    }

    /// The shrunk case is at most `nodes` nodes and `operations` operations, no larger than
    /// the found one, still breaks the mutant (replayed strictly too) and breaks no built-in
    /// strategy.
    static func expectShrunk(_ finding: Fuzzer.Finding, _ mutant: any RowStrategy.Type, nodes: Int, operations: Int) {
        let repro = { ReproFile(fuzzCase: finding.shrunk, strategy: mutant.name, seed: 1, caseNumber: finding.caseNumber,
                                disagreement: finding.disagreement).json.prefix(3_000) }
        #expect(finding.shrunk.nodes.count <= nodes, "\(repro())")
        #expect(finding.shrunk.operations.count <= operations, "\(repro())")
        #expect(finding.shrunk.nodes.count <= finding.found.nodes.count && finding.shrunk.operations.count <= finding.found.operations.count)
        #expect(DifferentialRun.firstDisagreement(finding.shrunk, strategies: [mutant])?.strategy == mutant.name)
        // As its repro file replays it: strictly, every operation applying as written.
        #expect((try? DifferentialRun.replay(finding.shrunk, strategies: [mutant]))?.strategy == mutant.name, "\(repro())")
        #expect(DifferentialRun.firstDisagreement(finding.shrunk, strategies: BuiltinStrategies.all) == nil)
    }
}
