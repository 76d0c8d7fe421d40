import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// Shrinking never traps, and always returns a case that still fails (replayed strictly, as
/// from its repro file) and is no larger than the one it got: for the findings of every classic and parameter mutant on 40 seeds each
/// (about 600 shrinks, small tier). The large tier's findings, up to a million nodes, get
/// the same checks in `ScaleMutantTests`. At release speed (`.ci/test`'s release stage):
/// the property is the shrinker's, and at debug speed these shrinks cost two minutes.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ShrinkerPropertyTests"))
struct ShrinkerPropertyTests {
    static let mutants = Mutants.all.filter { mutant in !Mutants.threshold.contains { $0 == mutant } }

    @Test(arguments: ShrinkerPropertyTests.mutants.map { $0.name })
    func shrunkCasesStillFailAndAreNoLarger(_ name: String) throws {
        let mutant = try #require(Mutants.all.first { $0.name == name })
        var findings = 0
        for seed in UInt64(1)...40 {
            let configuration = Fuzzer.Configuration(seed: seed, operations: 3_000, timeLimit: nil, largeShare: 0,
                                                     shrinkTimeLimit: .seconds(20))
            guard let finding = Fuzzer(configuration: configuration, strategies: [mutant], recorded: []).run().failure else { continue }
            findings += 1
            let replay = "seed \(seed): treerows replay of \(ReproFile(fuzzCase: finding.shrunk, strategy: name, seed: seed, caseNumber: finding.caseNumber, disagreement: finding.disagreement).json.prefix(2_000))"
            #expect(finding.shrunk.nodes.count <= finding.found.nodes.count, "\(replay)")
            #expect(finding.shrunk.operations.count <= finding.found.operations.count, "\(replay)")
            #expect(DifferentialRun.firstDisagreement(finding.shrunk, strategies: [mutant])?.strategy == name, "\(replay)")
            // As its repro file replays it: strictly, every operation applying as written.
            #expect(try DifferentialRun.replay(finding.shrunk, strategies: [mutant])?.strategy == name, "\(replay)")
            // Shrinking a shrunk case again keeps it failing and no larger.
            let again = try #require(Shrinker.shrink(finding.shrunk, strategy: mutant, timeLimit: .seconds(5)), "\(replay)")
            #expect(again.0.size <= finding.shrunk.size, "\(replay)")
        }
        #expect(findings >= 33, "\(name): only \(findings) of 40 seeds found it")
    }
}
