import Foundation
import Histogram
import TreeRows
import TreeRowsCorpora

/// Measures strategies side by side: every cell (strategy × corpus × operation) gets the
/// same prepared inputs; each strategy takes its samples in one block, as if alone in the
/// process (interleaving sample by sample made a fast strategy pay for the cache and TLB
/// misses a slow neighbour's millisecond walks left behind, so its figures depended on which
/// strategies shared the run), and the order of the blocks rotates from cell to cell;
/// warm-up samples are discarded (fewer once they outlast the budget); results are consumed so
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
        /// Read before every sample (warm-up and timed, untimed) to start it with cold caches;
        /// `nil`: a sample finds what its strategy's earlier samples left in the caches.
        public var eviction: CacheEviction?

        public init(operations: [BenchmarkOperation] = BenchmarkOperation.defaults, repetitions: Int = 200, warmup: Int = 5,
                    budget: Duration = .milliseconds(250), seed: UInt64 = 1, eviction: CacheEviction? = nil) {
            self.operations = operations
            self.repetitions = repetitions
            self.warmup = warmup
            self.budget = budget
            self.seed = seed
            self.eviction = eviction
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

    /// The inputs' seed of one operation: the run's seed mixed with a hash (FNV-1a) of the
    /// operation's name, so a cell gets the same inputs whatever else is measured.
    static func seed(_ seed: UInt64, _ operation: BenchmarkOperation) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in operation.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
        return seed ^ hash
    }

    /// Whether this is an unoptimized build (SwiftPM defines `DEBUG` in debug builds): every
    /// result it measures is marked ``BenchmarkResult/debugBuild``.
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Queries answer in nanoseconds: time them in batches so the clock does not dominate.
    static func batch(_ operation: BenchmarkOperation) -> Int {
        [.rowAtRandom, .indexOfRandom, .offsetOfRandom, .rowAtOffsetRandom].contains(operation) ? 64 : 1
    }

    /// Measures every operation on `tree` (named `corpus`), calling `cellFinished` with each
    /// cell's results (one per strategy) as soon as it is measured.
    /// `firstCell` numbers the first cell within the whole run (the cells of earlier corpora),
    /// so that the order of the strategies' blocks keeps rotating from corpus to corpus.
    public func run(corpus: String, tree: Tree, firstCell: Int = 0, cellFinished: ([BenchmarkResult]) -> Void = { _ in }) -> [BenchmarkResult] {
        var results: [BenchmarkResult] = []
        for (cell, operation) in configuration.operations.enumerated() {
            let cellResults = measure(operation, corpus: corpus, tree: tree, seed: Self.seed(configuration.seed, operation),
                                      rotation: firstCell + cell)
            results += cellResults
            cellFinished(cellResults)
        }
        return results
    }

    /// One strategy's state in a cell.
    private struct StrategyCell {
        var state: any RowStrategy
        /// The tree as the operations performed so far should have left it.
        var expected: Tree
        var histogram = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        var samples = 0
        var spent: Duration = .zero
        var next = 0
    }

    /// Inputs of the untimed pass on a fresh state: warm-up, allocation-counted, verified.
    static let untimedInputs = (warm: 2, counted: 16, verified: 4)

    /// One cell per strategy; the strategies' blocks start at the one `rotation` names (mod
    /// their number).
    private func measure(_ operation: BenchmarkOperation, corpus: String, tree original: Tree, seed: UInt64,
                         rotation: Int) -> [BenchmarkResult] {
        let clock = ContinuousClock()
        let setupStart = clock.now
        var tree = original
        if operation.needsHeights { RowHeightModel.text.apply(to: &tree) }
        let batch = Self.batch(operation)
        let reserved = (Self.untimedInputs.warm + Self.untimedInputs.counted + Self.untimedInputs.verified) * batch
        let samplesPerStrategy = configuration.warmup + configuration.repetitions
        let wanted = reserved + samplesPerStrategy * batch
        var rowCount = 0
        var totalHeight = 0
        tree.forEachVisibleDescendant(of: Tree.root) { node in
            rowCount += 1
            totalHeight += Int(tree.height(of: node))
        }
        let workload = BenchmarkWorkload(operation, tree: tree, rowCount: rowCount, totalHeight: totalHeight, count: wanted, seed: seed)
        // The first inputs are reserved for the untimed pass, so it sees the same inputs however
        // many timed samples the budget allows.
        let untimedPassInputs = Array(workload.inputs.prefix(min(reserved, workload.inputs.count / batch * batch)))
        // The inputs are every strategyCell's: each gets an equal share of their time.
        let sharedSetup = (clock.now - setupStart).nanoseconds / 1e9 / Double(max(1, strategies.count))
        var sink = 0
        // One strategy at a time, built just before its block and dropped after its check, so
        // that a run keeps one strategy's state (and one expected tree) beside the tree, and
        // no timed sample pays for the cache and TLB misses another strategy's work left
        // behind. The order of the blocks rotates from cell to cell.
        var measured: [BenchmarkResult?] = Array(repeating: nil, count: strategies.count)
        for turn in strategies.indices {
            let index = (turn + rotation) % strategies.count
            measured[index] = measureStrategyCell(strategies[index], operation, corpus: corpus, tree: tree, workload: workload,
                                          untimedPassInputs: untimedPassInputs, sharedSetup: sharedSetup, sink: &sink)
        }
        BenchmarkSink.consume(sink)
        var results = measured.compactMap { $0 }
        // Ratios among cells that took samples (a cell may run out of inputs on a small tree).
        let referenceMedian = results.first { $0.strategy == ReferenceStrategy.name && $0.samples > 0 }?.medianNanoseconds
        let fastest = results.filter { $0.correct && $0.samples > 0 }.map(\.medianNanoseconds).min()
        for index in results.indices where results[index].samples > 0 {
            if let referenceMedian, referenceMedian > 0 { results[index].ratioToReference = results[index].medianNanoseconds / referenceMedian }
            if let fastest, fastest > 0 { results[index].ratioToFastest = results[index].medianNanoseconds / fastest }
        }
        return results
    }

    /// One strategy's cell: its build (with the bytes it keeps), the untimed pass on
    /// that fresh state, its timed block on the same state, then the check of the state
    /// every input so far should have left.
    private func measureStrategyCell(
        _ type: any RowStrategy.Type, _ operation: BenchmarkOperation, corpus: String, tree: Tree, workload: BenchmarkWorkload,
        untimedPassInputs: [BenchmarkWorkload.Input], sharedSetup: Double, sink: inout Int
    ) -> BenchmarkResult {
        let clock = ContinuousClock()
        let batch = Self.batch(operation)
        let buildStart = clock.now
        // What a fresh strategy keeps beyond the tree it shares, read around its build alone.
        let (state, keptBytes) = keptBytesPerNode(by: allocations, nodes: { _ in tree.nodeCount }) { type.init(tree: tree) }
        var split = BenchmarkTimeSplit(setup: sharedSetup + (clock.now - buildStart).nanoseconds / 1e9)
        // Moved, not copied: a second reference to the state would make its first writes copy.
        var strategyCell = StrategyCell(state: consume state, expected: tree)
        strategyCell.histogram.autoResize = true
        let untimed = untimedPass(operation, untimedPassInputs, &strategyCell, tree: tree, sink: &sink)
        split = split + untimed.split
        // The timed samples go on from the inputs after the untimed pass's.
        strategyCell.next = untimedPassInputs.count
        let blockStart = clock.now
        var taken = 0
        var bookkeeping = Duration.zero
        var warming = Duration.zero
        let samplesPerStrategy = configuration.warmup + configuration.repetitions
        while taken < samplesPerStrategy && strategyCell.spent < configuration.budget && strategyCell.next + batch <= workload.inputs.count {
            let inputs = workload.inputs[strategyCell.next..<strategyCell.next + batch]
            strategyCell.next += batch
            Self.prepare(operation, &strategyCell)
            if let eviction = configuration.eviction { sink &+= Int(truncatingIfNeeded: eviction.run()) }
            let start = clock.now
            sink &+= Self.perform(operation, inputs, &strategyCell.state, tree: tree)
            let elapsed = clock.now - start
            for input in inputs { Self.apply(operation, input, to: &strategyCell.expected) }
            bookkeeping += clock.now - start - elapsed
            taken += 1
            if taken > configuration.warmup {
                // Picoseconds per operation, so batched queries keep their fractions.
                strategyCell.histogram.record(UInt64(max(1, elapsed.nanoseconds * 1000 / Double(batch))))
                strategyCell.samples += 1
                strategyCell.spent += elapsed
            } else {
                // A strategy whose warm-up alone outlasts the budget is warm enough: it goes
                // on to its timed samples (a second a sample would spend seconds here).
                warming += elapsed
                if warming >= configuration.budget { taken = configuration.warmup }
            }
        }
        split.sampling += (clock.now - blockStart - bookkeeping).nanoseconds / 1e9
        split.checking += bookkeeping.nanoseconds / 1e9
        let checkStart = clock.now
        let correct = untimed.correct && Self.isCorrect(strategyCell.state, expected: strategyCell.expected, workload: workload)
        split.checking += (clock.now - checkStart).nanoseconds / 1e9
        let samples = strategyCell.samples
        let histogram = strategyCell.histogram
        func percentile(_ value: Double) -> Double { samples == 0 ? 0 : Double(histogram.valueAtPercentile(value)) / 1000 }
        var result = BenchmarkResult(
            strategy: type.name, corpus: corpus, nodes: tree.nodeCount, operation: operation.rawValue,
            samples: samples, medianNanoseconds: percentile(50), p90Nanoseconds: percentile(90), p99Nanoseconds: percentile(99),
            operationsPerSecond: samples == 0 ? 0 : Double(samples * batch) / (strategyCell.spent.nanoseconds / 1e9),
            allocationsPerOperation: untimed.allocations?.0, bytesPerOperation: untimed.allocations?.1,
            peakResidentBytes: ResidentMemory.peakBytes(), ratioToReference: nil, ratioToFastest: nil, correct: correct)
        result.strategyBytesPerNode = operation == .build ? keptBytes : nil
        result.timeSplit = split
        result.debugBuild = Self.isDebugBuild
        return result
    }

    /// The untimed pass on the freshly built state of `strategyCell`: two warm-up inputs (the first
    /// write copies the tree's shared arrays), then allocations counted over fixed inputs,
    /// then a few inputs whose diffs and answers are verified against the reference. A
    /// strategy whose warm-up input makes this too slow warms up, counts and verifies one
    /// input each; a tree of more than 2^20 nodes verifies fewer inputs too, as each
    /// verified input reads and walks every row (one input at 4,194,304 nodes and beyond).
    /// The strategyCell's check at the end of its cell covers the state this pass leaves.
    private func untimedPass(
        _ operation: BenchmarkOperation, _ inputs: [BenchmarkWorkload.Input], _ strategyCell: inout StrategyCell, tree: Tree, sink: inout Int
    ) -> (allocations: (Double, Double)?, correct: Bool, split: BenchmarkTimeSplit) {
        let clock = ContinuousClock()
        var phaseStart = clock.now
        var split = BenchmarkTimeSplit()
        /// The time since the last call (or the start), which then starts again.
        func lap() -> Double {
            let now = clock.now
            defer { phaseStart = now }
            return (now - phaseStart).nanoseconds / 1e9
        }
        let batch = Self.batch(operation)
        var batches = stride(from: 0, to: inputs.count, by: batch).map { inputs[$0..<$0 + batch] }.makeIterator()
        // The last warm-up input's time stands for every input's. An input slow enough that
        // the counted ones would take seconds (a build at 1e8 nodes) needs no second warm-up,
        // and one input counted and one verified say what they would.
        var slow = false
        for _ in 0..<Self.untimedInputs.warm {
            guard let inputs = batches.next() else { break }
            Self.prepare(operation, &strategyCell)
            let start = clock.now
            sink &+= Self.perform(operation, inputs, &strategyCell.state, tree: tree)
            slow = (clock.now - start).nanoseconds / 1e9 * Double(Self.untimedInputs.counted) > 2
            for input in inputs { Self.apply(operation, input, to: &strategyCell.expected) }
            if slow { break }
        }
        let counted = slow ? 1 : Self.untimedInputs.counted
        let verified = slow ? 1 : max(1, min(Self.untimedInputs.verified, Self.untimedInputs.verified * (1 << 20) / max(1, tree.nodeCount)))
        split.setup = lap()
        var allocationFigures: (Double, Double)?
        if let counter = allocations {
            var allocationTotal: UInt64 = 0
            var byteTotal: UInt64 = 0
            var count = 0
            while count < counted, let inputs = batches.next() {
                Self.prepare(operation, &strategyCell)
                let allocationsBefore = counter.allocations()
                let bytesBefore = counter.allocatedBytes()
                sink &+= Self.perform(operation, inputs, &strategyCell.state, tree: tree)
                byteTotal += counter.allocatedBytes() - bytesBefore
                allocationTotal += counter.allocations() - allocationsBefore
                for input in inputs { Self.apply(operation, input, to: &strategyCell.expected) }
                count += 1
            }
            if count > 0 {
                let overhead = Self.counterOverhead(counter, operation, &strategyCell.state, tree: tree)
                let operations = Double(count * batch)
                allocationFigures = (max(0, Double(allocationTotal) - Double(count) * overhead.allocations) / operations,
                                     max(0, Double(byteTotal) - Double(count) * overhead.bytes) / operations)
            }
        }
        split.counting = lap()
        var correct = true
        var checked = 0
        var rows: [Row]?  // the rows the last sample left, checked against the reference
        while correct && checked < verified, let inputs = batches.next() {
            correct = Self.verify(operation, inputs, &strategyCell, rows: &rows)
            checked += 1
        }
        split.checking = lap()
        return (allocationFigures, correct, split)
    }

    /// One sample with its results checked: the state after `prepare`, every diff (applied
    /// to the old rows it must give the reference's rows of the expected tree), the rows
    /// after every operation, every query's answer.
    ///
    /// `rows` carries the rows a previous sample left (already checked) to the next, so a
    /// sample reads the strategy's rows and walks the reference once per operation; queries,
    /// which change no rows, are checked against positions and offsets computed once.
    /// - Complexity: O(*r*) per operation that changes rows, O(log *r*) per query, for *r* rows.
    private static func verify(
        _ operation: BenchmarkOperation, _ inputs: ArraySlice<BenchmarkWorkload.Input>, _ strategyCell: inout StrategyCell, rows known: inout [Row]?
    ) -> Bool {
        prepare(operation, &strategyCell)
        if operation == .expandAll || operation == .collapseAll { known = nil }  // prepare changed the rows
        func check<S: RowStrategy>(_ strategy: inout S, _ expected: inout Tree) -> Bool {
            var rows: [Row]
            if let known {
                rows = known
            } else {
                rows = ReferenceStrategy.walk(expected)
                guard Self.rowsEqual(strategy, rows) else { return false }
            }
            // For queries: each row's position by node slot, and each row's top offset.
            lazy var positions: [Int] = {
                var positions = [Int](repeating: -1, count: expected.slotCount)
                for (index, row) in rows.enumerated() { positions[Int(row.node.rawValue)] = index }
                return positions
            }()
            lazy var tops: [Int] = {
                var tops = [0]
                tops.reserveCapacity(rows.count + 1)
                for row in rows { tops.append(tops[tops.count - 1] + Int(expected.height(of: row.node))) }
                return tops
            }()
            for input in inputs {
                let oldRows = rows
                var diff = RowDiff.empty
                switch (operation, input) {
                case (.toggleRandom, .node(let node)), (.toggleHeavy, .node(let node)), (.toggleDeep, .node(let node)), (.toggleLast, .node(let node)):
                    diff = strategy.toggle(node)
                case (.expandAll, _): diff = strategy.expandAll()
                case (.collapseAll, _): diff = strategy.collapseAll()
                case let (.insertReply, .insert(id, parent, position)):
                    guard let inserted = try? strategy.insert(id, under: parent, at: position) else { return false }
                    diff = inserted
                case (.removeSubtree, .node(let node)): diff = strategy.remove(node)
                case (.sortMoves, .order(let order)): diff = strategy.sortSiblings(by: order)
                case (.sortReload, .order(let order)):
                    guard strategy.sortSiblings(by: order, reportingMoves: false) == .reloadingAll(rowCount: oldRows.count) else { return false }
                    apply(operation, input, to: &expected)
                    rows = ReferenceStrategy.walk(expected)
                    guard Self.rowsEqual(strategy, rows) else { return false }
                    continue
                case (.accordionExpand, .node(let node)): diff = strategy.accordionExpand(node)
                case let (.loadPage, .page(ids, parent, loadMoreRow)):
                    guard let loaded = try? strategy.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false) else { return false }
                    diff = loaded
                case (.offsetOfRandom, .row(let row)):
                    if strategy.offset(ofRow: row) != tops[min(row, rows.count)] { return false }
                    continue
                case (.rowAtOffsetRandom, .offset(let offset)):
                    // The first row whose bottom lies below the offset, or nil past the content.
                    var low = 0, high = rows.count
                    while low < high {
                        let middle = (low + high) / 2
                        if tops[middle + 1] > offset { high = middle } else { low = middle + 1 }
                    }
                    if strategy.row(atOffset: offset) != (low < rows.count ? low : nil) { return false }
                    continue
                case (.rowAtRandom, .row(let row)):
                    if row < rows.count && strategy.row(at: row) != rows[row] { return false }
                    continue
                case (.indexOfRandom, .node(let node)):
                    let position = expected.contains(node) ? positions[Int(node.rawValue)] : -1
                    if strategy.index(of: node) != (position < 0 ? nil : position) { return false }
                    continue
                case (.toggleSectioned, .node(let node)):
                    diff = strategy.toggle(node)
                    apply(operation, input, to: &expected)
                    let newRows = ReferenceStrategy.walk(expected)
                    if StepCheck.checkSections(strategy, diff: diff, oldRows: oldRows, newRows: newRows) != nil { return false }
                    if StepCheck.check(strategy, diff: diff, referenceDiff: diff, oldRows: oldRows, newRows: newRows, full: false) != nil { return false }
                    guard Self.rowsEqual(strategy, newRows) else { return false }
                    rows = newRows
                    continue
                default: break
                }
                apply(operation, input, to: &expected)
                let newRows = ReferenceStrategy.walk(expected)
                if StepCheck.check(strategy, diff: diff, referenceDiff: diff, oldRows: oldRows, newRows: newRows, full: false) != nil {
                    return false
                }
                guard Self.rowsEqual(strategy, newRows) else { return false }
                rows = newRows
            }
            known = rows
            return true
        }
        return check(&strategyCell.state, &strategyCell.expected)
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
    private static func prepare(_ operation: BenchmarkOperation, _ strategyCell: inout StrategyCell) {
        switch operation {
        case .expandAll:
            _ = strategyCell.state.collapseAll()
            strategyCell.expected.setExpandedInSubtree(of: Tree.root, false)
        case .collapseAll:
            _ = strategyCell.state.expandAll()
            strategyCell.expected.setExpandedInSubtree(of: Tree.root, true)
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
                case (.toggleRandom, .node(let node)), (.toggleHeavy, .node(let node)), (.toggleDeep, .node(let node)), (.toggleLast, .node(let node)):
                    checksum &+= strategy.toggle(node).deletedCount
                case (.expandAll, _): checksum &+= strategy.expandAll().insertedCount
                case (.collapseAll, _): checksum &+= strategy.collapseAll().deletedCount
                case (.rowAtRandom, .row(let row)): checksum &+= Int(strategy.row(at: row).node.rawValue)
                case (.indexOfRandom, .node(let node)): checksum &+= strategy.index(of: node) ?? -1
                case let (.insertReply, .insert(id, parent, position)):
                    checksum &+= (try? strategy.insert(id, under: parent, at: position))?.insertedCount ?? -1
                case (.removeSubtree, .node(let node)): checksum &+= strategy.remove(node).deletedCount
                case (.sortMoves, .order(let order)): checksum &+= strategy.sortSiblings(by: order, reportingMoves: true).moves.count
                case (.sortReload, .order(let order)): checksum &+= strategy.sortSiblings(by: order, reportingMoves: false).reloads.count
                case (.accordionExpand, .node(let node)): checksum &+= strategy.accordionExpand(node).insertedCount
                case let (.loadPage, .page(ids, parent, loadMoreRow)):
                    checksum &+= (try? strategy.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false))?.insertedCount ?? -1
                case (.offsetOfRandom, .row(let row)): checksum &+= strategy.offset(ofRow: row)
                case (.rowAtOffsetRandom, .offset(let offset)): checksum &+= strategy.row(atOffset: offset) ?? -1
                case (.toggleSectioned, .node(let node)):
                    let before = strategy.sectionLayout()
                    let flat = strategy.toggle(node)
                    let sectioned = SectionedDiff(flat: flat, before: before, after: strategy.sectionLayout())
                    checksum &+= sectioned.deletedRows.count &+ sectioned.insertedRows.count
                default: break
                }
            }
            return checksum
    }

    /// The same change on a bare tree, for the correctness check.
    private static func apply(_ operation: BenchmarkOperation, _ input: BenchmarkWorkload.Input, to tree: inout Tree) {
        switch (operation, input) {
        case (.toggleRandom, .node(let node)), (.toggleHeavy, .node(let node)), (.toggleDeep, .node(let node)), (.toggleLast, .node(let node)),
            (.toggleSectioned, .node(let node)):
            tree.setExpanded(node, !tree.isExpanded(node))
        case (.sortMoves, .order(let order)), (.sortReload, .order(let order)): tree.sortSiblings(by: order)
        case (.accordionExpand, .node(let node)):
            tree.setExpandedExclusively(node)
        case let (.loadPage, .page(ids, parent, loadMoreRow)):
            tree.loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false)
        case (.expandAll, _): tree.setExpandedInSubtree(of: Tree.root, true)
        case (.collapseAll, _): tree.setExpandedInSubtree(of: Tree.root, false)
        case let (.insertReply, .insert(id, parent, position)): _ = try? tree.insert(id, under: parent, at: position)
        case (.removeSubtree, .node(let node)): tree.removeSubtree(node)
        default: break
        }
    }

    /// Whether `strategy` has exactly `rows`, read in slices of 65,536 so that its rows never
    /// sit whole beside them (at 1e8 rows an array is 800 MB).
    ///
    /// - Complexity: O(*r*) for *r* rows, and what `rows(in:)` costs per slice.
    private static func rowsEqual<S: RowStrategy>(_ strategy: S, _ rows: [Row]) -> Bool {
        guard strategy.rowCount == rows.count else { return false }
        let slice = 1 << 16
        for start in stride(from: 0, to: rows.count, by: slice) {
            let range = start..<min(rows.count, start + slice)
            guard strategy.rows(in: range).elementsEqual(rows[range]) else { return false }
        }
        return true
    }

    /// The strategy's tree has the expected structure and expanded flags (hidden ones too),
    /// its rows equal the reference's rows of that tree, its answers to sampled queries are
    /// right, and its invariants hold.
    private static func isCorrect(_ state: any RowStrategy, expected: Tree, workload: BenchmarkWorkload) -> Bool {
        func check<S: RowStrategy>(_ strategy: S) -> Bool {
            let tree = strategy.tree
            guard tree.nodeCount == expected.nodeCount, tree.slotCount == expected.slotCount else { return false }
            for slot in 1..<Int32(expected.slotCount) {
                let node = NodeIndex(slot)
                guard tree.contains(node) == expected.contains(node) else { return false }
                if expected.contains(node) && (tree.isExpanded(node) != expected.isExpanded(node)
                    || tree.parent(of: node) != expected.parent(of: node)) { return false }
            }
            let rows = ReferenceStrategy.walk(expected)
            guard rowsEqual(strategy, rows) else { return false }
            // The rows of the sampled nodes, found in one pass that tests a bit per row.
            let sampled = workload.inputs.prefix(64)
            var marks = [UInt64](repeating: 0, count: (expected.slotCount + 63) / 64)
            for case .node(let node) in sampled where expected.contains(node) { marks[node.slot / 64] |= 1 << UInt64(node.slot % 64) }
            var position: [NodeIndex: Int] = [:]
            for (index, row) in rows.enumerated() where marks[row.node.slot / 64] >> UInt64(row.node.slot % 64) & 1 != 0 {
                position[row.node] = index
            }
            for input in sampled {
                switch input {
                case .row(let row) where row < rows.count: if strategy.row(at: row) != rows[row] { return false }
                case .node(let node) where expected.contains(node):
                    if strategy.index(of: node) != position[node] { return false }
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
package enum BenchmarkSink {
    nonisolated(unsafe) private static var value = 0

    /// Records `checksum` where the optimizer cannot see it unused.
    @inline(never)
    package static func consume(_ checksum: Int) { value &+= checksum }
}
