import TreeRows
import TreeRowsCorpora

extension IsolatedRun {
    /// ``RetainedMemory/measure(_:strategy:counter:runs:observer:)`` in a child: what `strategy`
    /// retains on `fuzzCase`, or `nil` when the child crashed, was stopped, or `counter`
    /// cannot tell live bytes (a strategy that crashes on the case is no measurement).
    ///
    /// - Complexity: that of the measurement, plus one fork.
    package func retainedMemory(_ fuzzCase: FuzzCase, strategy: any RowStrategy.Type, counter: any AllocationCounter) -> RetainedMemory? {
        let child = ChildProcess.start(limits: limits, folder: folder.path) { monitor in
            let measured = RetainedMemory.measure(fuzzCase, strategy: strategy, counter: counter, observer: monitor)
            return ChildProtocol.encode(measured.map { ChildReply.retained(perRun: $0.perRun, operations: $0.operations) }
                ?? .refused("the allocation counter cannot tell live bytes"))
        }
        guard case .finished(let bytes) = child.wait(stoppingWhen: shouldStop),
              let (perRun, operations) = try? ChildProtocol.answer(bytes, asked: "retained bytes", { reply in
                  if case .retained(let perRun, let operations) = reply { (perRun, operations) } else { nil }
              }) else { return nil }
        return RetainedMemory(perRun: perRun, operations: operations)
    }
}
