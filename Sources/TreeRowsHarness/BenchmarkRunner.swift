import Foundation
import Histogram
import TreeRows

/// Measures strategies side by side: every cell (strategy × corpus × operation) gets the
/// same prepared inputs; strategies take turns sample by sample (in rotating order) so
/// machine drift hits all alike; warm-up samples are discarded; results are consumed so
/// the optimizer cannot drop work; allocations are counted in a separate pass; and every
/// cell ends with a correctness check (a wrong strategy is reported as wrong, not fast).
public struct BenchmarkRunner {
    /// What to measure.
    public struct Configuration: Sendable {
        public var operations: [BenchmarkOperation]
        /// Timed samples per strategy and cell (fewer if the budget runs out).
        public var repetitions: Int
        /// Untimed samples first.
        public var warmup: Int
        /// Time a strategy may spend on one cell before it stops sampling.
        public var budget: Duration
        /// The seed of every input.
        public var seed: UInt64

        public init(operations: [BenchmarkOperation] = BenchmarkOperation.defaults, repetitions: Int = 200, warmup: Int = 5,
                    budget: Duration = .milliseconds(250), seed: UInt64 = 1) {
            self.operations = operations
            self.repetitions = repetitions
            self.warmup = warmup
            self.budget = budget
            self.seed = seed
        }
    }

    public var configuration: Configuration
    public var strategies: [any RowStrategy.Type]
    public var allocations: (any AllocationCounter)?

    /// Creates a runner; `strategies` should include the reference for ratios to it.
    public init(configuration: Configuration, strategies: [any RowStrategy.Type], allocations: (any AllocationCounter)?) {
        self.configuration = configuration
        self.strategies = strategies
        self.allocations = allocations
    }

    /// Queries answer in nanoseconds: time them in batches so the clock does not dominate.
    static func batch(_ operation: BenchmarkOperation) -> Int {
        operation == .rowAtRandom || operation == .indexOfRandom ? 64 : 1
    }

    /// Measures every operation on `tree` (named `corpus`), calling `progress` after each cell.
    public func run(corpus: String, tree: Tree, progress: (String) -> Void = { _ in }) -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        for (offset, operation) in configuration.operations.enumerated() {
            results += measure(operation, corpus: corpus, tree: tree, seed: configuration.seed &+ UInt64(offset))
            progress("\(corpus) \(operation.rawValue)")
        }
        return results
    }

    /// One strategy's state in a cell.
    private struct Lane {
        var state: any RowStrategy
        /// The tree as the operations performed so far should have left it.
        var expected: Tree
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var samples = 0
        var spent: Duration = .zero
        var next = 0
    }

    private func measure(_ operation: BenchmarkOperation, corpus: String, tree: Tree, seed: UInt64) -> [BenchmarkResult] {
        let batch = Self.batch(operation)
        let allocationSamples = 16
        let wanted = (configuration.warmup + configuration.repetitions + allocationSamples) * batch
        let rowCount = ReferenceStrategy.walk(tree).count
        let workload = BenchmarkWorkload(operation, tree: tree, rowCount: rowCount, count: wanted, seed: seed)
        var lanes = strategies.map { Lane(state: $0.init(tree: tree), expected: tree) }
        for index in lanes.indices { lanes[index].histogram.autoResize = true }
        let clock = ContinuousClock()
        var sink = 0
        // Timed samples, strategies taking turns in rotating order.
        let rounds = min(configuration.warmup + configuration.repetitions, workload.inputs.count / batch)
        for round in 0..<rounds {
            for turn in lanes.indices {
                let index = (turn + round) % lanes.count
                guard lanes[index].spent < configuration.budget else { continue }
                let inputs = workload.inputs[lanes[index].next..<lanes[index].next + batch]
                lanes[index].next += batch
                Self.prepare(operation, &lanes[index])
                let start = clock.now
                sink &+= Self.perform(operation, inputs, &lanes[index].state, tree: tree)
                let elapsed = clock.now - start
                for input in inputs { Self.apply(operation, input, to: &lanes[index].expected) }
                if round >= configuration.warmup {
                    lanes[index].histogram.record(UInt64(max(1, elapsed.nanoseconds / Double(batch))))
                    lanes[index].samples += 1
                    lanes[index].spent += elapsed
                }
            }
        }
        // Allocations, in a pass of their own (reading jemalloc's counters flushes its caches).
        var allocationFigures: [(Double, Double)?] = []
        for index in lanes.indices {
            guard let counter = allocations else {
                allocationFigures.append(nil)
                continue
            }
            let available = (workload.inputs.count - lanes[index].next) / batch
            let count = min(available, max(1, min(allocationSamples, lanes[index].samples)))
            guard count > 0 else {
                allocationFigures.append(nil)
                continue
            }
            var allocationTotal: UInt64 = 0
            var byteTotal: UInt64 = 0
            for _ in 0..<count {
                let inputs = workload.inputs[lanes[index].next..<lanes[index].next + batch]
                lanes[index].next += batch
                Self.prepare(operation, &lanes[index])
                let allocationsBefore = counter.allocations()
                let bytesBefore = counter.allocatedBytes()
                sink &+= Self.perform(operation, inputs, &lanes[index].state, tree: tree)
                byteTotal += counter.allocatedBytes() - bytesBefore
                allocationTotal += counter.allocations() - allocationsBefore
                for input in inputs { Self.apply(operation, input, to: &lanes[index].expected) }
            }
            let overhead = Self.counterOverhead(counter, operation, &lanes[index].state, tree: tree)
            let operations = Double(count * batch)
            allocationFigures.append((max(0, Double(allocationTotal) - Double(count) * overhead.allocations) / operations,
                                      max(0, Double(byteTotal) - Double(count) * overhead.bytes) / operations))
        }
        BenchmarkSink.consume(sink)
        let peak = ResidentMemory.peakBytes()
        var results: [BenchmarkResult] = []
        for (index, lane) in lanes.enumerated() {
            let median = Double(lane.histogram.valueAtPercentile(50))
            results.append(BenchmarkResult(
                strategy: type(of: lane.state).name, corpus: corpus, nodes: tree.nodeCount, operation: operation.rawValue,
                samples: lane.samples, medianNanoseconds: median, p90Nanoseconds: Double(lane.histogram.valueAtPercentile(90)),
                p99Nanoseconds: Double(lane.histogram.valueAtPercentile(99)),
                operationsPerSecond: lane.samples == 0 ? 0 : Double(lane.samples * batch) / (lane.spent.nanoseconds / 1e9),
                allocationsPerOperation: allocationFigures[index]?.0, bytesPerOperation: allocationFigures[index]?.1,
                peakResidentBytes: peak, ratioToReference: nil, ratioToFastest: nil,
                correct: Self.isCorrect(lane.state, expected: lane.expected, operation: operation, workload: workload)))
        }
        let referenceMedian = results.first { $0.strategy == ReferenceStrategy.name }?.medianNanoseconds
        let fastest = results.filter(\.correct).map(\.medianNanoseconds).min()
        for index in results.indices {
            if let referenceMedian, referenceMedian > 0 { results[index].ratioToReference = results[index].medianNanoseconds / referenceMedian }
            if let fastest, fastest > 0 { results[index].ratioToFastest = results[index].medianNanoseconds / fastest }
        }
        return results
    }

    /// What the bracket itself allocates (counter readings and the call), measured on the
    /// same bracket around zero inputs.
    private static func counterOverhead(_ counter: any AllocationCounter, _ operation: BenchmarkOperation,
                                        _ state: inout any RowStrategy, tree: Tree) -> (allocations: Double, bytes: Double) {
        var fewest = (allocations: UInt64.max, bytes: UInt64.max)
        for _ in 0..<3 {
            let allocationsBefore = counter.allocations()
            let bytesBefore = counter.allocatedBytes()
            BenchmarkSink.consume(perform(operation, [], &state, tree: tree))
            let bytes = counter.allocatedBytes() - bytesBefore
            fewest = (min(fewest.allocations, counter.allocations() - allocationsBefore), min(fewest.bytes, bytes))
        }
        return (Double(fewest.allocations), Double(fewest.bytes))
    }

    /// The untimed step before a sample: expand-all starts from all collapsed, collapse-all
    /// from all expanded.
    private static func prepare(_ operation: BenchmarkOperation, _ lane: inout Lane) {
        switch operation {
        case .expandAll:
            _ = lane.state.collapseAll()
            lane.expected.setExpandedInSubtree(of: Tree.root, false)
        case .collapseAll:
            _ = lane.state.expandAll()
            lane.expected.setExpandedInSubtree(of: Tree.root, true)
        default: break
        }
    }

    /// The timed work of one sample; the result is folded into a checksum that is consumed.
    private static func perform(
        _ operation: BenchmarkOperation, _ inputs: ArraySlice<BenchmarkWorkload.Input>, _ state: inout any RowStrategy, tree: Tree
    ) -> Int {
        run(operation, inputs, &state, tree: tree)
    }

    /// The loop of ``perform(_:_:_:tree:)`` on the opened strategy type (no captured context).
    private static func run<S: RowStrategy>(
        _ operation: BenchmarkOperation, _ inputs: ArraySlice<BenchmarkWorkload.Input>, _ strategy: inout S, tree: Tree
    ) -> Int {
            var checksum = 0
            for input in inputs {
                switch (operation, input) {
                case (.build, _): checksum &+= S(tree: tree).rowCount
                case (.toggleRandom, .node(let node)), (.toggleHeavy, .node(let node)), (.toggleDeep, .node(let node)):
                    checksum &+= strategy.toggle(node).deletedCount
                case (.expandAll, _): checksum &+= strategy.expandAll().insertedCount
                case (.collapseAll, _): checksum &+= strategy.collapseAll().deletedCount
                case (.rowAtRandom, .row(let row)): checksum &+= Int(strategy.row(at: row).node.rawValue)
                case (.indexOfRandom, .node(let node)): checksum &+= strategy.index(of: node) ?? -1
                case let (.insertReply, .insert(id, parent, position)):
                    checksum &+= (try? strategy.insert(id, under: parent, at: position))?.insertedCount ?? -1
                case (.removeSubtree, .node(let node)): checksum &+= strategy.remove(node).deletedCount
                default: break
                }
            }
            return checksum
    }

    /// The same change on a bare tree, for the correctness check.
    private static func apply(_ operation: BenchmarkOperation, _ input: BenchmarkWorkload.Input, to tree: inout Tree) {
        switch (operation, input) {
        case (.toggleRandom, .node(let node)), (.toggleHeavy, .node(let node)), (.toggleDeep, .node(let node)):
            tree.setExpanded(node, !tree.isExpanded(node))
        case (.expandAll, _): tree.setExpandedInSubtree(of: Tree.root, true)
        case (.collapseAll, _): tree.setExpandedInSubtree(of: Tree.root, false)
        case let (.insertReply, .insert(id, parent, position)): _ = try? tree.insert(id, under: parent, at: position)
        case (.removeSubtree, .node(let node)): tree.removeSubtree(node)
        default: break
        }
    }

    /// The strategy's rows equal the reference's rows of the expected tree, its answers to
    /// sampled queries are right, and its invariants hold.
    private static func isCorrect(
        _ state: any RowStrategy, expected: Tree, operation: BenchmarkOperation, workload: BenchmarkWorkload
    ) -> Bool {
        func check<S: RowStrategy>(_ strategy: S) -> Bool {
            let rows = ReferenceStrategy.walk(expected)
            guard strategy.tree.nodeCount == expected.nodeCount, strategy.rowCount == rows.count,
                  strategy.rows(in: 0..<rows.count) == rows else { return false }
            var position: [NodeIndex: Int] = [:]
            for (index, row) in rows.enumerated() { position[row.node] = index }
            for input in workload.inputs.prefix(64) {
                switch input {
                case .row(let row) where row < rows.count: if strategy.row(at: row) != rows[row] { return false }
                case .node(let node) where expected.contains(node): if strategy.index(of: node) != position[node] { return false }
                default: break
                }
            }
            do { try strategy.checkInvariants() } catch { return false }
            return true
        }
        return check(state)
    }
}

/// Keeps benchmark results alive so the optimizer cannot drop the work that made them.
public enum BenchmarkSink {
    nonisolated(unsafe) private static var value = 0

    /// Records `checksum` where the optimizer cannot see it unused.
    @inline(never)
    public static func consume(_ checksum: Int) { value &+= checksum }
}
