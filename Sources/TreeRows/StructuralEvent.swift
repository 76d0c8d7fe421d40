/// A change a strategy made to its own data structure, as opposed to the rows: a leaf that
/// split, an inner node that split, a root that grew or shrank a level, a packing after
/// removals, a layout laid out again. These are the inner boundaries where a fast
/// strategy's bugs hide, and which a fuzz case reaches only by many operations in one
/// region of a large tree.
///
/// A strategy reports the events it knows through ``RowStrategy/structuralEvents``; the
/// fuzzer counts them in its coverage table and steers its large cases towards the events
/// it has seen least. Reporting is optional: a strategy that reports nothing is fuzzed all
/// the same.
public struct StructuralEvent: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// What happened, in a few words: `leaf split`, `root grew`.
    public var name: String
    /// Where in the structure, when it has levels: the level of the node that split (0 for
    /// a leaf), or the height a root grew or shrank to.
    public var level: Int?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: What happened, in a few words and lower case.
    ///   - level: Where in the structure, if it has levels.
    public init(_ name: String, level: Int? = nil) {
        self.name = name
        self.level = level
    }

    /// The name, with the level when there is one: `inner split at level 2`.
    public var description: String { level.map { "\(name) at level \($0)" } ?? name }

    /// By name, then by level (an event without a level first).
    public static func < (left: StructuralEvent, right: StructuralEvent) -> Bool {
        (left.name, left.level ?? -1) < (right.name, right.level ?? -1)
    }
}
