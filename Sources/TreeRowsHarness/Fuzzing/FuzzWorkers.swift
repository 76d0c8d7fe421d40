import Foundation
import Synchronization
import TreeRows

/// Several ``Fuzzer``s at once, one per thread, each with a seed of its own derived from
/// the run's seed (``seed(of:base:)``), so that any worker's finding replays alone with
/// `--seed` set to that worker's seed and `--jobs 1`.
///
/// The first finding stops the other workers (they keep what they ran); so does the
/// caller's `shouldStop`.
public struct FuzzWorkers {
    /// The configuration of worker 0; the others differ in their seed, and share the
    /// operation budget.
    public var configuration: Fuzzer.Configuration
    /// The number of workers.
    public private(set) var jobs: Int
    public private(set) var strategies: [any RowStrategy.Type]
    public var recorded: [Tree]
    /// What tells each worker's live bytes (``Fuzzer/allocationCounter``), if anything.
    public var allocationCounter: (any AllocationCounter)?

    /// Creates `jobs` workers (at least one).
    public init(configuration: Fuzzer.Configuration, jobs: Int, strategies: [any RowStrategy.Type], recorded: [Tree] = Fuzzer.builtinRecorded) {
        self.configuration = configuration
        self.jobs = max(1, jobs)
        self.strategies = strategies
        self.recorded = recorded
    }

    /// The seed of worker `worker`: the run's seed for worker 0, a SplitMix64 draw from it
    /// for the others.
    public static func seed(of worker: Int, base: UInt64) -> UInt64 {
        guard worker > 0 else { return base }
        var random = SplitMix64(seed: base ^ (UInt64(worker) &* 0xD1B5_4A32_D192_ED03))
        return random.next()
    }

    /// The seeds of every worker, in order.
    package var seeds: [UInt64] { (0..<jobs).map { Self.seed(of: $0, base: configuration.seed) } }

    /// Each worker's fuzzer: its own seed, its share of the operation budget.
    package var fuzzers: [Fuzzer] {
        seeds.enumerated().map { worker, seed in
            var configuration = configuration
            configuration.seed = seed
            if configuration.operations != .max {
                configuration.operations = configuration.operations / jobs + (worker < configuration.operations % jobs ? 1 : 0)
            }
            var fuzzer = Fuzzer(configuration: configuration, strategies: strategies, recorded: recorded)
            fuzzer.allocationCounter = allocationCounter
            return fuzzer
        }
    }

    /// Runs every worker to the end and returns their outcomes, worker 0 first.
    ///
    /// - Parameters:
    ///   - shouldStop: Polled by every worker between operations (Ctrl-C).
    ///   - progress: Called now and then, from any worker's thread, with the operations
    ///     and cases of all workers together.
    public func run(
        shouldStop: @escaping @Sendable () -> Bool = { false }, progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) -> [Fuzzer.Outcome] {
        let state = SharedState(workers: jobs)
        let fuzzers = self.fuzzers
        let box = UncheckedBox(fuzzers)
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in
            let outcome = box.value[worker].run(shouldStop: { shouldStop() || state.found.load(ordering: .relaxed) }) { operations, cases in
                let total = state.report(worker: worker, operations: operations, cases: cases)
                progress(total.operations, total.cases)
            }
            if outcome.failure != nil { state.found.store(true, ordering: .relaxed) }
            state.outcomes.withLock { $0[worker] = UncheckedBox(outcome) }
        }
        return state.outcomes.withLock { $0.map { $0!.value } }
    }

    /// What the workers share: a found flag, their counts, their outcomes.
    private final class SharedState: Sendable {
        let found = Atomic<Bool>(false)
        let counts: Mutex<[(operations: Int, cases: Int)]>
        let outcomes: Mutex<[UncheckedBox<Fuzzer.Outcome>?]>

        init(workers: Int) {
            counts = Mutex(Array(repeating: (0, 0), count: workers))
            outcomes = Mutex(Array(repeating: nil, count: workers))
        }

        func report(worker: Int, operations: Int, cases: Int) -> (operations: Int, cases: Int) {
            counts.withLock { counts in
                counts[worker] = (operations, cases)
                return counts.reduce((0, 0)) { ($0.0 + $1.operations, $0.1 + $1.cases) }
            }
        }
    }
}

/// Hands a value to another thread that only reads it, or to which it is moved.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
