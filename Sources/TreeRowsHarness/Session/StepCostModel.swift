import TreeRows

/// What each strategy's own steps have cost so far in this process, by kind of step: the
/// watchdog's prediction of the next step from the strategy's own measured speed, so that a
/// slow strategy (a row array rebuilt on every change, O(*n*) a toggle, O(*n* · *k*) an
/// accordion) is not mistaken for a stuck one, and a stuck fast one still is.
///
/// A step's *work* is the tree's nodes times the operation's elements (a page's replies, the
/// siblings an accordion collapses; 1 otherwise): what a flat strategy pays. The model keeps,
/// per strategy and kind, the highest time per unit of work seen and the largest work seen.
/// It predicts a step as that rate times the step's work, times √(work ÷ largest work seen)
/// for a step larger than any seen (room for a cost that grows faster than the work, up to
/// O(work^1.5) between sizes seen). A kind not yet seen is predicted from the strategy's
/// highest rate over every kind (its build and checks included).
///
/// The rates are wall time, so a busy machine only makes predictions more generous.
package struct StepCostModel: Sendable {
    /// One kind of step of one strategy.
    struct Entry: Sendable {
        /// The highest nanoseconds per unit of work seen.
        var rate = 0.0
        /// The largest work seen.
        var largestWork = 0.0
        /// The highest rate among the steps within half of the largest work: a step's fixed
        /// costs weigh little there, so it is the rate that scales to larger steps.
        var frontierRate = 0.0
        /// Steps recorded.
        var steps = 0

        mutating func record(work: Double, nanoseconds: Double) {
            let stepRate = nanoseconds / work
            rate = max(rate, stepRate)
            if work >= 2 * largestWork {
                frontierRate = stepRate
            } else if work >= largestWork / 2 {
                frontierRate = max(frontierRate, stepRate)
            }
            largestWork = max(largestWork, work)
            steps += 1
        }

        mutating func merge(_ other: Entry) {
            rate = max(rate, other.rate)
            if other.largestWork >= 2 * largestWork {
                frontierRate = other.frontierRate
            } else if other.largestWork >= largestWork / 2 {
                frontierRate = max(frontierRate, other.frontierRate)
            }
            largestWork = max(largestWork, other.largestWork)
            steps += other.steps
        }

        /// With `growing`, the highest rate, with room to grow past the largest work seen (the
        /// watchdog's generous bound); without, the rate near the largest work seen (an estimate).
        func predict(work: Double, growing: Bool) -> Double {
            guard steps > 0 else { return 0 }
            guard growing else { return frontierRate * work }
            let growth = work > largestWork ? (work / largestWork).squareRoot() : 1
            return rate * work * growth
        }
    }

    /// Kinds of step: every ``OperationKind``, then a build or check outside any operation,
    /// then a benchmark cell's inputs.
    package static let kindCount = OperationKindIndex.count + 2
    /// The kind of a build or a check outside any operation.
    package static let buildKind = OperationKindIndex.count
    /// The kind of a benchmark cell's timed or untimed inputs.
    package static let inputsKind = OperationKindIndex.count + 1

    /// The elements of `operation` on `tree` that a flat strategy handles one by one: a
    /// page's replies and an accordion's siblings; 1 for any other operation. A step's work
    /// is the tree's nodes times this.
    ///
    /// - Complexity: O(1), or O(*k*) for an accordion among *k* siblings.
    package static func elements(of operation: TreeOperation, in tree: Tree) -> Int {
        switch operation {
        case .loadPage(let ids, _, _, _):
            return max(1, ids.count)
        case .accordionExpand(let node) where tree.contains(node):
            return max(1, tree.childCount(of: tree.parent(of: node)))
        default:
            return 1
        }
    }

    /// Entries by `(strategy + 1) * kindCount + kind`; strategy -1 is the reference and harness.
    private var entries: [Entry] = []
    /// Per strategy (+1): every kind together.
    private var overall: [Entry] = []

    package init() {}

    /// Records that a step of `strategy` (-1: the reference or the harness) of `kind` took
    /// `nanoseconds` for `work` units.
    ///
    /// - Complexity: O(1) amortized.
    package mutating func record(strategy: Int, kind: Int, work: Double, nanoseconds: Double) {
        let slot = strategy + 1
        guard slot >= 0, (0..<Self.kindCount).contains(kind), nanoseconds >= 0 else { return }
        makeRoom(for: slot)
        let work = max(1, work)
        entries[slot * Self.kindCount + kind].record(work: work, nanoseconds: nanoseconds)
        overall[slot].record(work: work, nanoseconds: nanoseconds)
    }

    /// Whether `strategy` has steps of its own of `kind`.
    ///
    /// - Complexity: O(1).
    package func hasOwn(strategy: Int, kind: Int) -> Bool {
        let slot = strategy + 1
        return slot >= 0 && slot < overall.count && (0..<Self.kindCount).contains(kind) && entries[slot * Self.kindCount + kind].steps > 0
    }

    /// Whether operations of `kind` hand a flat strategy elements one by one (an accordion's
    /// siblings, a page's replies): their work counts the elements.
    ///
    /// - Complexity: O(1).
    package static func handlesElementsOneByOne(_ kind: Int) -> Bool {
        kind == OperationKindIndex.of(.accordionExpand) || kind == OperationKindIndex.of(.loadPage)
    }

    /// Grows the tables to hold `slot`.
    private mutating func makeRoom(for slot: Int) {
        guard slot >= overall.count else { return }
        overall += Array(repeating: Entry(), count: slot + 1 - overall.count)
        entries += Array(repeating: Entry(), count: (slot + 1) * Self.kindCount - entries.count)
    }

    /// Takes in what `other` measured, its strategy *i* being this model's `positions[i]`
    /// (the reference and harness, -1, stay -1).
    ///
    /// - Complexity: O(*s* · *k*) for *s* strategies and *k* kinds.
    package mutating func merge(_ other: StepCostModel, positions: [Int]) {
        for slot in other.overall.indices where other.overall[slot].steps > 0 {
            let strategy = slot == 0 ? -1 : positions.indices.contains(slot - 1) ? positions[slot - 1] : -2
            guard strategy >= -1 else { continue }
            for kind in 0..<Self.kindCount {
                let entry = other.entries[slot * Self.kindCount + kind]
                guard entry.steps > 0 else { continue }
                makeRoom(for: strategy + 1)
                entries[(strategy + 1) * Self.kindCount + kind].merge(entry)
                overall[strategy + 1].merge(entry)
            }
        }
    }

    /// Whether `strategy` has a step of at least `work` units recorded.
    ///
    /// - Complexity: O(1).
    package func hasMeasured(strategy: Int, work: Double) -> Bool {
        let slot = strategy + 1
        return slot >= 0 && slot < overall.count && overall[slot].largestWork >= work
    }

    /// The nanoseconds a step of `strategy` of `kind` on `work` units should take by the
    /// strategy's own record, or 0 when it has none.
    ///
    /// - Parameter growing: Whether a step larger than any seen gets room to grow faster than
    ///   its work (the watchdog's generous bound); without, the rate alone (a fuzzer's estimate).
    /// - Complexity: O(1).
    package func predict(strategy: Int, kind: Int, work: Double, growing: Bool = true) -> Double {
        let slot = strategy + 1
        guard slot >= 0, slot < overall.count, (0..<Self.kindCount).contains(kind) else { return 0 }
        let work = max(1, work)
        let own = entries[slot * Self.kindCount + kind]
        return own.steps > 0 ? own.predict(work: work, growing: growing) : overall[slot].predict(work: work, growing: growing)
    }
}

/// The position of each ``OperationKind`` among its cases, for arrays indexed by kind.
package enum OperationKindIndex {
    /// The number of kinds.
    package static let count = OperationKind.allCases.count

    /// The position of `kind` in ``OperationKind/allCases``.
    ///
    /// - Complexity: O(1) after the first call (a table built once).
    package static func of(_ kind: OperationKind) -> Int { positions[kind] ?? 0 }

    private static let positions: [OperationKind: Int] = Dictionary(
        uniqueKeysWithValues: OperationKind.allCases.enumerated().map { ($1, $0) })
}
