import TreeRows

/// A Mastodon status's context (`/api/v1/statuses/:id/context`): `ancestors` (above the
/// status, left out) and `descendants`, flat and in thread order, each with `id`,
/// `in_reply_to_id`, `created_at` (RFC 3339) and `favourites_count` (the score). Ids are
/// strings since Mastodon 2.0 and JSON numbers before it (2017); both are read, each id as it
/// is written. The status itself is the thread: the context does not hold it, but most of
/// the replies to statuses it lacks are replies to it, and those are the top-level rows. A
/// descendant replying to another status the context lacks (one hidden from whoever saved
/// it) goes under a row standing for that status (``MissingParentRows``).
enum MastodonContext {
    /// A status id as written: a string, or (before Mastodon 2.0) a JSON integer
    /// (``JSONValue/nodeID``); anything else is refused, naming the field.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    private static func id(_ value: JSONValue?, _ field: String, at place: String, _ builder: ThreadBuilder) throws(CorpusError) -> NodeID? {
        guard let value, value != .null else { return nil }
        guard let id = value.nodeID else {
            throw builder.fieldFailure(place, field, must: "a status id (a string, or a whole number before Mastodon 2.0)", found: value)
        }
        return id
    }

    /// Reads the descendants in the order given; returns no header members (the context
    /// does not name its status).
    ///
    /// - Complexity: O(*n*) expected for *n* statuses.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let statuses = try builder.list(document["descendants"], "descendants", at: "the context")
        var idOfKey: [String: NodeID] = [:]
        var ids: [NodeID] = []
        for (index, status) in statuses.enumerated() {
            guard let id = try id(status["id"], "id", at: "descendant \(index + 1)", builder) else {
                throw builder.failure("descendant \(index + 1)", "a status without an \"id\"")
            }
            ids.append(id)
            if idOfKey[id.description] == nil { idOfKey[id.description] = id }
        }
        // The status the context is of: of the statuses replied to that the context lacks, the one
        // most descendants reply to (the first named, on a tie). Its first descendant replies to it,
        // unless that reply is hidden from the one who saved the context.
        var repliesTo: [String: (count: Int, first: Int)] = [:]
        for (index, status) in statuses.enumerated() {
            guard let replyTo = try id(status["in_reply_to_id"], "in_reply_to_id", at: "descendant \(index + 1)", builder)?.description,
                  idOfKey[replyTo] == nil else { continue }
            repliesTo[replyTo, default: (0, index)].count += 1
        }
        let thread = repliesTo.max { ($0.value.count, $1.value.first) < ($1.value.count, $0.value.first) }?.key
        for (index, status) in statuses.enumerated() {
            let at = "status \(ids[index]) (descendant \(index + 1))"
            let parent = try id(status["in_reply_to_id"], "in_reply_to_id", at: at, builder).flatMap { replyTo -> NodeID? in
                let text = replyTo.description
                if let held = idOfKey[text] { return held }
                return text == thread ? nil : replyTo
            }
            builder.comment(ids[index], parent: parent, time: try builder.timestamp(status["created_at"], "created_at", at: at),
                            score: try builder.value(status["favourites_count"], "favourites_count", at: at), at: at)
        }
        return []
    }
}
