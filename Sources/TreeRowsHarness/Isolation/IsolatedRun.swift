import TreeRows
import TreeRowsCorpora

/// Runs a ``FuzzCase`` through strategies in a ``ChildProcess``: what ``DifferentialRun``
/// does, but a strategy that traps, overflows its stack, hangs or runs out of memory ends
/// only the child, and comes back as a ``Disagreement`` whose ``Disagreement/crash`` says
/// how, after which operation (from the child's ``StepRecord``).
package struct IsolatedRun {
    /// What a case did.
    package enum Result {
        /// Every strategy agreed with the reference.
        case pass
        /// A strategy disagreed or crashed.
        case failure(Disagreement)
        /// (Replayed strictly.) An operation did not apply to the tree as it stood.
        case invalid(DifferentialRun.InvalidOperation)
        /// The child was stopped before it finished (``shouldStop``), or a signal from outside
        /// ended it: nothing was decided.
        case stopped
    }

    /// The limits of each child.
    package var limits: ChildProcess.Limits
    /// Where the children leave their files.
    package let folder: ScratchFolder
    /// Polled while a child runs (Ctrl-C): the child is stopped, and its run is ``Result/stopped``.
    package var shouldStop: () -> Bool = { false }

    /// Creates a runner with its own scratch folder.
    ///
    /// - Throws: when no temporary folder can be made.
    package init(limits: ChildProcess.Limits) throws(ScratchFolder.Failure) {
        self.limits = limits
        folder = try ScratchFolder()
    }

    /// Runs `fuzzCase` through `strategies` beside the reference in a child: skipping
    /// operations on nodes that are gone (a shrinker's candidate), or `strictly` (a repro
    /// file: such an operation is ``Result/invalid(_:)``).
    ///
    /// - Complexity: that of ``DifferentialRun``, plus one fork.
    package func run(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type], strictly: Bool) -> Result {
        run(fuzzCase, strategies: strategies, strictly: strictly, trapReport: false).result
    }

    /// ``run(_:strategies:strictly:)`` with a trap report (``ChildProcess/trapReport``): a
    /// fatal signal ends the child at once, its ``Crash`` without the backtracer's frames,
    /// and comes back with its ``TrapSite`` (`nil` for any other ending).
    ///
    /// - Complexity: that of ``run(_:strategies:strictly:)``, without the backtracer's.
    package func runReportingTrap(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type]) -> (result: Result, site: TrapSite?) {
        run(fuzzCase, strategies: strategies, strictly: false, trapReport: true)
    }

    private func run(_ fuzzCase: FuzzCase, strategies: [any RowStrategy.Type], strictly: Bool, trapReport: Bool) -> (result: Result, site: TrapSite?) {
        let child = ChildProcess.start(limits: limits, folder: folder.path, trapReport: trapReport) { monitor in
            let result: ChildReply.RunResult
            do throws(DifferentialRun.InvalidOperation) {
                if let found = try DifferentialRun.run(fuzzCase, strategies: strategies, strictly: strictly, observer: monitor) {
                    result = .failure(found)
                } else {
                    result = .pass
                }
            } catch {
                result = .invalid(index: error.index, problem: error.problem)
            }
            return ChildProtocol.encode(ChildReply.ran(result))
        }
        if shouldStop() { return (.stopped, nil) }
        switch child.wait(stoppingWhen: shouldStop) {
        case .finished(let bytes):
            let result: ChildReply.RunResult
            do throws(ChildProtocolError) {
                result = try ChildProtocol.answer(bytes, asked: "a run of a case") { if case .ran(let result) = $0 { result } else { nil } }
            } catch {
                return (.failure(Self.crashed(Crash(kind: .exit, message: error.description), StepRecord(), strategies)), nil)
            }
            switch result {
            case .pass:
                return (.pass, nil)
            case .failure(let disagreement):
                return (.failure(disagreement), nil)
            case .invalid(let index, let text):
                guard fuzzCase.operations.indices.contains(index) else {
                    let crash = Crash(kind: .exit, message: "the child named operation \(index) invalid, which the case does not have")
                    return (.failure(Self.crashed(crash, StepRecord(), strategies)), nil)
                }
                return (.invalid(DifferentialRun.InvalidOperation(index: index, operation: fuzzCase.operations[index], problem: text)), nil)
            }
        case .crashed(let crash, let record):
            return (.failure(Self.crashed(crash, record, strategies)), child.trapReport.flatMap { TrapSite(signal: $0.signal, frames: $0.frames) })
        case .slow, .stopped, .killed:
            return (.stopped, nil)
        }
    }

    /// The disagreement of a crash: the strategy and operation the record names.
    ///
    /// - Parameter strategies: The strategies the child ran, in its order.
    package static func crashed(_ crash: Crash, _ record: StepRecord, _ strategies: [any RowStrategy.Type]) -> Disagreement {
        let index = Int(record.strategyIndex)
        let name = strategies.indices.contains(index) ? strategies[index].name : Disagreement.harnessStrategy
        let step = record.operationIndex < 0 ? "building or checking the initial rows" : "operation \(record.operationIndex)"
        return Disagreement(strategy: name, operationIndex: Int(record.operationIndex), problem: "\(crash.summary), in \(step)",
                            expectedRows: [], actualRows: [], diff: "", crash: crash)
    }

    /// Shrinks `found`, a failure of `strategies` (the one that failed, or all for a crash
    /// of TreeRows' own code) on `fuzzCase`, with every candidate run in a child: a
    /// candidate is kept when it fails the same way (the same crash ``Crash/signature``, or a
    /// disagreement that is not a crash).
    ///
    /// A trap or a fatal signal that the case brings about again with a trap report
    /// (``runReportingTrap(_:strategies:)``) is shrunk by its ``TrapSite``: a candidate is
    /// kept when it crashes at the same site, without the backtracer's half second or more
    /// per candidate; the case it shrinks to must then crash with the same signature under
    /// the backtracer, or the shrinking starts again from the whole case with the time left.
    ///
    /// Candidates get a watchdog of at most a quarter of a second per step on a small tree
    /// (a hang costs that, not the run's budget, per candidate); the case they shrink to must
    /// then fail the same way under the run's own limits, or the case is kept whole.
    ///
    /// `found` is taken as `fuzzCase`'s failure, not run again first (a flaky failure could
    /// pass that run and leave the case unshrunk).
    ///
    /// - Returns: The smallest failing case and its failure (`fuzzCase` and `found` if no
    ///   candidate fails alike).
    /// - Complexity: that of ``Shrinker/shrink(_:timeLimit:failure:)``, a fork per candidate.
    package func shrink(_ fuzzCase: FuzzCase, failing found: Disagreement, strategies: [any RowStrategy.Type],
                        timeLimit: Duration) -> (FuzzCase, Disagreement) {
        let signature = found.crash?.signature
        var candidates = self
        candidates.limits.budget.base = min(limits.budget.base, .milliseconds(250))
        func sameFailure(_ result: Result) -> Disagreement? {
            guard case .failure(let again) = result, !again.isInvalidCase, again.crash?.signature == signature else { return nil }
            return again
        }
        let clock = ContinuousClock()
        let deadline = clock.now + timeLimit
        if found.crash?.kind == .trap || found.crash?.kind == .signal,
           case (.failure(let again), let site?) = candidates.runReportingTrap(fuzzCase, strategies: strategies), again.crash?.kind == found.crash?.kind {
            let shrunk = Shrinker.shrink(fuzzCase, timeLimit: deadline - clock.now, known: again) { candidate in
                let (result, candidateSite) = candidates.runReportingTrap(candidate, strategies: strategies)
                guard candidateSite == site, case .failure(let failure) = result, !failure.isInvalidCase else { return nil }
                return failure
            }
            if let (small, _) = shrunk, let confirmed = sameFailure(run(small, strategies: strategies, strictly: false)) {
                return (small, confirmed)
            }
        }
        // `found` was just seen: a flaky failure rerun first could pass and end the shrinking.
        guard let (small, failure) = Shrinker.shrink(fuzzCase, timeLimit: max(.zero, deadline - clock.now), known: found, failure: { candidate in
            sameFailure(candidates.run(candidate, strategies: strategies, strictly: false))
        }) else { return (fuzzCase, found) }
        guard found.crash?.kind == .hang || found.crash?.kind == .memory else { return (small, failure) }
        guard let confirmed = sameFailure(run(small, strategies: strategies, strictly: false)) else { return (fuzzCase, found) }
        return (small, confirmed)
    }
}
