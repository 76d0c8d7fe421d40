import TreeRows

/// Where a ``BenchmarkRunner`` measures each strategy's cell when not in its own process:
/// a host runs the cell's body somewhere that a strategy's crash, hang or exhausted memory
/// cannot end the run (the isolation wrapper's), and turns such an
/// ending into a cell that says so.
package protocol BenchmarkCellHost: Sendable {
    /// Measures one strategy's cell by running `body`, which reports its steps to the
    /// observer it is given (the build: strategy 0, operation ``BenchmarkRunner/buildStep``;
    /// each batch of inputs: the first input's index; the final check:
    /// ``BenchmarkRunner/finalCheckStep``).
    ///
    /// - Parameters:
    ///   - failed: The cell to report, with what went wrong added, when `body` does not return.
    ///   - cellInputs: The cell's inputs, to name the one a step stood at.
    ///   - shouldStop: Polled while the cell runs (Ctrl-C).
    /// - Returns: The cell, or `nil` when `shouldStop` stopped it (or something outside the
    ///   tool ended it) before it was measured.
    /// - Complexity: that of `body`, plus the host's.
    func measure(failed: BenchmarkResult, cellInputs: BenchmarkCellInputs, shouldStop: () -> Bool,
                 body: (any StepObserver) -> BenchmarkResult) -> BenchmarkResult?
}

extension BenchmarkRunner {
    /// The step a cell reports during its build.
    package static let buildStep = -1
    /// The step a cell reports during its final check.
    package static let finalCheckStep = -2

    /// Tells `observer` that a cell's next step times `inputs`: how many, and their elements
    /// (the siblings each accordion collapses, the replies of each page; 1 for any other
    /// input), what a flat strategy pays per node; then begins the step.
    ///
    /// - Complexity: O(1); O(*i*) for *i* inputs (O(*k*) for an accordion among *k*
    ///   siblings) when the observer ``StepObserver/measuresSteps``.
    static func beginStep(_ inputs: ArraySlice<BenchmarkInput>, of operation: BenchmarkWorkload, tree: Tree,
                          observer: any StepObserver) {
        if observer.measuresSteps {
            var elements = 0
            for input in inputs {
                switch input {
                case .page(let ids, _, _): elements += max(1, ids.count)
                case .node(let node) where operation == .accordionExpand && tree.contains(node):
                    elements += max(1, tree.childCount(of: tree.parent(of: node)))
                default: elements += 1
                }
            }
            observer.beginInputs(inputs.count, elements: elements, nodes: tree.nodeCount)
        }
        observer.step(strategy: 0, operation: inputs.startIndex)
    }

    /// Where a cell's step stood: its build, an input (with what it acts on), or its final check.
    package static func describe(step: Int, of cellInputs: BenchmarkCellInputs) -> String {
        switch step {
        case buildStep: return "its build"
        case finalCheckStep: return "the check at the end of the cell"
        default:
            guard cellInputs.inputs.indices.contains(step) else { return "input \(step)" }
            if case .none = cellInputs.inputs[step] { return "input \(step)" }
            return "input \(step) (\(cellInputs.inputs[step]))"
        }
    }
}
