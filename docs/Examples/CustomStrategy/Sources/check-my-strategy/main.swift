import Foundation
import MyStrategy
import TreeRows
import TreeRowsHarness

// 1. Fuzz: small and large trees, adversarial operations, beside the reference.
let fuzzer = Fuzzer(configuration: Fuzzer.Configuration(seed: 1, operations: 20_000), strategies: [MyStrategy.self])
let outcome = fuzzer.run()
if let failure = outcome.failure {
    // A shrunk, replayable case: save it and replay it while you fix the bug.
    let repro = ReproFile(fuzzCase: failure.shrunk, strategy: MyStrategy.name, seed: 1,
                          caseNumber: failure.caseNumber, disagreement: failure.disagreement)
    print("disagreement: \(failure.disagreement.problem)\n\(repro.json)")
    exit(1)
}
print("fuzz: \(outcome.operations) operations, \(Int(outcome.operationsPerSecond)) operations/s, no disagreement")

// 2. Lock-step on a bigger tree of your own, with timings.
var tree = Tree()
for index in 0..<2_000 {
    let parent = index < 50 ? Tree.root : NodeIndex(Int32(index / 3))
    try tree.append(.integer(Int64(index)), under: parent)
}
var checker = LockstepChecker(tree: tree, strategies: [MyStrategy.self], seed: 1)
for report in checker.run(operations: 1_000) {
    print("\(report.strategy): \(report.disagreements) disagreements, median \(Int(report.summary()?.medianNanoseconds ?? 0)) ns")
    if report.disagreements > 0 { exit(1) }
}

// 3. Benchmark it beside the built-in strategies, on the same inputs (use a release build).
let runner = BenchmarkRunner(
    configuration: BenchmarkRunner.Configuration(operations: [.toggleRandom, .rowAtRandom], repetitions: 50),
    strategies: [ReferenceStrategy.self, RangeCountsStrategy.self, MyStrategy.self], allocations: nil)
for result in runner.run(corpus: "my-tree", tree: tree) {
    print("\(result.operation) \(result.strategy): median \(Int(result.medianNanoseconds)) ns, correct: \(result.correct)")
    if !result.correct { exit(1) }
}
