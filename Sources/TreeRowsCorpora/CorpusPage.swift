import TreeRows

/// A page of replies that the file does not hold, as a thread service leaves them: a Reddit
/// `more` stub, Hacker News `kids` missing from the file. The tree holds its load-more row
/// (a leaf, the last child of the parent the replies belong to); the page says how many
/// replies it hides, so that a bench on the thread loads pages where the thread has them.
///
/// Kept in the corpus's header as `"pages": [{"row": ID, "hidden": N}, …]`, so a `.trows`
/// file made by `corpus import` keeps them.
public struct CorpusPage: Equatable, Sendable {
    /// The id of the load-more row.
    public var loadMoreRow: NodeID
    /// How many replies the page hides, as the source counts them (at least 0).
    public var hiddenReplies: Int

    /// Creates a page.
    public init(loadMoreRow: NodeID, hiddenReplies: Int) {
        self.loadMoreRow = loadMoreRow
        self.hiddenReplies = hiddenReplies
    }

    /// The header member that holds the pages.
    public static let headerKey = "pages"

    /// `pages` as the header member's value.
    ///
    /// - Complexity: O(*p*) for *p* pages.
    static func headerValue(_ pages: [CorpusPage]) -> JSONValue {
        .array(pages.map { page in
            let row: JSONValue = switch page.loadMoreRow {
            case .integer(let value): .number(String(value))
            case .string(let text): .string(text)
            }
            return .object([("row", row), ("hidden", .number(String(page.hiddenReplies)))])
        })
    }

    /// The pages a header names (none without a `pages` member), each checked against the tree.
    ///
    /// - Throws: ``CorpusError`` for a `pages` member that is not a list of `{"row", "hidden"}`,
    ///   a row the tree lacks or that has replies of its own, or a negative count.
    /// - Complexity: O(*p*) expected for *p* pages.
    static func pages(in header: JSONValue?, tree: Tree, file: String) throws(CorpusError) -> [CorpusPage] {
        guard let value = header?[headerKey] else { return [] }
        let fix = "write \"pages\" as [{\"row\": ID, \"hidden\": N}, …], each row a leaf of the tree"
        guard case .array(let entries) = value else {
            throw CorpusError(file: file, problem: "the header's \"pages\" is \(value.typeName), not a list", fix: fix)
        }
        var pages: [CorpusPage] = []
        for (index, entry) in entries.enumerated() {
            let place = "the header's page \(index + 1)"
            guard let row = entry["row"]?.nodeID else {
                throw CorpusError(file: file, problem: "\(place) has no \"row\" id (an integer or a string)", fix: fix)
            }
            guard let hidden = entry["hidden"]?.integer, hidden >= 0, hidden <= Int64(Int32.max) else {
                throw CorpusError(file: file, problem: "\(place) has no \"hidden\" count of 0 or more", fix: fix)
            }
            guard let node = tree.index(of: row) else {
                throw CorpusError(file: file, problem: "\(place) names row \(row), which the tree does not hold", fix: fix)
            }
            guard tree.firstChild(of: node) == nil else {
                throw CorpusError(file: file, problem: "\(place) names row \(row), which has replies: a load-more row has none", fix: fix)
            }
            pages.append(CorpusPage(loadMoreRow: row, hiddenReplies: Int(hidden)))
        }
        return pages
    }
}
