import TreeRows

extension BenchmarkRunner {
    /// One strategy's cell: its build (with the bytes it keeps), the untimed pass on
    /// that fresh state, its timed block on the same state, then the check of the state
    /// every input so far should have left.
    func measureStrategyCell(
        _ type: any RowStrategy.Type, _ operation: BenchmarkWorkload, corpus: String, tree: Tree, cellInputs: BenchmarkCellInputs,
        untimedPassInputs: [BenchmarkInput], sharedSetup: Double, sink: inout Int, observer: any StepObserver
    ) -> BenchmarkResult {
        let clock = ContinuousClock()
        // Taking turns with a gate's other side: both sides' cells begin close together.
        AlternatingTurns.pass(observer: observer)
        let buildStart = clock.now
        // The cell's steps (``BenchmarkCellHost``): the build, each input's index, the final check.
        observer.step(strategy: 0, operation: Self.buildStep)
        // What a fresh strategy keeps beyond the tree it shares, read around its build alone.
        let (state, keptBytes) = keptBytesPerNode(by: allocations, nodes: { _ in tree.nodeCount }) { type.init(tree: tree) }
        var split = BenchmarkTimeSplit(setup: sharedSetup + (clock.now - buildStart).nanoseconds / 1e9)
        // Moved, not copied: a second reference to the state would make its first writes copy.
        var strategyCell = BenchmarkStrategyCell(operation, strategy: consume state, tree: tree)
        let untimed = untimedPass(untimedPassInputs, &strategyCell, tree: tree, sink: &sink, observer: observer)
        if untimed.countedOperations > 0 {
            InstructionCount.dump(strategy: type.name, corpus: corpus, operation: operation.rawValue, operations: untimed.countedOperations)
        }
        split = split + untimed.split
        // The timed samples go on from the inputs after the untimed pass's.
        strategyCell.next = untimedPassInputs.count
        let timedBatch = Self.timedBatch(operation, nanosecondsPerInput: untimed.nanosecondsPerInput, budget: configuration.budget)
        let singles = Self.singleInputs(after: timedBatch, of: operation)
        let blockStart = clock.now
        var taken = 0
        var bookkeeping = Duration.zero
        var warming = Duration.zero
        let samplesPerStrategy = configuration.samplesPerStrategy
        /// Times `count` inputs from the next one; returns the time they took.
        func timeInputs(_ count: Int) -> Duration {
            let inputs = cellInputs.inputs[strategyCell.next..<strategyCell.next + count]
            AlternatingTurns.passIfDue(observer: observer)
            Self.beginStep(inputs, of: operation, tree: tree, observer: observer)
            strategyCell.next += count
            strategyCell.prepare()
            if let eviction = configuration.eviction { sink &+= Int(truncatingIfNeeded: eviction.run()) }
            let start = clock.now
            sink &+= strategyCell.perform(inputs, tree: tree)
            let elapsed = clock.now - start
            strategyCell.applyToExpected(inputs)
            bookkeeping += clock.now - start - elapsed
            return elapsed
        }
        while taken < samplesPerStrategy && strategyCell.spent < configuration.budget
                && strategyCell.next + timedBatch + singles <= cellInputs.inputs.count {
            let elapsed = timeInputs(timedBatch)
            let single = singles > 0 ? timeInputs(singles) : nil
            taken += 1
            if taken > configuration.warmup {
                strategyCell.samples.append(elapsed.nanoseconds / Double(timedBatch))
                strategyCell.timedOperations += timedBatch
                strategyCell.spent += elapsed
                if let single {
                    strategyCell.singles.append(max(0, single.nanoseconds - Self.clockCost) / Double(singles))
                    strategyCell.timedOperations += singles
                    strategyCell.spent += single
                }
            } else {
                // A strategy whose warm-up alone outlasts the budget is warm enough: it goes
                // on to its timed samples (a second a sample would spend seconds here).
                warming += elapsed + (single ?? .zero)
                if warming >= configuration.budget { taken = configuration.warmup }
            }
        }
        split.sampling += (clock.now - blockStart - bookkeeping).nanoseconds / 1e9
        split.checking += bookkeeping.nanoseconds / 1e9
        observer.step(strategy: 0, operation: Self.finalCheckStep)
        let checkStart = clock.now
        // The count run's results are not kept (its figures are its dumps): its cells skip the check.
        let wrong = untimed.wrong ?? (configuration.countsInstructions ? nil : strategyCell.check(sampling: cellInputs.inputs.prefix(64)))
        split.checking += (clock.now - checkStart).nanoseconds / 1e9
        let timed = BenchmarkSamples(batch: timedBatch, nanoseconds: strategyCell.samples, singleNanoseconds: strategyCell.singles)
        var result = BenchmarkResult(
            strategy: type.name, corpus: corpus, nodes: tree.nodeCount, operation: operation.rawValue,
            samples: timed.nanoseconds.count, medianNanoseconds: timed.median, p90Nanoseconds: timed.tail(0.9),
            p99Nanoseconds: timed.tail(0.99),
            operationsPerSecond: strategyCell.timedOperations == 0 ? 0 : Double(strategyCell.timedOperations) / (strategyCell.spent.nanoseconds / 1e9),
            allocationsPerOperation: untimed.allocations?.0, bytesPerOperation: untimed.allocations?.1,
            peakResidentBytes: ResidentMemory.peakBytes(), ratioToReference: nil, ratioToFastest: nil, correct: wrong == nil)
        result.retainedBytesPerOperation = untimed.retained
        result.disagreement = wrong?.disagreement
        result.disagreementStep = wrong?.step
        result.distribution = timed
        result.strategyBytesPerNode = operation == .build ? keptBytes : nil
        result.timeSplit = split
        result.debugBuild = Self.unmeasurableBuild != nil
        return result
    }

    /// Batched samples keep at least this many samples in a cell's budget: an operation
    /// slower than that is timed one input a sample.
    static let fewestBatchedSamples = 50

    /// The inputs a timed sample of `operation` takes: its ``BenchmarkWorkloadBody/timedBatch``,
    /// or more on a clock whose ticks are coarse (`clockGranularity` nanoseconds, such as
    /// Apple silicon's 41.7): enough that a sample spans ``resolutionTicks`` ticks at
    /// `nanosecondsPerInput` (the untimed pass's last warm-up), so that a tick is at most 1%
    /// of it, up to ``largestBatchMultiple`` times the operation's own batch. A batch that
    /// would leave fewer than ``fewestBatchedSamples`` samples in `budget` falls back to the
    /// operation's own batch, then to its ``BenchmarkWorkloadBody/batch``.
    ///
    /// - Complexity: O(1).
    static func timedBatch(_ operation: BenchmarkWorkload, nanosecondsPerInput: Double, budget: Duration,
                           clockGranularity: Double = clockGranularity) -> Int {
        let unit = max(1, operation.body.batch), own = max(unit, operation.body.timedBatch)
        var wanted = own
        if clockGranularity > 1 {
            let largest = own * largestBatchMultiple
            let needed = nanosecondsPerInput > 0 ? resolutionTicks * clockGranularity / nanosecondsPerInput : Double(largest)
            // Whole units (a query's 64), between the operation's own batch and the largest.
            let units = (min(Double(largest), needed) / Double(unit)).rounded(.up)
            wanted = max(own, Int(units) * unit)
        }
        let fits = { (batch: Int) in nanosecondsPerInput * Double(batch) * Double(fewestBatchedSamples) <= budget.nanoseconds }
        return [wanted, own].first { $0 > unit && fits($0) } ?? unit
    }

    /// The clock ticks a batched sample spans at least, on a coarse clock: a tick is then at
    /// most 1% of the sample.
    static let resolutionTicks = 100.0

    /// How many times its own batch an operation's sample may take to resolve a coarse clock.
    static let largestBatchMultiple = 8

    /// The inputs timed alone after each sample of `timedBatch` inputs, for the tails: one
    /// unit of `operation` (an input; a query's 64) when the samples are batches of more, else none.
    ///
    /// - Complexity: O(1).
    static func singleInputs(after timedBatch: Int, of operation: BenchmarkWorkload) -> Int {
        let unit = max(1, operation.body.batch)
        return timedBatch > unit ? unit : 0
    }
}
