import TreeRows

/// Where row heights come from when a corpus has none: every corpus in `Corpora/` records
/// only the shape of a thread (ids, parents, times, scores), not the text, so a model
/// stands in for the text's length.
public enum RowHeightModel: Hashable, Sendable {
    /// Every row the same height, in points.
    case uniform(Int32)
    /// Indentation narrows the text column: 44 points plus 6 per level of depth.
    case depth
    /// A stand-in for text length: one to four lines of 18 points, drawn from a hash of the
    /// node's id (so the same id has the same height in every run and every tree), plus
    /// one line per four levels of depth for the narrower column, plus 26 points of header.
    case text

    /// The forms ``init(_:)`` accepts (H in points, up to `Int32.max`).
    static let forms: [ParameterizedName.Form<Self>] = [
        .init("text") { _ in .text },
        .init("depth") { _ in .depth },
        .init("uniform", .required(letter: "H", 1...Int(Int32.max))) { .uniform(Int32(clamping: $0 ?? 1)) },
    ]

    /// Parses `uniform:H`, `depth` or `text`.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    public init?(_ text: String) {
        guard let model = try? Self(validating: text) else { return nil }
        self = model
    }

    /// Parses as ``init(_:)`` does, or says which part of `text` is wrong.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    package init(validating text: String) throws(ParameterizedName.Problem) {
        self = try ParameterizedName.parse(text, forms: Self.forms)
    }

    /// The names ``init(_:)`` accepts, for help texts.
    public static let names = forms.map(\.shown)

    /// The height of the row of `node` in `tree`.
    public func height(of node: NodeIndex, in tree: Tree) -> Int32 {
        switch self {
        case .uniform(let height): return height
        case .depth: return 44 + 6 * tree.depth(of: node)
        case .text:
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in tree.id(of: node).description.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            let lines = 1 + Int32(hash >> 33 & 3) + tree.depth(of: node) / 4
            return 26 + 18 * lines
        }
    }

    /// Sets the height of every node of `tree`.
    ///
    /// - Complexity: O(*n* · *l*) for *n* nodes with ids of length *l*.
    public func apply(to tree: inout Tree) {
        for node in tree.nodes { tree.setHeight(node, height(of: node, in: tree)) }
    }
}
