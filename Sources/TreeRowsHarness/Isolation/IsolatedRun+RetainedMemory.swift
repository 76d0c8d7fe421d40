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
            guard let measured = RetainedMemory.measure(fuzzCase, strategy: strategy, counter: counter, observer: monitor) else { return Array("{}".utf8) }
            let answer = JSONValue.object([("perRun", .array(measured.perRun.map { .integer($0) })),
                                           ("operations", .integer(Int64(measured.operations)))])
            return Array(answer.serialized.utf8)
        }
        guard case .finished(let bytes) = child.wait(stoppingWhen: shouldStop), let answer = try? JSONParser.parse(bytes),
              case .array(let runs)? = answer["perRun"], let operations = answer["operations"]?.integer else { return nil }
        let perRun = runs.compactMap(\.integer)
        guard perRun.count == runs.count else { return nil }
        return RetainedMemory(perRun: perRun, operations: Int(operations))
    }
}
