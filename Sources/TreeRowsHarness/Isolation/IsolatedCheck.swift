import TreeRows
import TreeRowsCorpora

/// Runs a ``LockstepChecker`` with one strategy at a time, each in a ``ChildProcess``
/// beside its own reference: a strategy that traps, overflows its stack, hangs or runs out
/// of memory ends only its child, and its report says how and in which operation, while the
/// other strategies are checked as usual.
package struct IsolatedCheck {
    /// The limits of each child.
    package var limits: ChildProcess.Limits
    private let folder: ScratchFolder

    /// Creates a checker with its own scratch folder.
    ///
    /// - Throws: when no temporary folder can be made.
    package init(limits: ChildProcess.Limits) throws(ScratchFolder.Failure) {
        self.limits = limits
        folder = try ScratchFolder()
    }

    /// Checks each of `strategies` through `count` operations from `seed` on `tree`, as
    /// ``LockstepChecker/run(operations:)`` does.
    ///
    /// - Returns: The reports, the reference's first (from the first child that finished),
    ///   then one per strategy in order. A crashed strategy's report has its ``LockstepReport/crash``,
    ///   the operations it finished, and a message naming the operation it crashed in.
    /// - Complexity: that of the lock-step run, with the reference's work once per
    ///   strategy, plus a fork per strategy.
    ///
    /// With `shouldStop` (Ctrl-C), the running child is asked to stop after its current
    /// operation (and stopped a second later if it is in a long step), and no other strategy
    /// is started: the reports cover what was checked. With a `timeLimit`, each strategy gets
    /// an equal share of the time left when its turn comes, and is stopped alike at its end.
    package func run(tree: Tree, strategies: [any RowStrategy.Type], seed: UInt64, operations count: Int,
                     fullCheckInterval: Int, timeLimit: Duration? = nil, shouldStop: () -> Bool = { false }) -> [LockstepReport] {
        var reference: LockstepReport?
        var reports: [LockstepReport] = []
        let clock = ContinuousClock()
        let end = timeLimit.map { clock.now + $0 }
        let tested = strategies.filter { $0 != ReferenceStrategy.self }
        for (position, strategy) in tested.enumerated() {
            if !reports.isEmpty && shouldStop() { break }
            // An equal share of the time left, so that a slow strategy leaves the others theirs.
            let turnEnd = end.map { clock.now + ($0 - clock.now) / (tested.count - position) }
            let stopTurn = { shouldStop() || turnEnd.map { clock.now >= $0 } ?? false }
            let child = ChildProcess.start(limits: limits, folder: folder.path) { monitor in
                var checker = LockstepChecker(tree: tree, strategies: [strategy], seed: seed, fullCheckInterval: fullCheckInterval,
                                              observer: monitor)
                let reports = checker.run(operations: count, shouldStop: { monitor.stopRequested })
                return ChildProtocol.encode(ChildReply.checked(reference: reports[0], strategy: reports[1]))
            }
            switch child.wait(stoppingWhen: stopTurn) {
            case .finished(let bytes):
                do throws(ChildProtocolError) {
                    let (first, second) = try ChildProtocol.answer(bytes, asked: "a check's reports") { reply in
                        if case .checked(let reference, let strategy) = reply { (reference, strategy) } else { nil }
                    }
                    reference = reference ?? first
                    reports.append(second)
                } catch {
                    reports.append(Self.crashed(strategy, Crash(kind: .exit, message: error.description), at: -1, tree: tree, seed: seed))
                }
            case .crashed(let crash, let record):
                // A crash of the reference or of the checks (strategy -1) is TreeRows' own.
                let name = record.strategyIndex == 0 ? strategy.name : Disagreement.harnessStrategy + " (checking \(strategy.name))"
                var report = Self.crashed(strategy, crash, at: Int(record.operationIndex), tree: tree, seed: seed)
                report.strategy = name
                reports.append(report)
            case .slow(_, let record), .stopped(let record), .killed(_, let record):
                // Stopped in the middle of a step (Ctrl-C): the operations before it, no verdict on it.
                let done = max(0, Int(record.operationIndex))
                reports.append(LockstepReport(strategy: strategy.name, operations: done, disagreements: 0,
                                              messages: [], timings: [:]))
            }
        }
        return (reference.map { [$0] } ?? []) + reports
    }

    /// The report of a strategy that crashed in operation `index` (-1: its build): the
    /// operations before it, and a message naming the crash and the operation.
    private static func crashed(_ strategy: any RowStrategy.Type, _ crash: Crash, at index: Int, tree: Tree,
                                seed: UInt64) -> LockstepReport {
        let step = index < 0 ? "its build" : "operation \(index + 1) (\(LockstepChecker.operation(at: index, tree: tree, seed: seed)))"
        var report = LockstepReport(strategy: strategy.name, operations: max(0, index), disagreements: 1,
                                    messages: ["crashed in \(step): \(crash.summary)"], timings: [:])
        report.crash = crash
        return report
    }
}
