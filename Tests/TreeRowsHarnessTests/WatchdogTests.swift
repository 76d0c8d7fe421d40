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
        let child = ChildProcess.start(limits: Self.limits, folder: folder.path) {
            StepMonitor.beginCase(nodes: 1)
            StepMonitor.step(strategy: 0, operation: 0)
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
        let child = ChildProcess.start(limits: Self.limits, folder: folder.path) {
            StepMonitor.beginCase(nodes: 1)
            StepMonitor.step(strategy: 0, operation: 0)
            let record = StepMonitor.record!
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
        let child = ChildProcess.start(limits: .standard, folder: folder.path) {
            StepMonitor.beginOperation(operation, in: tree)
            return Array(String(StepMonitor.record!.pointee.stepBudget).utf8)
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
        }
    }
}
