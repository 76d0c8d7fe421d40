import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// The fuzzer, with default settings, catches every mutant within 10,000 operations and
/// shrinks each to at most 8 nodes and 4 operations.
@Suite struct MutantTests {
    @Test(arguments: MutantBug.allCases)
    func fuzzerCatchesAndShrinks(_ bug: MutantBug) throws {
        let mutant = try #require(Mutants.all.first { $0.name == "mutant-" + bug.rawValue })
        let fuzzer = Fuzzer(configuration: Fuzzer.Configuration(), strategies: [mutant], recorded: RecordedSamples.trees)
        let outcome = fuzzer.run()
        let failure = try #require(outcome.failure, "\(bug.rawValue) survived \(outcome.operations) operations")
        #expect(outcome.operations <= 10_000)
        #expect(failure.shrunk.nodes.count <= 8, "\(ReproFile(fuzzCase: failure.shrunk, strategy: mutant.name, seed: 1, caseNumber: failure.caseNumber, disagreement: failure.disagreement).json)")
        #expect(failure.shrunk.operations.count <= 4, "\(ReproFile(fuzzCase: failure.shrunk, strategy: mutant.name, seed: 1, caseNumber: failure.caseNumber, disagreement: failure.disagreement).json)")
        // The shrunk case still breaks the mutant and no built-in strategy.
        #expect(DifferentialRun.firstDisagreement(failure.shrunk, strategies: [mutant])?.strategy == mutant.name)
        #expect(DifferentialRun.firstDisagreement(failure.shrunk, strategies: BuiltinStrategies.all) == nil)
    }

    @Test("No built-in strategy disagrees on a default fuzz run")
    func builtinStrategiesPass() {
        let outcome = Fuzzer(configuration: Fuzzer.Configuration(seed: 7), strategies: BuiltinStrategies.all,
                             recorded: RecordedSamples.trees).run()
        #expect(outcome.failure == nil, "\(outcome.failure.map { "\($0.disagreement)" } ?? "")")
        #expect(outcome.operations == 10_000)
    }
}
