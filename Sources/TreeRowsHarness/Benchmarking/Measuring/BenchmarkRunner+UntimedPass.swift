import TreeRows

extension BenchmarkRunner {
    /// The untimed pass on the freshly built state of `strategyCell`: two warm-up inputs (the first
    /// write copies the tree's shared arrays), then allocations counted over fixed inputs,
    /// then a few inputs whose diffs and answers are verified against the reference. A
    /// strategy whose warm-up input makes this too slow warms up, counts and verifies one
    /// input each; a tree of more than 2^20 nodes verifies fewer inputs too, as each
    /// verified input reads and walks every row (one input at 4,194,304 nodes and beyond). The
    /// count run under callgrind (``Configuration/countsInstructions``) verifies none.
    /// The strategyCell's check at the end of its cell covers the state this pass leaves.
    /// Returns, with the figures, the time per input of the last warm-up input.
    func untimedPass(
        _ inputs: [BenchmarkInput], _ strategyCell: inout BenchmarkStrategyCell, tree: Tree, sink: inout Int, observer: any StepObserver
    ) -> (allocations: (Double, Double)?, retained: Double?, wrong: BenchmarkStrategyCell.Finding?, split: BenchmarkTimeSplit,
          nanosecondsPerInput: Double, countedOperations: Int) {
        let clock = ContinuousClock()
        var phaseStart = clock.now
        var split = BenchmarkTimeSplit()
        /// The time since the last call (or the start), which then starts again.
        func lap() -> Double {
            let now = clock.now
            defer { phaseStart = now }
            return (now - phaseStart).nanoseconds / 1e9
        }
        let batch = strategyCell.operation.body.batch
        var batches = stride(from: 0, to: inputs.count, by: batch).map { inputs[$0..<$0 + batch] }.makeIterator()
        // The last warm-up input's time stands for every input's. An input slow enough that
        // the counted ones would take seconds (a build at 1e8 nodes) needs no second warm-up,
        // and one input counted and one verified say what they would.
        var slow = false
        var nanosecondsPerInput = 0.0
        // Under callgrind, the warm-up and counted inputs alone are instrumented.
        let instructions = configuration.countsInstructions && InstructionCount.isCounting
        if instructions { InstructionCount.instrument(true) }
        for _ in 0..<Self.untimedInputs.warm {
            guard let inputs = batches.next() else { break }
            Self.beginStep(inputs, of: strategyCell.operation, tree: tree, observer: observer)
            strategyCell.prepare()
            let start = clock.now
            sink &+= strategyCell.perform(inputs, tree: tree)
            let elapsed = (clock.now - start).nanoseconds
            nanosecondsPerInput = elapsed / Double(max(1, inputs.count))
            // Under callgrind (about 50 times slower) the same inputs count, unless far slower.
            slow = elapsed / 1e9 * Double(Self.untimedInputs.counted) > (configuration.countsInstructions ? 200 : 2)
            strategyCell.applyToExpected(inputs)
            if slow { break }
        }
        let counted = slow ? 1 : Self.untimedInputs.counted
        // The count run under callgrind verifies nothing: the timed run verified the same inputs.
        let verified = configuration.countsInstructions ? 0
            : slow ? 1 : max(1, min(Self.untimedInputs.verified, Self.untimedInputs.verified * (1 << 20) / max(1, tree.nodeCount)))
        split.setup = lap()
        var allocationFigures: (Double, Double)?
        var retainedFigure: Double?
        // Instructions are collected around the strategy's calls alone, on the same inputs.
        var countedOperations = 0
        if allocations != nil || instructions {
            let counter = allocations
            var allocationTotal: UInt64 = 0
            var byteTotal: UInt64 = 0
            // What the strategy keeps: its live bytes around each batch's preparation and
            // performance (the harness's own bookkeeping between them is left out).
            let measuresLiveBytes = counter?.liveBytes() != nil
            var kept: [Int64] = []
            var count = 0
            while count < counted, let inputs = batches.next() {
                Self.beginStep(inputs, of: strategyCell.operation, tree: tree, observer: observer)
                let liveBefore = measuresLiveBytes ? counter?.liveBytes() : nil
                strategyCell.prepare()
                let allocationsBefore = counter?.allocations() ?? 0
                let bytesBefore = counter?.allocatedBytes() ?? 0
                if instructions { InstructionCount.toggle() }
                sink &+= strategyCell.perform(inputs, tree: tree)
                if instructions { InstructionCount.toggle() }
                byteTotal += (counter?.allocatedBytes() ?? 0) - bytesBefore
                allocationTotal += (counter?.allocations() ?? 0) - allocationsBefore
                // Read outside the allocation bracket: reading live bytes may allocate itself.
                if let liveBefore, let liveAfter = counter?.liveBytes() { kept.append(Int64(bitPattern: liveAfter &- liveBefore)) }
                strategyCell.applyToExpected(inputs)
                count += 1
            }
            countedOperations = count * batch
            if let counter, count > 0 {
                let overhead = Self.counterOverhead(counter, &strategyCell, tree: tree)
                let operations = Double(count * batch)
                allocationFigures = (max(0, Double(allocationTotal) - Double(count) * overhead.allocations) / operations,
                                     max(0, Double(byteTotal) - Double(count) * overhead.bytes) / operations)
                retainedFigure = Self.keptPerOperation(kept, inputs: batch)
            }
        }
        if instructions { InstructionCount.instrument(false) }
        split.counting = lap()
        var wrong: BenchmarkStrategyCell.Finding?
        var checked = 0
        var rows: [Row]?  // the rows the last sample left, checked against the reference
        while wrong == nil && checked < verified, let inputs = batches.next() {
            Self.beginStep(inputs, of: strategyCell.operation, tree: tree, observer: observer)
            wrong = strategyCell.verify(inputs, rows: &rows)
            checked += 1
        }
        split.checking = lap()
        return (allocationFigures, retainedFigure, wrong, split, nanosecondsPerInput, instructions ? countedOperations : 0)
    }

    /// The bytes a strategy keeps per operation from what it kept over each counted batch of
    /// `inputs` inputs: the mean without the two largest batches. A buffer that doubles now
    /// and then grows in one batch or two of the sixteen, and is the tree's growth, not the
    /// operations'; memory kept per operation grows in most. `nil` for no batches.
    ///
    /// - Complexity: O(*b* log *b*) for *b* batches.
    static func keptPerOperation(_ kept: [Int64], inputs: Int) -> Double? {
        guard !kept.isEmpty else { return nil }
        let counted = kept.sorted().dropLast(kept.count > 4 ? 2 : 0)
        return Double(counted.reduce(0, &+)) / Double(counted.count * max(1, inputs))
    }

    /// What the bracket itself allocates (counter readings and the call), measured on the
    /// same bracket around zero inputs.
    static func counterOverhead(_ counter: any AllocationCounter, _ strategyCell: inout BenchmarkStrategyCell,
                                tree: Tree) -> (allocations: Double, bytes: Double) {
        var fewest = (allocations: UInt64.max, bytes: UInt64.max)
        for _ in 0..<3 {
            let allocationsBefore = counter.allocations()
            let bytesBefore = counter.allocatedBytes()
            BenchmarkSink.consume(strategyCell.perform([], tree: tree))
            let bytes = counter.allocatedBytes() - bytesBefore
            fewest = (min(fewest.allocations, counter.allocations() - allocationsBefore), min(fewest.bytes, bytes))
        }
        return (Double(fewest.allocations), Double(fewest.bytes))
    }
}
