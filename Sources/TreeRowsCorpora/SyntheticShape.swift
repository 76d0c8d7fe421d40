/// The shape of a synthetic tree.
public enum SyntheticShape: Hashable, Sendable {
    /// One root; node *i* replies to node (*i* − 1) / `fanout`: a complete `fanout`-ary tree.
    case balanced(fanout: Int)
    /// One deep path: node *i* replies to node *i* − 1.
    case chain
    /// Every node is top-level.
    case wide
    /// A random recursive tree: node *i* replies to a uniformly chosen earlier node.
    case random
    /// Reddit-like threads: heavy-tailed top-level fan-out, few replies below, long
    /// back-and-forth argument chains (calibrated against the recorded threads).
    case reddit
    /// Hacker-News-like threads: fewer top-level comments, deeper and more even replies.
    case hn
    /// A spine of nodes, each with `leaves` leaf replies besides the next spine node.
    case caterpillar(leaves: Int)

    /// The shape names accepted by ``init(parsing:)``.
    public static let names = ["balanced[:K]", "chain", "wide", "random", "reddit", "hn", "caterpillar[:K]"]

    /// Parses `balanced`, `balanced:8`, `chain`, `wide`, `random`, `reddit`, `hn`,
    /// `caterpillar` or `caterpillar:5` (default K: 4 for balanced, 3 for caterpillar).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let parameter = parts.count == 2 ? Int(parts[1]) : nil
        if parts.count == 2 && (parameter == nil || parameter! < 1 || parameter! > 1_000_000) { return nil }
        switch parts.first {
        case "balanced": self = .balanced(fanout: parameter ?? 4)
        case "caterpillar": self = .caterpillar(leaves: parameter ?? 3)
        case "chain" where parameter == nil: self = .chain
        case "wide" where parameter == nil: self = .wide
        case "random" where parameter == nil: self = .random
        case "reddit" where parameter == nil: self = .reddit
        case "hn" where parameter == nil: self = .hn
        default: return nil
        }
    }

    /// The name as ``init(parsing:)`` reads it, e.g. `balanced:4`.
    public var name: String {
        switch self {
        case .balanced(let fanout): return "balanced:\(fanout)"
        case .chain: return "chain"
        case .wide: return "wide"
        case .random: return "random"
        case .reddit: return "reddit"
        case .hn: return "hn"
        case .caterpillar(let leaves): return "caterpillar:\(leaves)"
        }
    }
}
