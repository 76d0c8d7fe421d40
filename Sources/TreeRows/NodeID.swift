/// The stable, external identity of a node: the id it has in the input.
///
/// Inputs use either integers (Hacker News item ids) or strings (Reddit's base-36 ids).
/// The two kinds never compare equal: `.integer(5)` and `.string("5")` are different ids.
public enum NodeID: Hashable, Sendable {
    /// An integer id, as written in JSON without quotes.
    case integer(Int64)
    /// A string id.
    case string(String)
}

extension NodeID: CustomStringConvertible {
    /// The id as it is written in row listings: digits for an integer, the raw text for a string.
    public var description: String {
        switch self {
        case .integer(let value): return String(value)
        case .string(let value): return value
        }
    }
}

extension NodeID: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Creates a string id from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer id from a literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}
