#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TreeRows
import TreeRowsHarness

/// A correct strategy (subtree-splice) with one bug of the crash family (a ``MutantBug``
/// that traps, recurses without bound, loops or allocates without bound), the way Swift
/// bugs usually show: it never answers wrong, it ends the process.
public struct CrashMutant<Bug: RowArrayBug>: ForwardingStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }
    public var base: SubtreeSpliceStrategy

    public init(base: SubtreeSpliceStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        if Bug.bug == .toggleHiddenUnwrapsRow {
            // The row of the node, to report the change: there is none for a hidden node.
            let row = base.index(of: node)!
            precondition(row >= 0)
        }
        if Bug.bug == .firstToggleStalls && !firstToggleDone {
            firstToggleDone = true
            // A scan that warms a cache and ends: one and a half standard budgets, and at least twice the hang multiple of what this
            // strategy's own steps predict (a debug build's steps take milliseconds): a hang by
            // either measure, however slow the build.
            let predicted = StepMonitor.current.map { Double($0.record.pointee.stepPredicted) } ?? 0
            let budget = StepMonitor.current?.budget ?? .standard
            ProcessorSpin.spin(for: max(budget.nanoseconds(nodes: base.tree.nodeCount) / 2 * 3,
                                    Int64(2 * StepMonitor.hangMultiple * predicted)))
        }
        return base.toggle(node)
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        if Bug.bug == .removeLastChildReadsPastEnd {
            let siblings = base.tree.children(of: base.tree.parent(of: node))
            if siblings.count > 1, let position = siblings.firstIndex(of: node) {
                // The sibling that moves up into the removed one's place: past the end for the last.
                let next = siblings[position + 1]
                precondition(base.tree.contains(next))
            }
        }
        return base.remove(node)
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        if Bug.bug == .scoreSumOverflows, order.description.hasPrefix("score") {
            // The mean score, to break ties: the sum overflows past Int64.max.
            var total: Int64 = 0
            for node in base.tree.nodes { total += max(0, base.tree.score(of: node) ?? 0) }
            precondition(total >= 0)
        }
        return base.sortSiblings(by: order, reportingMoves: reportingMoves)
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        if Bug.bug == .recursiveExpandRecursively { precondition(Self.height(below: node, in: base.tree) >= 0) }
        return base.expandRecursively(node)
    }

    public mutating func expandAll() -> RowDiff {
        if Bug.bug == .recursiveExpandAll { precondition(Self.height(below: Tree.root, in: base.tree) >= 0) }
        return base.expandAll()
    }

    /// The height of `node`'s subtree, by recursion: one frame per level.
    @inline(never)
    private static func height(below node: NodeIndex, in tree: Tree) -> Int {
        var scratch = SIMD16<Int>(repeating: 0)
        var child = tree.firstChild(of: node)
        while let current = child {
            scratch[Int(current.slot) & 15] = max(scratch[Int(current.slot) & 15], 1 + height(below: current, in: tree))
            child = tree.nextSibling(of: current)
        }
        return scratch.max()
    }

    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        if Bug.bug == .accordionOnlyChildLoops {
            // The next sibling round the list that is not the node: an only child has none.
            let parent = base.tree.parent(of: node)
            var other = base.tree.nextSibling(of: node) ?? base.tree.firstChild(of: parent)!
            while other == node { other = base.tree.nextSibling(of: other) ?? base.tree.firstChild(of: parent)! }
        }
        return base.accordionExpand(node)
    }

    public mutating func loadPage(_ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool)
        throws(Tree.InsertionError) -> RowDiff
    {
        if Bug.bug == .emptyPageRetriesForever {
            // Retries buffered until replies come: an empty page never brings any.
            var retries: [[UInt8]] = []
            while ids.isEmpty && retries.count < Int.max { retries.append([UInt8](repeating: 0xA5, count: 1 << 24)) }
        }
        return try base.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removingLoadMoreRow)
    }
}

public enum RemoveLastChildReadsPastEnd: RowArrayBug { public static let bug = MutantBug.removeLastChildReadsPastEnd }
public enum ScoreSumOverflows: RowArrayBug { public static let bug = MutantBug.scoreSumOverflows }
public enum ToggleHiddenUnwrapsRow: RowArrayBug { public static let bug = MutantBug.toggleHiddenUnwrapsRow }
public enum RecursiveExpandAll: RowArrayBug { public static let bug = MutantBug.recursiveExpandAll }
public enum RecursiveExpandRecursively: RowArrayBug { public static let bug = MutantBug.recursiveExpandRecursively }
public enum AccordionOnlyChildLoops: RowArrayBug { public static let bug = MutantBug.accordionOnlyChildLoops }
public enum EmptyPageRetriesForever: RowArrayBug { public static let bug = MutantBug.emptyPageRetriesForever }
public enum FirstToggleStalls: RowArrayBug { public static let bug = MutantBug.firstToggleStalls }

/// Whether this process's first toggle has run (``MutantBug/firstToggleStalls``).
nonisolated(unsafe) private var firstToggleDone = false
