import TreeRows
import TreeRowsCorpora

/// Where an isolated benchmark runs each strategy's cell: child processes with these limits,
/// leaving their files in `folder` (a ``ScratchFolder`` the caller keeps).
package struct BenchmarkIsolation: Sendable {
    package var limits: ChildProcess.Limits
    package var folder: String

    package init(limits: ChildProcess.Limits, folder: String) {
        self.limits = limits
        self.folder = folder
    }
}

extension BenchmarkRunner {
    /// The step an isolated cell records during its build.
    static let buildStep = -1
    /// The step an isolated cell records during its final check.
    static let finalCheckStep = -2

    /// One strategy's cell measured in a ``ChildProcess``: what ``measureStrategyCell`` returns
    /// there, or, when the strategy traps, overflows its stack, hangs or runs out of memory,
    /// a cell with no samples that is not correct, whose ``BenchmarkResult/crash`` says how
    /// and ``BenchmarkResult/crashStep`` in which input (the child's heartbeat names the input it started).
    ///
    /// - Returns: The cell, or `nil` when ``shouldStop`` stopped it (or a signal from outside
    ///   ended its child) before it was measured.
    /// - Complexity: that of the cell, plus one fork.
    func isolatedStrategyCell(
        _ type: any RowStrategy.Type, _ operation: BenchmarkOperation, corpus: String, tree: Tree, workload: BenchmarkWorkload,
        untimedPassInputs: [BenchmarkInput], sharedSetup: Double, isolation: BenchmarkIsolation
    ) -> BenchmarkResult? {
        let child = ChildProcess.start(limits: isolation.limits, folder: isolation.folder) {
            StepMonitor.beginCase(nodes: tree.nodeCount)
            var sink = 0
            let result = measureStrategyCell(type, operation, corpus: corpus, tree: tree, workload: workload,
                                             untimedPassInputs: untimedPassInputs, sharedSetup: sharedSetup, sink: &sink)
            BenchmarkSink.consume(sink)
            return Array(result.json.serialized.utf8)
        }
        var failed = BenchmarkResult(
            strategy: type.name, corpus: corpus, nodes: tree.nodeCount, operation: operation.rawValue, samples: 0,
            medianNanoseconds: 0, p90Nanoseconds: 0, p99Nanoseconds: 0, operationsPerSecond: 0, allocationsPerOperation: nil,
            bytesPerOperation: nil, peakResidentBytes: 0, ratioToReference: nil, ratioToFastest: nil, correct: false)
        failed.debugBuild = Self.unmeasurableBuild != nil
        switch child.wait(stoppingWhen: shouldStop) {
        case .finished(let bytes):
            if let value = try? JSONParser.parse(bytes), let result = try? BenchmarkResult(json: value) { return result }
            failed.crash = Crash(kind: .exit, message: "the child's answer is not a benchmark result")
        case .crashed(let crash, let record):
            let step = Int(record.operationIndex)
            let place = Self.describe(step: step, of: workload)
            failed.crash = crash
            failed.crashStep = place
        case .slow(let slow, let record):
            // Nothing wrong was seen: the cell is slow, with the least an operation costs.
            var result = failed
            result.correct = true
            let step = Int(record.operationIndex)
            let inputs = step < 0 ? 1 : Int(max(1, record.stepInputs))
            result.slowLowerBoundNanoseconds = slow.lowerBound.nanoseconds / Double(inputs)
            result.slowStep = Self.describe(step: step, of: workload)
                + (step < 0 ? "" : inputs > 1 ? " and the \(inputs - 1) after it" : "")
                + (step > 0 ? ", after \(step) inputs" : "")
            return result
        case .stopped:
            return nil
        case .killed(let signal, let record):
            failed.crash = Crash(kind: .signal, signal: signal, message: "ended by signal \(signal) from outside the tool, not by the strategy")
            failed.crashStep = Self.describe(step: Int(record.operationIndex), of: workload)
        }
        return failed
    }

    /// Tells the watchdog that a cell's next step times `inputs`: how many, and their elements
    /// (the siblings each accordion collapses, the replies of each page; 1 for any other
    /// input), what a flat strategy pays per node; then begins the step.
    ///
    /// - Complexity: O(*i*) for *i* inputs (O(*k*) for an accordion among *k* siblings), in a
    ///   watched child only.
    static func beginStep(_ inputs: ArraySlice<BenchmarkInput>, of operation: BenchmarkOperation, tree: Tree) {
        if StepMonitor.record != nil {
            var elements = 0
            for input in inputs {
                switch input {
                case .page(let ids, _, _): elements += max(1, ids.count)
                case .node(let node) where operation == .accordionExpand && tree.contains(node):
                    elements += max(1, tree.childCount(of: tree.parent(of: node)))
                default: elements += 1
                }
            }
            StepMonitor.beginInputs(inputs.count, elements: elements, nodes: tree.nodeCount)
        }
        StepMonitor.step(strategy: 0, operation: inputs.startIndex)
    }

    /// Where a cell's heartbeat stood: its build, an input (with what it acts on), or its final check.
    static func describe(step: Int, of workload: BenchmarkWorkload) -> String {
        switch step {
        case buildStep: return "its build"
        case finalCheckStep: return "the check at the end of the cell"
        default:
            guard workload.inputs.indices.contains(step) else { return "input \(step)" }
            if case .none = workload.inputs[step] { return "input \(step)" }
            return "input \(step) (\(workload.inputs[step]))"
        }
    }
}
