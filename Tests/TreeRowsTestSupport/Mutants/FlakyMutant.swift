import TreeRows

/// A correct strategy (subtree-splice) with one bug of the flaky family (a ``MutantBug``
/// that shows only sometimes): wrong only when a `Set`'s iteration order comes out one way,
/// or only on every 1,000th toggle of the process; or right, but keeping 4 KiB a toggle in a
/// global history that is never freed (found by the memory it retains). Each is found in a fuzz run's first
/// seconds, then passes when its case runs again alone; the fuzzer must record how often
/// it fails and under which condition, and `replay` must not call a pass of its repro
/// file a clean bill.
public struct FlakyMutant<Bug: RowArrayBug>: ForwardingStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }
    public var base: SubtreeSpliceStrategy

    public init(base: SubtreeSpliceStrategy) { self.base = base }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        let diff = base.toggle(node)
        guard !diff.isEmpty else { return diff }
        switch Bug.bug {
        case .setOrderFlaky:
            // The nodes to refresh, deduplicated through a set, and the node "first": which
            // element a set yields first depends on the process's hashing seed and on the
            // set's address.
            let refresh: Set<Int32> = [node.rawValue, node.rawValue &+ 1_000_003, node.rawValue &+ 2_000_006]
            return refresh.first == node.rawValue ? .empty : diff
        case .everyThousandthToggle:
            // A journal flushed every 1,000 toggles of the process forgets the change that fills it.
            flakyToggles += 1
            return flakyToggles % 1_000 == 0 ? .empty : diff
        case .retainsEveryToggle:
            retainedHistory.append([UInt8](repeating: UInt8(truncatingIfNeeded: node.rawValue), count: 4_096))
            return diff
        default:
            return diff
        }
    }
}

public enum SetOrderFlaky: RowArrayBug { public static let bug = MutantBug.setOrderFlaky }
public enum EveryThousandthToggle: RowArrayBug { public static let bug = MutantBug.everyThousandthToggle }
public enum RetainsEveryToggle: RowArrayBug { public static let bug = MutantBug.retainsEveryToggle }

/// Toggles that changed rows in this process (``MutantBug/everyThousandthToggle``).
nonisolated(unsafe) private var flakyToggles = 0

/// The records of every toggle of the process, never freed (``MutantBug/retainsEveryToggle``).
nonisolated(unsafe) private var retainedHistory: [[UInt8]] = []
