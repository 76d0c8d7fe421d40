/// An order of siblings for re-sorting a thread: by time, score or reply count, ascending
/// or descending. Ties keep their current order (the sort is stable), in both directions.
///
/// A node without the field (no `time`, no `score`) sorts as smaller than every node that
/// has it: first when ascending, last when descending.
public struct SiblingOrder: Hashable, Sendable {
    /// What siblings are compared by.
    public enum Key: String, CaseIterable, Sendable {
        /// The `time` field.
        case time
        /// The `score` field.
        case score
        /// The number of descendants (replies at any depth), expanded or not.
        case replies
    }

    /// What siblings are compared by.
    public var key: Key
    /// Largest first.
    public var isDescending: Bool

    /// Creates an order.
    public init(_ key: Key, descending: Bool = false) {
        self.key = key
        isDescending = descending
    }

    /// Parses `time`, `score`, `replies`, optionally followed by `-desc` (or `-asc`).
    public init?(_ text: String) {
        var name = Substring(text)
        var descending = false
        if name.hasSuffix("-desc") {
            name = name.dropLast(5)
            descending = true
        } else if name.hasSuffix("-asc") {
            name = name.dropLast(4)
        }
        guard let key = Key(rawValue: String(name)) else { return nil }
        self.init(key, descending: descending)
    }

    /// Every order, for help texts and the fuzzer: each key ascending and descending.
    public static let all: [SiblingOrder] = Key.allCases.flatMap { [SiblingOrder($0), SiblingOrder($0, descending: true)] }
}

extension SiblingOrder: CustomStringConvertible {
    /// `score` or `score-desc`: the form ``init(_:)`` parses.
    public var description: String { key.rawValue + (isDescending ? "-desc" : "") }
}
