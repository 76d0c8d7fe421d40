import TreeRows

/// What an isolated child is doing, kept in memory that its parent reads while it runs and
/// after it died: a heartbeat for the watchdog, the step's time budget, which strategy and
/// which operation ran last, and which fuzz case (enough to draw it again).
///
/// The child writes plain 64-bit words; the parent only reads them (a torn or stale read
/// costs one watchdog tick, never a wrong verdict: a finding is always run again).
package struct StepRecord {
    /// Bumped at the start of every step; the watchdog fires when it stands still too long.
    package var heartbeat: UInt64 = 0
    /// How long the current step may take, in nanoseconds (0: no watchdog).
    package var stepBudget: Int64 = 0
    /// The nodes the budget was computed for.
    package var budgetNodes: Int64 = 0
    /// The elements of the operation the budget was computed for (a page's replies; 1 for
    /// any other operation).
    package var budgetElements: Int64 = 1
    /// What the strategy's own measured cost predicts for the current step, in nanoseconds
    /// (0: nothing measured yet): ``StepCostModel``.
    package var stepPredicted: Int64 = 0
    /// The same from the strategy's steps of the current step's kind alone (0: none yet).
    package var stepPredictedOwnKind: Int64 = 0
    /// The kind of the current step: an ``OperationKindIndex`` position, or
    /// ``StepCostModel/buildKind`` or ``StepCostModel/inputsKind``.
    package var stepKind: Int64 = 0
    /// The inputs a benchmark cell's current step times (1 for any other step).
    package var stepInputs: Int64 = 1
    /// The strategy of the current step: its position among those run, -1 for the reference
    /// and the harness.
    package var strategyIndex: Int64 = -1
    /// The operation of the current step: its position in the case, -1 for the build and
    /// the initial check.
    package var operationIndex: Int64 = -1
    /// The fuzz case under way (``FuzzCaseIdentity``'s fields), `tier` -1 outside a case.
    package var tier: Int64 = -1
    package var caseNumber: Int64 = 0
    package var samplerState: UInt64 = 0
    package var samplerDrawn: Int64 = 0
    package var caseSeed: UInt64 = 0
    package var churnArm: Int64 = -1
    /// The node cap of a scaled-down large case (0: none), and the strategies it runs (bit
    /// *i*: the run's strategy *i*).
    package var nodeCap: Int64 = 0
    package var activeStrategies: UInt64 = .max
    /// Progress of a fuzz worker, for the parent's status line.
    package var operations: Int64 = 0
    package var cases: Int64 = 0
    /// Set by the parent: stop at the next operation (another worker found something).
    package var stopRequested: Int64 = 0

    package init() {}
}

/// The child's side of the watchdog: the ``StepObserver`` (and ``FuzzObserver``) that the
/// isolation wrapper hands the driver it runs in a child. Every step bumps the heartbeat of
/// the ``StepRecord`` the parent reads, times the step before it into the strategy's
/// ``StepCostModel``, and writes what the model predicts for the new step.
///
/// The standard budget of a step is ``Budget/base`` plus ``Budget/perNode`` for every node
/// of the tree, plus ``Budget/perNodeElement`` for every node and every element the
/// operation adds beyond one (a page of *k* replies costs a flat strategy *k* passes over the
/// rows). It is set for the case's tree by ``beginCase(nodes:)`` (the build and the initial
/// checks) and for each operation by ``beginOperation(_:nodes:elements:)``. A step past it is a hang only
/// if it is also past ``hangMultiple`` times what the strategy's own cost predicts: a slow
/// strategy is measured, not called stuck (``ChildProcess`` applies the rule).
package final class StepMonitor: FuzzObserver {
    /// The watchdog's limits.
    package struct Budget: Sendable {
        /// The budget of a step on a tree of a few nodes.
        package var base: Duration
        /// What each node of the tree adds.
        package var perNode: Duration
        /// What each node adds for each element of the operation beyond the first.
        package var perNodeElement: Duration

        /// 2 seconds, 10 microseconds per node (12 seconds at a million nodes), and a
        /// microsecond per node and element (2 seconds more for a page of 2,048 replies on a
        /// tree of 1,000 nodes; 7.7 for an accordion among 2,775 expanded siblings). A strategy
        /// that adds a page's replies or collapses an accordion's siblings one by one pays
        /// O(*k* · *n*): fenwick-counts under a deep chain, and the row array rebuilt after
        /// each change that docs/OwnStrategy.md starts from (about 260 ns per node and element).
        package static let standard = Budget(base: .seconds(2), perNode: .microseconds(10))

        package init(base: Duration, perNode: Duration, perNodeElement: Duration = .microseconds(1)) {
            self.base = base
            self.perNode = perNode
            self.perNodeElement = perNodeElement
        }

        /// The budget of a step on a tree of `nodes` nodes, of an operation of `elements`
        /// elements, in nanoseconds.
        package func nanoseconds(nodes: Int, elements: Int = 1) -> Int64 {
            let nodes = Double(max(0, nodes))
            let total = base.nanoseconds + perNode.nanoseconds * nodes + perNodeElement.nanoseconds * nodes * Double(max(0, elements - 1))
            return total >= 9e18 ? Int64.max : Int64(total)
        }
    }

    /// How many times its own predicted cost a step past the standard budget must have used
    /// to be a hang: 32 (a step's cost varies with where it acts and with the deeper checks
    /// every 16 operations; the prediction already takes the highest rate seen).
    package static let hangMultiple = 32.0

    /// The monitor of this process, when it is a watched child (set before the child's body
    /// runs): for test strategies that must outlast the budget they are given. No driver
    /// reads it; each is handed its observer.
    nonisolated(unsafe) package static var current: StepMonitor?

    /// The record the parent reads.
    package let record: UnsafeMutablePointer<StepRecord>
    /// The budget steps get.
    package let budget: Budget
    /// Every strategy's measured cost in this process.
    private var costs = StepCostModel()
    /// The step under way: its strategy, kind and work, and when it began.
    private var current: (strategy: Int, kind: Int, work: Double, start: ContinuousClock.Instant)?
    /// The kind and work the next steps are of.
    private var kind = StepCostModel.buildKind
    private var work = 1.0
    private let clock = ContinuousClock()

    /// A monitor writing to `record`, with steps of `budget`.
    package init(record: UnsafeMutablePointer<StepRecord>, budget: Budget) {
        self.record = record
        self.budget = budget
    }

    package var measuresSteps: Bool { true }

    /// A new case on a tree of `nodes` nodes: its steps get the budget of that size.
    ///
    /// - Complexity: O(1).
    package func beginCase(nodes: Int) {
        endStep()
        setBudget(record, nodes: nodes, elements: 1)
        record.pointee.stepInputs = 1
        kind = StepCostModel.buildKind
        record.pointee.strategyIndex = -1
        record.pointee.operationIndex = -1
        record.pointee.heartbeat &+= 1
    }

    /// An operation of the case begins on a tree of `nodes` nodes, with `elements` elements
    /// (``StepCostModel/elements(of:in:)``): its steps get the budget of that size, what
    /// ``RowStrategy``'s defaults do one by one: a page's replies, and the siblings an
    /// accordion collapses.
    ///
    /// - Complexity: O(1).
    package func beginOperation(_ operation: TreeOperation, nodes: Int, elements: Int) {
        endStep()
        setBudget(record, nodes: nodes, elements: elements)
        kind = OperationKindIndex.of(operation.kind)
    }

    /// A benchmark cell's next steps time `inputs` inputs of `elements` elements in all (the
    /// siblings its accordions collapse, the replies of its pages) on a tree of `nodes` nodes.
    ///
    /// - Complexity: O(1).
    package func beginInputs(_ inputs: Int, elements: Int, nodes: Int) {
        endStep()
        setBudget(record, nodes: nodes, elements: elements)
        record.pointee.stepInputs = Int64(max(1, inputs))
        kind = StepCostModel.inputsKind
    }

    /// Writes the budget of `nodes` and `elements`, and what it was computed for.
    private func setBudget(_ record: UnsafeMutablePointer<StepRecord>, nodes: Int, elements: Int) {
        record.pointee.stepBudget = budget.nanoseconds(nodes: nodes, elements: elements)
        record.pointee.budgetNodes = Int64(nodes)
        record.pointee.budgetElements = Int64(elements)
        work = Double(max(1, nodes)) * Double(max(1, elements))
    }

    /// Times the step under way, if any, into the cost model.
    private func endStep() {
        guard let step = current else { return }
        current = nil
        let elapsed = clock.now - step.start
        costs.record(strategy: step.strategy, kind: step.kind, work: step.work, nanoseconds: elapsed.nanoseconds)
    }

    /// The current step is alive but waiting on another process (a turn with a peer bench,
    /// ``AlternatingTurns``): the watchdog counts its budget afresh.
    ///
    /// - Complexity: O(1).
    package func pulse() {
        record.pointee.heartbeat &+= 1
    }

    /// A step begins: `strategy` (-1: the reference or the harness) on operation
    /// `operation` (-1: the build or the initial check). The step before it is timed into
    /// the cost model, and the record gets what the model predicts for this one.
    ///
    /// - Complexity: O(1).
    package func step(strategy: Int, operation: Int) {
        endStep()
        let stepKind = operation < 0 ? StepCostModel.buildKind : kind
        let predicted = costs.predict(strategy: strategy, kind: stepKind, work: work)
        record.pointee.stepPredicted = predicted >= 9e18 ? Int64.max : Int64(predicted)
        record.pointee.stepPredictedOwnKind = costs.hasOwn(strategy: strategy, kind: stepKind) ? record.pointee.stepPredicted : 0
        record.pointee.stepKind = Int64(stepKind)
        record.pointee.strategyIndex = Int64(strategy)
        record.pointee.operationIndex = Int64(operation)
        current = (strategy, stepKind, work, clock.now)
        record.pointee.heartbeat &+= 1
    }

    /// Writes the case to the record before it is drawn.
    ///
    /// - Complexity: O(1).
    package func announce(_ identity: FuzzCaseIdentity) {
        record.pointee.tier = identity.tier == .small ? 0 : 1
        record.pointee.caseNumber = Int64(identity.caseNumber)
        record.pointee.samplerState = identity.samplerPosition
        record.pointee.samplerDrawn = Int64(identity.samplerDrawn)
        record.pointee.caseSeed = identity.caseSeed
        record.pointee.churnArm = Int64(identity.churn?.arm ?? -1)
        record.pointee.nodeCap = identity.nodeCap == .max ? 0 : Int64(identity.nodeCap)
        record.pointee.activeStrategies = identity.active
    }

    /// Writes the run's counts, for the parent's status line.
    ///
    /// - Complexity: O(1).
    package func counted(operations: Int, cases: Int) {
        record.pointee.operations = Int64(operations)
        record.pointee.cases = Int64(cases)
    }

    /// Whether the parent asked the driver to stop at its next operation.
    package var stopRequested: Bool { record.pointee.stopRequested != 0 }
}

extension FuzzCaseIdentity {
    /// The identity a watching parent reads from a child's record, if a case was under way.
    package init?(_ record: StepRecord) {
        guard record.tier >= 0 else { return nil }
        self.init(tier: record.tier == 0 ? .small : .large, caseNumber: Int(record.caseNumber), samplerPosition: record.samplerState,
                  samplerDrawn: Int(record.samplerDrawn), caseSeed: record.caseSeed,
                  churn: record.churnArm >= 0 ? RegionChurn(arm: Int(record.churnArm)) : nil,
                  nodeCap: record.nodeCap > 0 ? Int(record.nodeCap) : .max, active: record.activeStrategies)
    }
}
