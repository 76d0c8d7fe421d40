/// Counts of a strategy's own ``StructuralEvent``s, cheap to bump on a hot path: each kind
/// of event a strategy knows is a ``Kind``, whose counts are kept by level in a small array.
public struct StructuralEventCounter: Sendable, Equatable {
    /// One kind of event a strategy reports.
    public struct Kind: Sendable, Equatable {
        /// The event's name.
        public var name: String
        /// Whether the event has a level.
        public var hasLevels: Bool

        /// Creates a kind of event.
        public init(_ name: String, hasLevels: Bool = false) {
            self.name = name
            self.hasLevels = hasLevels
        }
    }

    /// The kinds, in the order their indices name them.
    public let kinds: [Kind]
    /// Counts by kind, then by level (index 0 for a kind without levels).
    private var counts: [[Int]]

    /// A counter of `kinds`, all at zero.
    public init(_ kinds: [Kind]) {
        self.kinds = kinds
        counts = Array(repeating: [], count: kinds.count)
    }

    /// Counts one event of the kind at `kind` (its index in ``kinds``), at `level`.
    ///
    /// - Complexity: O(1) amortized.
    public mutating func count(_ kind: Int, level: Int = 0) {
        let slot = max(0, level)
        if counts[kind].count <= slot { counts[kind] += repeatElement(0, count: slot + 1 - counts[kind].count) }
        counts[kind][slot] += 1
    }

    /// The events counted so far.
    ///
    /// - Complexity: O(*k* + *l*) for *k* kinds and *l* levels counted.
    public var events: [StructuralEvent: Int] {
        var events: [StructuralEvent: Int] = [:]
        for (kind, levels) in zip(kinds, counts) {
            for (level, count) in levels.enumerated() where count > 0 {
                events[StructuralEvent(kind.name, level: kind.hasLevels ? level : nil)] = count
            }
        }
        return events
    }
}
