import Foundation
import TreeRows

/// What a strategy leaves allocated after its instance is gone: memory that builds up
/// across cases (an unbounded history in a global, a cache that never evicts, a retain
/// cycle) until the process runs out, whichever case happens to cross the limit.
///
/// Measured by running one case again and again in this process, each run a fresh
/// instance beside the reference, and reading this thread's live bytes
/// (``AllocationCounter/liveBytes()``, exact under jemalloc) before and after each run. The
/// same runs of the reference alone are subtracted, and the first run of each (lazy
/// globals, the runtime's caches) is left out. A strategy *retains* when the measured runs
/// left more bytes allocated than the reference's, in all of them but at most one (a
/// global array that grows by doubling allocates only now and then).
package struct RetainedMemory: Sendable, Hashable {
    /// The bytes each measured run left allocated beyond the reference's own run.
    package var perRun: [Int64]
    /// The case's operations.
    package var operations: Int

    /// Runs of each side, the first of which is not counted.
    package static let runs = 5

    /// Whether the strategy retains memory across runs (see the type's discussion).
    package var retains: Bool {
        perRun.reduce(0, +) > 0 && perRun.filter { $0 > 0 }.count >= max(1, perRun.count - 1)
    }

    /// The bytes a run retained, on average over the measured runs.
    package var bytesPerRun: Double { Double(perRun.reduce(0, +)) / Double(max(1, perRun.count)) }

    /// The bytes retained per operation of the case (per run when it has none).
    package var bytesPerOperation: Double { bytesPerRun / Double(max(1, operations)) }

    /// "retained 4160 bytes per operation (66560 bytes per run of its 16 operations, in each of 4 runs)".
    package var summary: String {
        let kept = perRun.filter { $0 > 0 }.count
        return "retained \(Self.bytes(bytesPerOperation)) per operation (\(Self.bytes(bytesPerRun)) per run of its \(operations)"
            + " operations, in \(kept) of \(perRun.count) runs after the first)"
    }

    /// Measures `strategy` on `fuzzCase`; `nil` when `counter` cannot tell live bytes.
    ///
    /// - Complexity: 2 · ``runs`` differential runs of the case.
    package static func measure(_ fuzzCase: FuzzCase, strategy: any RowStrategy.Type, counter: any AllocationCounter,
                                runs: Int = runs, observer: any StepObserver = SilentObserver()) -> RetainedMemory? {
        guard runs >= 2, counter.liveBytes() != nil else { return nil }
        func retained(_ strategies: [any RowStrategy.Type]) -> [Int64] {
            (0..<runs).map { _ in
                let before = counter.liveBytes() ?? 0
                _ = DifferentialRun.firstDisagreement(fuzzCase, strategies: strategies, observer: observer)
                return Int64(bitPattern: (counter.liveBytes() ?? 0) &- before)
            }.dropFirst().map { $0 }
        }
        let reference = retained([])
        let own = retained([strategy])
        return RetainedMemory(perRun: zip(own, reference).map { $0 - $1 }, operations: fuzzCase.operations.count)
    }

    /// The failure a strategy that retains is reported with, for a case of `operations` operations.
    package func disagreement(strategy: String, grew: String? = nil) -> Disagreement {
        var problem = "memory retained after the strategy's instance was released: \(summary); run again and again in one"
            + " process, as the fuzzer's cases are, it grows until the process runs out"
        if let grew { problem += " (\(grew))" }
        return Disagreement(strategy: strategy, operationIndex: operations - 1, problem: problem, expectedRows: [], actualRows: [],
                            diff: "", aspect: .retainedMemory, expected: "0 bytes per run", found: Self.bytes(bytesPerRun) + " per run")
    }

    /// ``disagreement(strategy:grew:)`` when the strategy ``retains``, `nil` otherwise: what a
    /// shrinker's candidate is kept for.
    package func failure(strategy: String, grew: String? = nil) -> Disagreement? {
        retains ? disagreement(strategy: strategy, grew: grew) : nil
    }

    /// Bytes as "4160 bytes", "1.5 MiB".
    static func bytes(_ value: Double) -> String {
        let mebibyte = 1_048_576.0
        if value >= mebibyte { return String(format: "%.1f MiB", value / mebibyte) }
        return "\(Int(value.rounded())) bytes"
    }
}

/// When a worker's live bytes at the start of a case have grown far enough past the least
/// seen that the strategies of its recent cases should be measured for retained memory
/// (``RetainedMemory``): a growth of ``threshold``, and as much again after each
/// measurement that blamed no one.
package struct RetentionWatch {
    /// The growth that starts a measurement.
    package let threshold: UInt64
    /// The least live bytes seen at a case's start (0 before the first).
    package var least: UInt64 { lowest ?? 0 }
    private var lowest: UInt64?
    private var nextProbe: UInt64 = 0

    package init(threshold: UInt64) { self.threshold = threshold }

    /// Takes in the live bytes at a case's start; `true` when the recent cases should be measured.
    ///
    /// - Complexity: O(1).
    package mutating func shouldMeasure(live: UInt64) -> Bool {
        guard let low = lowest else {
            lowest = live
            nextProbe = live &+ threshold
            return false
        }
        if live < low {
            lowest = live
            nextProbe = min(nextProbe, live &+ threshold)
        }
        guard live >= nextProbe else { return false }
        nextProbe = live &+ threshold
        return true
    }
}
