import TreeRows

/// One measurement of the cost search: a strategy's cost of a candidate's step on the tree of
/// its family with `nodes` nodes. A value, so that the isolation wrapper runs it in a child
/// of its own (a cliff can become a hang).
package struct CostProbe: Hashable, Codable, Sendable {
    package var strategy: String
    package var candidate: CostCandidate
    package var nodes: Int
    package var seed: UInt64
    /// Measure every locus (but ``CostLocus/random``) on the tree, not the candidate's alone:
    /// the search's first pass.
    package var everyLocus = false
    /// Steps timed one by one on random nodes, for the tail and the memory kept (0: none).
    package var singles = 0

    package init(strategy: String, candidate: CostCandidate, nodes: Int, seed: UInt64, everyLocus: Bool = false, singles: Int = 0) {
        (self.strategy, self.candidate, self.nodes, self.seed) = (strategy, candidate, nodes, seed)
        (self.everyLocus, self.singles) = (everyLocus, singles)
    }

    /// Replies in a measured page.
    package static let pageSize = 16
    /// Timed repetitions per node; a step that cannot be undone (remove, accordion) gets a
    /// strategy built afresh for each, untimed.
    static let repetitions = 5
    /// The least time a timed batch of a cheap step lasts, in nanoseconds.
    static let batchNanoseconds = 20_000.0
}

/// What a ``CostProbe`` measured.
package struct CostMeasurement: Codable, Sendable {
    /// One locus's cost.
    package struct AtLocus: Codable, Sendable {
        package var locus: CostLocus
        /// Nanoseconds per step: the mean over the locus's nodes of each node's median (the
        /// expected cost of a random node's step, steady where the nodes' costs are split
        /// between cheap and dear, as a leaf's and an inner node's toggle are).
        package var nanoseconds: Double
        /// The cost variables at each node measured (one, or ``CostLocus/randomCount``).
        package var points: [CostPoint]
    }

    /// The tree's nodes.
    package var nodes: Int
    package var loci: [AtLocus]
    /// Nanoseconds of each single step (``CostProbe/singles``; a toggle's two), in order.
    package var singles: [Double]
    /// Live bytes after the single steps minus before, per step (`nil`: no counter, or a
    /// step that leaves nodes behind).
    package var keptBytesPerStep: Double?
}

extension CostProbe {
    /// Measures `strategy`, the one ``strategy`` names, telling `observer` of every step (the
    /// build is operation -1, each node's timing the next operation).
    ///
    /// - Complexity: the tree's generation and the strategy's build, then the step's cost
    ///   times the repetitions and batches, for each node measured.
    package func measure(_ strategy: any RowStrategy.Type, counter: (any AllocationCounter)?, observer: any StepObserver) -> CostMeasurement {
        measureOpened(strategy, counter: counter, observer: observer)
    }

    private func measureOpened<S: RowStrategy>(_: S.Type, counter: (any AllocationCounter)?, observer: any StepObserver) -> CostMeasurement {
        let tree = candidate.tree(nodes: nodes, seed: seed)
        observer.beginCase(nodes: tree.nodeCount)
        observer.step(strategy: 0, operation: -1)
        // The strategy gets a tree of its own, generated again: one that shared its storage
        // with `tree` would copy it (O(n)) on its first change, inside a timed step.
        let fresh = { candidate.tree(nodes: nodes, seed: seed) }
        var timer = StepTimer<S>(strategy: S(tree: fresh()), step: candidate.step, makeTree: fresh)
        var rowIndex = [Int32](repeating: -1, count: tree.slotCount)
        var rows = 0
        tree.forEachVisibleDescendant(of: Tree.root) { rowIndex[$0.slot] = Int32(rows); rows += 1 }
        var operation = 0
        func begin(_ node: NodeIndex) {
            observer.beginInputs(Self.repetitions, elements: candidate.step == .loadPage ? Self.pageSize : 1, nodes: tree.nodeCount)
            observer.step(strategy: 0, operation: operation)
            operation += 1
        }
        var loci: [CostMeasurement.AtLocus] = []
        for locus in everyLocus ? CostLocus.allCases.filter({ $0 != .random }) : [candidate.locus] {
            let measured = locus.nodes(in: tree, seed: seed).map { node -> (Double, NodeIndex) in
                begin(node)
                return (timer.median(at: node, repetitions: Self.repetitions), node)
            }.sorted { $0.0 < $1.0 }
            let points = measured.map {
                CostPoint.measure(candidate.step, at: $0.1, in: tree, rows: rows, rowIndex: rowIndex, elements: Self.pageSize)
            }
            loci.append(.init(locus: locus, nanoseconds: measured.map(\.0).reduce(0, +) / Double(measured.count), points: points))
        }
        var singles: [Double] = []
        var kept: Double?
        if self.singles > 0 {
            var random = SplitMix64(seed: seed ^ 0x51_76_1E5)
            let targets = (0..<self.singles).map { _ in tree.randomLiveNode(using: &random) }
            let before = timer.leavesNoNodes ? counter?.liveBytes() : nil
            // Each single step is a step of its own for the watchdog.
            singles = targets.flatMap { node -> [Double] in
                observer.beginInputs(1, elements: candidate.step == .loadPage ? Self.pageSize : 1, nodes: tree.nodeCount)
                observer.step(strategy: 0, operation: operation)
                operation += 1
                return timer.singles(at: node)
            }
            if let before, let after = counter?.liveBytes() {
                kept = Double(Int64(bitPattern: after &- before)) / Double(singles.count)
            }
        }
        return CostMeasurement(nodes: tree.nodeCount, loci: loci, singles: singles, keptBytesPerStep: kept)
    }
}

/// Times one kind of step of one strategy on the nodes it is given, leaving the strategy as
/// it found it: a toggle is toggled back, an insert or a page removed, both untimed; a removal
/// or an accordion is done on a strategy built afresh from a tree generated afresh, untimed
/// (a tree that shared its storage would be copied by the step).
struct StepTimer<S: RowStrategy> {
    var strategy: S
    let step: CostedStep
    /// The tree of a strategy built afresh, sharing no storage with any other.
    let makeTree: () -> Tree
    private let clock = ContinuousClock()
    /// New ids for inserted leaves.
    private var nextID: Int64 = 0

    init(strategy: S, step: CostedStep, makeTree: @escaping () -> Tree) {
        self.strategy = strategy
        self.step = step
        self.makeTree = makeTree
    }

    /// Whether every step leaves the strategy with the nodes it had: what its memory is
    /// judged by (an insert leaves a removed node's slot behind).
    var leavesNoNodes: Bool { step == .toggle || step == .indexOf || step == .rowAt }

    /// The median over `repetitions` of the nanoseconds one step at `node` takes, cheap steps
    /// timed in batches of at least ``CostProbe/batchNanoseconds``.
    mutating func median(at node: NodeIndex, repetitions: Int) -> Double {
        var batch = 1
        if step != .remove && step != .accordionExpand {
            // Twice: the first toggle or insert of a strategy may still settle its storage.
            _ = timed(at: node, count: 1)
            let once = max(1, timed(at: node, count: 1))
            batch = max(1, min(256, Int(CostProbe.batchNanoseconds / once)))
        }
        let times = (0..<repetitions).map { _ in timed(at: node, count: batch) / Double(batch) }
        return BenchmarkSamples.median(of: times)
    }

    /// The nanoseconds of one step at `node`, each timed alone: a toggle's two (there and
    /// back), any other step's one.
    mutating func singles(at node: NodeIndex) -> [Double] {
        guard step == .toggle else { return [timed(at: node, count: 1)] }
        return (0..<2).map { _ in
            let start = clock.now
            let diff = strategy.toggle(node)
            let nanoseconds = (clock.now - start).nanoseconds
            BenchmarkSink.consume(diff.insertedCount)
            return nanoseconds
        }
    }

    /// The nanoseconds of `count` steps at `node` in a row.
    private mutating func timed(at node: NodeIndex, count: Int) -> Double {
        switch step {
        case .toggle:
            var total = 0.0
            for _ in 0..<count {
                let start = clock.now
                let diff = strategy.toggle(node)
                total += (clock.now - start).nanoseconds
                BenchmarkSink.consume(diff.insertedCount)
                BenchmarkSink.consume(strategy.toggle(node).deletedCount)
            }
            return total
        case .indexOf:
            let start = clock.now
            for _ in 0..<count { BenchmarkSink.consume(strategy.index(of: node) ?? -1) }
            return (clock.now - start).nanoseconds
        case .rowAt:
            let row = strategy.index(of: node) ?? 0
            let start = clock.now
            for _ in 0..<count { BenchmarkSink.consume(Int(strategy.row(at: row).depth)) }
            return (clock.now - start).nanoseconds
        case .insert, .loadPage:
            let replies = step == .insert ? 1 : CostProbe.pageSize
            var added: [NodeIndex] = []
            var total = 0.0
            for _ in 0..<count {
                let ids = (0..<replies).map { _ in nextID += 1; return NodeID.string("cost-\(nextID)") }
                let position = strategy.tree.childCount(of: node)
                let start = clock.now
                let diff = step == .insert
                    ? try? strategy.insert(ids[0], under: node, at: position, time: nil, score: nil)
                    : try? strategy.loadPage(ids, under: node, before: nil, removingLoadMoreRow: false)
                total += (clock.now - start).nanoseconds
                BenchmarkSink.consume(diff?.insertedCount ?? 0)
                added += ids.compactMap { strategy.tree.index(of: $0) }
            }
            for leaf in added.reversed() { BenchmarkSink.consume(strategy.remove(leaf).deletedCount) }
            return total
        case .remove, .accordionExpand:
            var total = 0.0
            for _ in 0..<count {
                var fresh = S(tree: makeTree())
                let start = clock.now
                let diff = step == .remove ? fresh.remove(node) : fresh.accordionExpand(node)
                total += (clock.now - start).nanoseconds
                BenchmarkSink.consume(diff.deletedCount)
            }
            return total
        }
    }
}
