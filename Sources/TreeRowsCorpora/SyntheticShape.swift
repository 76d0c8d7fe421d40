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

    /// The forms ``init(parsing:)`` accepts (K from 1 to 1,000,000).
    static let forms: [ParameterizedName.Form<Self>] = [
        .init("balanced", .optional(letter: "K", 1...1_000_000)) { .balanced(fanout: $0 ?? 4) },
        .init("chain") { _ in .chain },
        .init("wide") { _ in .wide },
        .init("random") { _ in .random },
        .init("reddit") { _ in .reddit },
        .init("hn") { _ in .hn },
        .init("caterpillar", .optional(letter: "K", 1...1_000_000)) { .caterpillar(leaves: $0 ?? 3) },
    ]

    /// The shape names accepted by ``init(parsing:)``.
    public static let names = forms.map(\.shown)

    /// Parses `balanced`, `balanced:8`, `chain`, `wide`, `random`, `reddit`, `hn`,
    /// `caterpillar` or `caterpillar:5` (default K: 4 for balanced, 3 for caterpillar).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    public init?(parsing text: String) {
        guard let shape = try? Self(validating: text) else { return nil }
        self = shape
    }

    /// Parses as ``init(parsing:)`` does, or says which part of `text` is wrong.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    package init(validating text: String) throws(ParameterizedName.Problem) {
        self = try ParameterizedName.parse(text, forms: Self.forms)
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
