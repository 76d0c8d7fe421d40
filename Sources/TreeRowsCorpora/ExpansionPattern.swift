import TreeRows

/// Which nodes of a generated tree start collapsed.
public enum ExpansionPattern: Hashable, Sendable {
    /// Every node expanded: every node is a row.
    case expanded
    /// Every node collapsed: the rows are the top-level nodes.
    case collapsed
    /// Nodes at depth `depth` or deeper collapsed: rows down to that depth.
    case collapsedBelow(depth: Int)
    /// Each node collapsed with probability `percent` / 100, drawn from the spec's seed.
    case randomlyCollapsed(percent: Int)

    /// The forms ``init(parsing:)`` accepts.
    static let forms: [ParameterizedName.Form<Self>] = [
        .init("expanded") { _ in .expanded },
        .init("collapsed") { _ in .collapsed },
        .init("collapsed-below", .required(letter: "K", 0...Int.max)) { .collapsedBelow(depth: $0 ?? 0) },
        .init("random", .required(letter: "P", 0...100)) { .randomlyCollapsed(percent: $0 ?? 0) },
    ]

    /// The pattern names accepted by ``init(parsing:)``.
    public static let names = ["expanded", "collapsed", "collapsed-below:K", "random:P (percent)"]

    /// Parses `expanded`, `collapsed`, `collapsed-below:K` or `random:P` (P in 0...100).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    public init?(parsing text: String) {
        guard let pattern = try? Self(validating: text) else { return nil }
        self = pattern
    }

    /// Parses as ``init(parsing:)`` does, or says which part of `text` is wrong.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    package init(validating text: String) throws(ParameterizedName.Problem) {
        self = try ParameterizedName.parse(text, forms: Self.forms)
    }

    /// The name as ``init(parsing:)`` reads it.
    public var name: String {
        switch self {
        case .expanded: return "expanded"
        case .collapsed: return "collapsed"
        case .collapsedBelow(let depth): return "collapsed-below:\(depth)"
        case .randomlyCollapsed(let percent): return "random:\(percent)"
        }
    }

    /// Sets the expanded flags of every node of `tree` by this pattern.
    ///
    /// - Complexity: O(*n*).
    public func apply(to tree: inout Tree, seed: UInt64) {
        var random = SplitMix64(seed: seed ^ 0xE7A9_5E0C_11D2_7B43)
        for slot in 1..<Int32(tree.slotCount) {
            let node = NodeIndex(slot)
            guard tree.contains(node) else { continue }
            let isExpanded: Bool
            switch self {
            case .expanded: isExpanded = true
            case .collapsed: isExpanded = false
            case .collapsedBelow(let depth): isExpanded = tree.depth(of: node) < Int32(clamping: depth)
            case .randomlyCollapsed(let percent): isExpanded = random.below(100) >= percent
            }
            tree.setExpanded(node, isExpanded)
        }
    }
}
