import Histogram
import TreeRows

extension BenchmarkRunner {
    /// One strategy's cell: its build (with the bytes it keeps), the untimed pass on
    /// that fresh state, its timed block on the same state, then the check of the state
    /// every input so far should have left.
    func measureStrategyCell(
        _ type: any RowStrategy.Type, _ operation: BenchmarkOperation, corpus: String, tree: Tree, workload: BenchmarkWorkload,
        untimedPassInputs: [BenchmarkInput], sharedSetup: Double, sink: inout Int
    ) -> BenchmarkResult {
        let clock = ContinuousClock()
        let batch = operation.body.batch
        let buildStart = clock.now
        // An isolated cell's heartbeat (see ``StepMonitor``): the build, each input's index, the final check.
        StepMonitor.step(strategy: 0, operation: Self.buildStep)
        // What a fresh strategy keeps beyond the tree it shares, read around its build alone.
        let (state, keptBytes) = keptBytesPerNode(by: allocations, nodes: { _ in tree.nodeCount }) { type.init(tree: tree) }
        var split = BenchmarkTimeSplit(setup: sharedSetup + (clock.now - buildStart).nanoseconds / 1e9)
        // Moved, not copied: a second reference to the state would make its first writes copy.
        var strategyCell = BenchmarkStrategyCell(operation, state: consume state, tree: tree)
        let untimed = untimedPass(untimedPassInputs, &strategyCell, tree: tree, sink: &sink)
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
            StepMonitor.step(strategy: 0, operation: strategyCell.next)
            strategyCell.next += batch
            strategyCell.prepare()
            if let eviction = configuration.eviction { sink &+= Int(truncatingIfNeeded: eviction.run()) }
            let start = clock.now
            sink &+= strategyCell.perform(inputs, tree: tree)
            let elapsed = clock.now - start
            strategyCell.applyToExpected(inputs)
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
        StepMonitor.step(strategy: 0, operation: Self.finalCheckStep)
        let checkStart = clock.now
        let correct = untimed.correct && strategyCell.isCorrect(sampling: workload.inputs.prefix(64))
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
}
