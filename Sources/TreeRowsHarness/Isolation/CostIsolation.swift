/// The isolation wrapper's ``CostProbeHost``: each probe runs in a ``ChildProcess`` with
/// these limits (``ChildProcess/SlowStepPolicy/stop``: a step past its budget ends the probe
/// with the least it cost), leaving its files in `folder` (a ``ScratchFolder`` the caller
/// keeps). A strategy that traps, overflows its stack, hangs or runs out of memory there is
/// a crash of the probe, not the end of the search.
package struct CostIsolation: CostProbeHost {
    package var limits: ChildProcess.Limits
    package var folder: String

    /// The limits of a probe: a watchdog of `hangTimeout` seconds plus a microsecond a node,
    /// and 3 GiB.
    package static func limits(hangTimeout: Double) -> ChildProcess.Limits {
        ChildProcess.Limits(budget: StepMonitor.Budget(base: .milliseconds(Int64(hangTimeout * 1000)), perNode: .microseconds(1)),
                            memoryLimit: 3 << 30)
    }

    package init(limits: ChildProcess.Limits, folder: String) {
        var limits = limits
        limits.slowSteps = .stop
        self.limits = limits
        self.folder = folder
    }

    /// - Complexity: that of the probe, plus one fork.
    package func run(_ probe: CostProbe, shouldStop: () -> Bool, body: (any StepObserver) -> CostMeasurement) -> CostProbeOutcome {
        let child = ChildProcess.start(limits: limits, folder: folder) { monitor in
            ChildProtocol.encode(ChildReply.probed(body(monitor)))
        }
        switch child.wait(stoppingWhen: shouldStop) {
        case .finished(let bytes):
            do throws(ChildProtocolError) {
                return .measured(try ChildProtocol.answer(bytes, asked: "a cost probe") { if case .probed(let measured) = $0 { measured } else { nil } })
            } catch {
                return .crashed(Crash(kind: .exit, message: error.description))
            }
        case .crashed(let crash, _):
            return .crashed(crash)
        case .slow(let slow, let record):
            let inputs = Double(max(1, record.stepInputs))
            return .slow(lowerBound: slow.lowerBound.nanoseconds / inputs, step: Int(record.operationIndex))
        case .stopped, .killed:
            return .stopped
        }
    }
}
