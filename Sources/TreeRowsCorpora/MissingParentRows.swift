import TreeRows

/// Rows that stand for comments a saved page of a thread does not hold: a reply whose parent
/// is on another page goes under a row standing for that parent (and, where the service gives
/// the whole path, for each missing ancestor above it), never to the top level.
///
/// Such a row has the missing comment's id where the service names it (a Discourse post is
/// named `post-N` by its number), no time and no score; its replies are the ones the page
/// holds. Kept in a corpus's header as `"missingParents": [ID, …]`, so that a `.trows` file
/// made by `corpus import` keeps them and `corpus stats` can tell them from comments.
public enum MissingParentRows {
    /// The header member that holds the rows' ids.
    public static let headerKey = "missingParents"

    /// `rows` as the header member's value.
    ///
    /// - Complexity: O(*k*) for *k* rows.
    static func headerValue(_ rows: [NodeID]) -> JSONValue {
        .array(rows.map { row in
            switch row {
            case .integer(let value): .number(String(value))
            case .string(let text): .string(text)
            }
        })
    }

    /// The rows a header names (none without the member), each checked against the tree and
    /// the corpus's `pages`.
    ///
    /// - Throws: ``CorpusError`` for a member that is not a list of ids, an id the tree does
    ///   not hold, one named twice, or a load-more row of `pages`.
    /// - Complexity: O(*k* + *p*) expected for *k* rows and *p* pages.
    static func rows(in header: JSONValue?, tree: Tree, pages: [CorpusPage], file: String) throws(CorpusError) -> [NodeID] {
        guard let value = header?[headerKey] else { return [] }
        let fix = "write \"\(headerKey)\" as [ID, …], each the id of a row of the tree that stands for a missing comment"
        guard case .array(let entries) = value else {
            throw CorpusError(file: file, problem: "the header's \"\(headerKey)\" is \(value.typeName), not a list", fix: fix)
        }
        var rows: [NodeID] = []
        var seen = Set<NodeID>()
        let loadMoreRows = Set(pages.map(\.loadMoreRow))
        for (index, entry) in entries.enumerated() {
            guard let row = entry.nodeID else {
                throw CorpusError(file: file, problem: "the header's \"\(headerKey)\" item \(index + 1) is \(entry.typeName), not an id", fix: fix)
            }
            guard tree.index(of: row) != nil else {
                throw CorpusError(file: file, problem: "the header's \"\(headerKey)\" item \(index + 1) names row \(row), which the tree does not hold",
                                  fix: fix)
            }
            guard seen.insert(row).inserted else {
                throw CorpusError(file: file, problem: "the header's \"\(headerKey)\" item \(index + 1) names row \(row) a second time", fix: fix)
            }
            guard !loadMoreRows.contains(row) else {
                throw CorpusError(file: file, problem: "the header's \"\(headerKey)\" item \(index + 1) names row \(row), which \"pages\" names as a load-more row",
                                  fix: fix)
            }
            rows.append(row)
        }
        return rows
    }
}
