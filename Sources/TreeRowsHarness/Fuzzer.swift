import TreeRows

/// The differential fuzzer: random small trees and adversarial operation sequences through
/// every strategy beside the reference, with the full ``StepCheck`` after every operation;
/// the first disagreement is shrunk to a minimal case.
public struct Fuzzer {
    /// What to run.
    public struct Configuration: Sendable {
        /// The seed from which every tree and operation flows.
        public var seed: UInt64
        /// Stop after this many operations in total.
        public var operations: Int
        /// Stop after this long, if set.
        public var timeLimit: Duration?
        /// The largest tree drawn.
        public var maximumNodes: Int
        /// Operations per case (per tree).
        public var operationsPerCase: Int

        /// The defaults: seed 1, 10,000 operations, trees of up to 32 nodes, 16 operations a case.
        public init(seed: UInt64 = 1, operations: Int = 10_000, timeLimit: Duration? = nil, maximumNodes: Int = 32,
                    operationsPerCase: Int = 16) {
            self.seed = seed
            self.operations = operations
            self.timeLimit = timeLimit
            self.maximumNodes = maximumNodes
            self.operationsPerCase = operationsPerCase
        }
    }

    /// What a run found.
    public struct Outcome: Sendable {
        /// Operations performed (on every strategy).
        public var operations: Int
        /// Cases (trees) started.
        public var cases: Int
        /// Wall-clock time of the run, without shrinking.
        public var elapsed: Duration
        /// The first disagreement: the case as found, the shrunk case and its disagreement.
        public var failure: (found: FuzzCase, shrunk: FuzzCase, disagreement: Disagreement, caseNumber: Int)?
        /// Whether `shouldStop` ended the run early.
        public var wasStopped: Bool

        /// Operations per second, all strategies together.
        public var operationsPerSecond: Double {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            return seconds > 0 ? Double(operations) / seconds : 0
        }
    }

    public var configuration: Configuration
    public var strategies: [any RowStrategy.Type]
    /// Recorded trees to cut subtrees from (may be empty).
    public var recorded: [Tree]

    /// Creates a fuzzer for `strategies` (the reference is always the oracle).
    public init(configuration: Configuration, strategies: [any RowStrategy.Type], recorded: [Tree] = []) {
        self.configuration = configuration
        self.strategies = strategies.filter { $0 != ReferenceStrategy.self }
        self.recorded = recorded
    }

    /// Runs until the operation budget, the time limit, `shouldStop` or a disagreement.
    ///
    /// - Parameters:
    ///   - shouldStop: Polled between operations (Ctrl-C).
    ///   - progress: Called every 1,024 operations with operations and cases so far.
    public func run(shouldStop: () -> Bool = { false }, progress: (Int, Int) -> Void = { _, _ in }) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        var sampler = FuzzTreeSampler(seed: configuration.seed, maximumNodes: configuration.maximumNodes, recorded: recorded)
        var seeds = SplitMix64(seed: configuration.seed ^ 0x0F0F_F0F0_1234_5678)
        var operations = 0
        var cases = 0
        var stopped = false
        run: while operations < configuration.operations {
            if let limit = configuration.timeLimit, clock.now - start >= limit { break }
            let tree = sampler.next()
            cases += 1
            var fuzzCase = FuzzCase(tree: tree)
            var reference = ReferenceStrategy(tree: tree)
            var states: [any RowStrategy] = strategies.map { $0.init(tree: tree) }
            var generator = FuzzOperationGenerator(seed: seeds.next())
            for _ in 0..<configuration.operationsPerCase where operations < configuration.operations {
                if shouldStop() {
                    stopped = true
                    break run
                }
                let operation = generator.next(for: reference)
                fuzzCase.operations.append(FuzzOperation(operation, in: reference.tree))
                let oldRows = reference.rows
                let referenceDiff = try! reference.perform(operation)
                generator.performed(operation)
                let newRows = reference.rows
                operations += 1
                if operations % 1024 == 0 { progress(operations, cases) }
                for index in states.indices {
                    let diff = Self.step(&states[index], operation)
                    if StepCheck.check(states[index], diff: diff, referenceDiff: referenceDiff, oldRows: oldRows,
                                       newRows: newRows, full: true) != nil {
                        let elapsed = clock.now - start
                        let strategy = type(of: states[index])
                        let (shrunk, disagreement) = Shrinker.shrink(fuzzCase, strategy: strategy)
                        return Outcome(operations: operations, cases: cases, elapsed: elapsed,
                                       failure: (fuzzCase, shrunk, disagreement, cases), wasStopped: false)
                    }
                }
            }
        }
        return Outcome(operations: operations, cases: cases, elapsed: clock.now - start, failure: nil, wasStopped: stopped)
    }

    private static func step<S: RowStrategy>(_ strategy: inout S, _ operation: TreeOperation) -> RowDiff {
        try! strategy.perform(operation)
    }
}
