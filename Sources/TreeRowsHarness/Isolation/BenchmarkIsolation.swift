import TreeRows
import TreeRowsCorpora

/// The isolation wrapper's ``BenchmarkCellHost``: each strategy's cell runs in a
/// ``ChildProcess`` with these limits, leaving its files in `folder` (a ``ScratchFolder`` the
/// caller keeps). A strategy that traps, overflows its stack, hangs or runs out of memory
/// there gives a cell with no samples that is not correct, whose ``BenchmarkResult/crash``
/// says how and ``BenchmarkResult/crashStep`` in which input (the heartbeat names the input it
/// started); a strategy past its step budget but measured slow, not stuck, gives a correct
/// cell with its least cost per operation.
package struct BenchmarkIsolation: BenchmarkCellHost {
    package var limits: ChildProcess.Limits
    package var folder: String

    package init(limits: ChildProcess.Limits, folder: String) {
        self.limits = limits
        self.folder = folder
    }

    /// - Complexity: that of the cell, plus one fork.
    package func measure(failed: BenchmarkResult, cellInputs: BenchmarkCellInputs, shouldStop: () -> Bool,
                         body: (any StepObserver) -> BenchmarkResult) -> BenchmarkResult? {
        let child = ChildProcess.start(limits: limits, folder: folder) { monitor in
            ChildProtocol.encode(ChildReply.measured(body(monitor)))
        }
        var failed = failed
        switch child.wait(stoppingWhen: shouldStop) {
        case .finished(let bytes):
            do throws(ChildProtocolError) {
                return try ChildProtocol.answer(bytes, asked: "a benchmark cell") { if case .measured(let result) = $0 { result } else { nil } }
            } catch {
                failed.crash = Crash(kind: .exit, message: error.description)
            }
        case .crashed(let crash, let record):
            failed.crash = crash
            failed.crashStep = BenchmarkRunner.describe(step: Int(record.operationIndex), of: cellInputs)
        case .slow(let slow, let record):
            // Nothing wrong was seen: the cell is slow, with the least an operation costs.
            var result = failed
            result.correct = true
            let step = Int(record.operationIndex)
            let inputs = step < 0 ? 1 : Int(max(1, record.stepInputs))
            result.slowLowerBoundNanoseconds = slow.lowerBound.nanoseconds / Double(inputs)
            result.slowStep = BenchmarkRunner.describe(step: step, of: cellInputs)
                + (step < 0 ? "" : inputs > 1 ? " and the \(inputs - 1) after it" : "")
                + (step > 0 ? ", after \(step) inputs" : "")
            return result
        case .stopped:
            return nil
        case .killed(let signal, let record):
            failed.crash = Crash(kind: .signal, signal: signal, message: "ended by signal \(signal) from outside the tool, not by the strategy")
            failed.crashStep = BenchmarkRunner.describe(step: Int(record.operationIndex), of: cellInputs)
        }
        return failed
    }
}
