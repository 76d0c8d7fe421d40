import TreeRows

/// A Mastodon status's context (`/api/v1/statuses/:id/context`): `ancestors` (above the
/// status, left out) and `descendants`, flat and in thread order, each with `id`,
/// `in_reply_to_id`, `created_at` (RFC 3339) and `favourites_count` (the score). The status
/// itself is the thread; a descendant replying to it, or to a status the file lacks, is
/// top-level.
enum MastodonContext {
    /// Reads the descendants in the order given; returns no header members (the context
    /// does not name its status).
    ///
    /// - Complexity: O(*n*) expected for *n* statuses.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let statuses = try builder.list(document["descendants"], "descendants", at: "the context")
        var ids = Set<String>()
        for (index, status) in statuses.enumerated() {
            guard let id = try builder.text(status["id"], "id", at: "descendant \(index + 1)") else {
                throw builder.failure("descendant \(index + 1)", "a status without a string \"id\"")
            }
            ids.insert(id)
        }
        for (index, status) in statuses.enumerated() {
            let id = status["id"]!.text!
            let at = "status \(id) (descendant \(index + 1))"
            let parent = try builder.text(status["in_reply_to_id"], "in_reply_to_id", at: at).flatMap { ids.contains($0) ? NodeID.string($0) : nil }
            builder.comment(.string(id), parent: parent, time: try builder.timestamp(status["created_at"], "created_at", at: at),
                            score: try builder.value(status["favourites_count"], "favourites_count", at: at), at: at)
        }
        return []
    }
}
