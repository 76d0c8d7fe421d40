/// A ``StepObserver`` that a ``Fuzzer`` also tells which case it draws and how far it is.
/// Every requirement has a default that does nothing, in the extension below.
package protocol FuzzObserver: StepObserver {
    /// A case is about to be drawn: enough to draw it again (a crash in its draw, its build
    /// or any of its steps is then a crash of this case).
    func announce(_ identity: FuzzCaseIdentity)

    /// The run's counts so far, after every operation and at the start of every case.
    func counted(operations: Int, cases: Int)

    /// Whether whoever runs the fuzzer asks it to stop at its next operation. `false` by default.
    var stopRequested: Bool { get }
}

extension FuzzObserver {
    package func announce(_ identity: FuzzCaseIdentity) {}
    package func counted(operations: Int, cases: Int) {}
    package var stopRequested: Bool { false }
}

extension SilentObserver: FuzzObserver {}
