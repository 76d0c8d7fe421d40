import TreeRows

/// A Hacker News item from Algolia's API: the item (a story, or a comment) with its whole
/// tree of replies nested in `children`, each with `id`, `created_at_i` (seconds) and
/// `points` (null for comments). The item itself is the thread, not a row; its children
/// are the top-level comments. Deleted comments (`author` and `text` null) stay, with
/// their replies. Algolia returns every reply, so the thread has no pages.
enum HackerNewsAlgolia {
    /// Reads the replies in the order given; returns the header members (the item's id and title).
    ///
    /// - Complexity: O(*n*) for *n* comments, iterative (any depth).
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if let id = document["id"]?.integer { members.append(("thread", .string("https://news.ycombinator.com/item?id=\(id)"))) }
        if let title = document["title"]?.text { members.append(("description", .string(title))) }
        let top = try builder.list(document["children"], "children", at: "the item")
        var pending: [(children: [JSONValue], parent: NodeID?, place: String)] = [(top, nil, "the item's children")]
        while let (children, parent, place) = pending.popLast() {
            for (index, child) in children.enumerated() {
                let here = "\(place), item \(index + 1)"
                guard let id = try builder.integer(child["id"], "id", at: here) else {
                    throw builder.failure(here, "a comment without an integer \"id\"")
                }
                let node = NodeID.integer(id)
                let at = "comment \(id) (\(here))"
                builder.comment(node, parent: parent, time: try builder.value(child["created_at_i"], "created_at_i", at: at),
                                score: try builder.value(child["points"], "points", at: at), at: at)
                let replies = try builder.list(child["children"], "children", at: at)
                if !replies.isEmpty { pending.append((replies, node, "the children of \(id)")) }
            }
        }
        return members
    }
}
