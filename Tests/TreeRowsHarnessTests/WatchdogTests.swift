#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import TreeRows
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// The watchdog of ``ChildProcess`` tells a step that blocks (a hang) from a step that
/// waits because the machine is busy (no hang): what the scheduler says of the child, not
/// the wall clock alone.
struct WatchdogTests {
    /// A fifth of a second per step, whatever the tree.
    static let limits = ChildProcess.Limits(budget: StepMonitor.Budget(base: .milliseconds(200), perNode: .zero), memoryLimit: nil)

    /// A step asleep for more than four budgets is a hang, and its message says it was blocked.
    @Test func aBlockedStepIsAHang() throws {
        let folder = try ScratchFolder()
        let child = ChildProcess.start(limits: Self.limits, folder: folder.path) { monitor in
            monitor.beginCase(nodes: 1)
            monitor.step(strategy: 0, operation: 0)
            sleep(60)
            return []
        }
        let start = ContinuousClock.now
        let ending = child.wait()
        guard case .crashed(let crash, let record) = ending else {
            Issue.record("a step asleep for 60 s finished")
            return
        }
        #expect(crash.kind == .hang, "\(crash)")
        #expect(crash.message.contains("blocked"), "\(crash.message)")
        #expect(record.operationIndex == 0 && record.strategyIndex == 0)
        // Four budgets (0.8 s), then the backtracer and SIGKILL: well short of the 60 s sleep.
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    /// A step kept from a processor (here: stopped by SIGSTOP, as a busy machine would keep it
    /// waiting) for six budgets uses almost no processor time and is not blocked: it is no
    /// hang, and the child finishes once it runs again.
    @Test func aStepKeptFromAProcessorIsNoHang() throws {
        let folder = try ScratchFolder()
        let child = ChildProcess.start(limits: Self.limits, folder: folder.path) { monitor in
            monitor.beginCase(nodes: 1)
            monitor.step(strategy: 0, operation: 0)
            let record = monitor.record
            record.pointee.cases = 1  // in the step
            while record.pointee.operations == 0 { sched_yield() }
            return [42]
        }
        let clock = ContinuousClock()
        let ready = clock.now + .seconds(30)
        while child.record.pointee.cases == 0 && clock.now < ready {
            if let ending = child.poll() {
                Issue.record("the child ended before its step: \(ending)")
                return
            }
            usleep(1_000)
        }
        try #require(child.record.pointee.cases == 1, "the child never began its step")
        kill(child.pid, SIGSTOP)
        let resume = clock.now + .milliseconds(1_200)
        while clock.now < resume {
            if let ending = child.poll() {
                Issue.record("the watchdog ended a stopped child: \(ending)")
                return
            }
            usleep(10_000)
        }
        child.record.pointee.operations = 1
        kill(child.pid, SIGCONT)
        guard case .finished(let bytes) = child.wait() else {
            Issue.record("the child did not finish")
            return
        }
        #expect(bytes == [42])
    }
}

/// The budget of a step grows with the elements ``RowStrategy``'s defaults handle one by one.
struct StepBudgetTests {
    /// The budget a watched child gives `operation` on `tree`, in nanoseconds.
    static func budget(of operation: TreeOperation, in tree: Tree) throws -> Int64 {
        let folder = try ScratchFolder()
        let child = ChildProcess.start(limits: .standard, folder: folder.path) { monitor in
            monitor.beginOperation(operation, in: tree)
            return Array(String(monitor.record.pointee.stepBudget).utf8)
        }
        guard case .finished(let bytes) = child.wait(), let budget = Int64(String(decoding: bytes, as: UTF8.self)) else {
            Issue.record("the child did not answer")
            return 0
        }
        return budget
    }

    /// An accordion among k siblings costs the default k collapses, each a pass over the
    /// rows of a strategy that rebuilds them: its budget counts the siblings, as a page's
    /// counts its replies. (A flat forest of 2,775 expanded comments, the fuzzer's long
    /// case, took the example strategy 2.05 s of a 2.03 s budget.)
    @Test func anAccordionCountsItsSiblings() throws {
        let forest = TreeShapes.balanced(roots: 2_775, fanout: 0, depth: 0)
        let nodes = forest.nodeCount
        let node = forest.children(of: Tree.root)[100]
        let accordion = try Self.budget(of: .accordionExpand(node), in: forest)
        let toggle = try Self.budget(of: .toggle(node), in: forest)
        let standard = StepMonitor.Budget.standard
        #expect(toggle == standard.nanoseconds(nodes: nodes), "a toggle is one element")
        #expect(accordion == standard.nanoseconds(nodes: nodes, elements: 2_775), "\(accordion) ns")
        // Three times what the rebuilt row array takes (about 260 ns a node and sibling).
        #expect(accordion - toggle >= 3 * 260 * Int64(nodes) * 2_774, "\(accordion) ns")
    }
}

extension ChildProcess.Ending: CustomStringConvertible {
    public var description: String {
        switch self {
        case .finished(let bytes): "finished with \(bytes.count) bytes"
        case .crashed(let crash, _): "crashed: \(crash.kind) \(crash.message)"
        case .slow(let slow, _): "slow after \(slow.lowerBound)"
        case .stopped: "stopped"
        case .killed(let signal, _): "killed by signal \(signal)"
        }
    }
}

/// Slow or stuck, by the strategy's own measured cost (``StepCostModel``): a step past the
/// standard budget is a hang only past ``StepMonitor/hangMultiple`` times what the strategy's
/// earlier steps predict for it.
@Suite(.serialized) struct SlowOrStuckTests {
    /// A fifth of a second per step, whatever the tree.
    static let limits = ChildProcess.Limits(budget: StepMonitor.Budget(base: .milliseconds(200), perNode: .zero), memoryLimit: nil)

    /// A child whose strategy 0 takes two steps of `earlier` milliseconds, then one of `last`.
    static func child(_ limits: ChildProcess.Limits, earlier: Int64, last: Int64, folder: ScratchFolder) -> ChildProcess {
        ChildProcess.start(limits: limits, folder: folder.path) { monitor in
            monitor.beginCase(nodes: 1)
            for operation in 0..<3 {
                monitor.beginOperation(.toggle(NodeIndex(0)), in: Tree())
                monitor.step(strategy: 0, operation: operation)
                ProcessorSpin.spin(for: (operation < 2 ? earlier : last) * 1_000_000)
            }
            monitor.step(strategy: -1, operation: 3)
            return [7]
        }
    }

    /// Steps of 60 ms, then one of 600 ms: three standard budgets, but ten times its own
    /// cost, well within 32: slow, not stuck. It runs on and finishes.
    @Test func aSlowStrategyIsNoHang() throws {
        let folder = try ScratchFolder()
        let ending = Self.child(Self.limits, earlier: 60, last: 600, folder: folder).wait()
        guard case .finished(let bytes) = ending else {
            Issue.record("a step ten times its strategy's own cost ended \(ending)")
            return
        }
        #expect(bytes == [7])
    }

    /// The same step where a slow step may not run on (a benchmark cell): stopped as slow,
    /// with the processor time it had used, past the standard budget.
    @Test func aSlowStepIsStoppedWhereTheRunSaysSo() throws {
        var limits = Self.limits
        limits.slowSteps = .stop
        let folder = try ScratchFolder()
        let ending = Self.child(limits, earlier: 60, last: 600, folder: folder).wait()
        guard case .slow(let slow, let record) = ending else {
            Issue.record("a slow step under .stop ended \(ending)")
            return
        }
        #expect(slow.lowerBound >= .milliseconds(200), "\(slow)")
        #expect(slow.predicted >= .milliseconds(50), "\(slow)")
        #expect(record.operationIndex == 2)
    }

    /// Steps of 1 ms, then one that spins on: past 32 times its own cost and the standard
    /// budget, a hang, whose message names both and by how much.
    @Test func aFastStrategyStuckIsAHang() throws {
        let folder = try ScratchFolder()
        let ending = Self.child(Self.limits, earlier: 1, last: 60_000, folder: folder).wait()
        guard case .crashed(let crash, _) = ending else {
            Issue.record("a step 60,000 times its own cost ended \(ending)")
            return
        }
        #expect(crash.kind == .hang, "\(crash)")
        #expect(crash.message.contains("past 32 times the") && crash.message.contains("× the prediction"), "\(crash.message)")
    }

    /// A ceiling makes a step a hang whatever its strategy's cost predicts.
    @Test func theCeilingHolds() throws {
        var limits = Self.limits
        limits.hangCeiling = .milliseconds(400)
        let folder = try ScratchFolder()
        let ending = Self.child(limits, earlier: 60, last: 60_000, folder: folder).wait()
        guard case .crashed(let crash, _) = ending else {
            Issue.record("a step past the ceiling ended \(ending)")
            return
        }
        #expect(crash.kind == .hang && crash.message.contains("the ceiling of"), "\(crash)")
    }

    /// Stopped by its parent, a child is no finding; killed from outside, it says by what.
    @Test func stoppedAndKilledAreNoCrashes() throws {
        let folder = try ScratchFolder()
        let stopped = Self.child(Self.limits, earlier: 60, last: 60_000, folder: folder)
        usleep(300_000)
        stopped.stop()
        guard case .stopped = stopped.wait() else {
            Issue.record("a child stopped by its parent ended otherwise")
            return
        }
        let killed = Self.child(Self.limits, earlier: 60, last: 60_000, folder: folder)
        usleep(300_000)
        kill(killed.pid, SIGTERM)
        guard case .killed(let signal, _) = killed.wait() else {
            Issue.record("a child killed from outside ended otherwise")
            return
        }
        #expect(signal == SIGTERM)
    }

    /// The model predicts a kind from its own steps, an unseen kind from the strategy's
    /// highest rate, and a larger step with room to grow.
    @Test func predictions() {
        var model = StepCostModel()
        #expect(model.predict(strategy: 0, kind: 0, work: 100) == 0)
        model.record(strategy: 0, kind: 0, work: 100, nanoseconds: 1_000)
        model.record(strategy: 0, kind: 1, work: 100, nanoseconds: 5_000)
        #expect(model.predict(strategy: 0, kind: 0, work: 100) == 1_000)
        #expect(model.predict(strategy: 0, kind: 2, work: 100) == 5_000)
        #expect(model.predict(strategy: 0, kind: 0, work: 400) == 1_000 * 4 * 2)
        #expect(model.predict(strategy: 1, kind: 0, work: 100) == 0)
    }
}
