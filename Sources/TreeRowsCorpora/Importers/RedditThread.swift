import TreeRows

/// Reddit's thread JSON: `[post listing, comment listing]`. Each comment is a `t1` thing
/// whose `data` holds `id`, `created_utc` (seconds, a JSON number) and `score`, and whose
/// `replies` is a listing (or `""` for none); a `more` thing stands for replies not loaded
/// (`count` of them), and becomes a load-more row with that count. Deleted and removed
/// comments (`[deleted]`, `[removed]`) stay, with their replies. A top-level thing whose
/// `parent_id` names a comment (`t1_…`, as on a "continue this thread" page) goes under a row
/// standing for that comment (``MissingParentRows``).
enum RedditThread {
    /// Reads the comments in listing order; returns the header members (the post's id,
    /// title and comment count).
    ///
    /// - Complexity: O(*n*) for *n* things, iterative (any depth).
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let listings = document.elements ?? [document]
        guard let comments = listings.last?["data"]?["children"]?.elements else {
            throw builder.failure("the last listing", "has no data.children (the comments)")
        }
        var members: [(key: String, value: JSONValue)] = []
        if listings.count == 2, let post = listings[0]["data"]?["children"]?.elements?.first?["data"] {
            if let id = post["name"]?.text { members.append(("thread", .string(id))) }
            if let title = post["title"]?.text { members.append(("description", .string(title))) }
            if let count = post["num_comments"]?.integer { members.append(("x-num-comments", .number(String(count)))) }
        }
        // Listings still to read, each with the comment they reply to.
        var pending: [(things: [JSONValue], parent: NodeID?, place: String)] = [(comments, nil, "the comment listing")]
        while let (things, parent, place) = pending.popLast() {
            for (index, thing) in things.enumerated() {
                let here = "\(place), item \(index + 1)"
                guard let data = thing["data"], data.isObject else { throw builder.failure(here, "has no \"data\" object") }
                var parent = parent
                if parent == nil, let name = try builder.text(data["parent_id"], "parent_id", at: here), name.hasPrefix("t1_"), name.count > 3 {
                    // A reply to a comment this page does not hold.
                    parent = .string(String(name.dropFirst(3)))
                }
                switch thing["kind"]?.text {
                case "t1":
                    guard let id = try builder.text(data["id"], "id", at: here) else {
                        throw builder.failure(here, "a comment (t1) without a string \"id\"")
                    }
                    let node = NodeID.string(id)
                    let at = "comment \(id) (\(here))"
                    builder.comment(node, parent: parent, time: try builder.value(data["created_utc"], "created_utc", at: at),
                                    score: try builder.value(data["score"], "score", at: at), at: at)
                    // No replies: "" (or nothing); else a listing.
                    if let replies = data["replies"], replies != .string(""), replies != .null {
                        guard replies.isObject, let listing = replies["data"], listing.isObject else {
                            throw builder.fieldFailure(at, "replies", must: "a listing (an object with data.children) or \"\"", found: replies)
                        }
                        let children = try builder.list(listing["children"], "replies.data.children", at: at)
                        if !children.isEmpty { pending.append((children, node, "the replies of \(id)")) }
                    }
                case "more":
                    // `count` replies not loaded; a "continue this thread" link has 0 and no children.
                    let at = "the more stub of \(here)"
                    let listed = try builder.list(data["children"], "children", at: at).count
                    let hidden = try builder.hiddenCount(data["count"], "count", at: at) ?? listed
                    let name = "more-" + (parent.map { "\($0)" } ?? "top")
                    builder.loadMoreRow(name, parent: parent, hidden: hidden, at: at)
                case let kind:
                    throw builder.failure(here, "a thing of kind \(kind.map { "\"\($0.echoed)\"" } ?? "(none)"), neither a comment (t1) nor a more stub")
                }
            }
        }
        return members
    }
}
