import TreeRows

/// A Discourse topic (`/t/ID.json`): `post_stream.posts`, each with `id`, `post_number`,
/// `reply_to_post_number`, `created_at` (RFC 3339) and `score`. Post 1 opens the topic and
/// is the thread, not a row; a post replying to it, to nothing, or to a post the file lacks
/// is top-level.
enum DiscourseTopic {
    /// Reads the posts in the order given; returns the header members (the topic's id and title).
    ///
    /// - Complexity: O(*n*) expected for *n* posts.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let posts = document["post_stream"]?["posts"]?.elements ?? []
        var idOfNumber: [Int64: Int64] = [:]
        for (index, post) in posts.enumerated() {
            guard let id = post["id"]?.integer, let number = post["post_number"]?.integer else {
                throw builder.failure("post \(index + 1)", "a post without an integer \"id\" and \"post_number\"")
            }
            idOfNumber[number] = id
        }
        var members: [(key: String, value: JSONValue)] = []
        if let id = document["id"]?.integer { members.append(("thread", .string("topic \(id)"))) }
        if let title = document["title"]?.text { members.append(("description", .string(title))) }
        if let count = document["posts_count"]?.integer { members.append(("x-posts-count", .number(String(count)))) }
        for (index, post) in posts.enumerated() where post["post_number"]?.integer != 1 {
            let id = post["id"]!.integer!
            let parent = post["reply_to_post_number"]?.integer.flatMap { $0 == 1 ? nil : idOfNumber[$0] }.map(NodeID.integer)
            builder.comment(.integer(id), parent: parent, time: post["created_at"]?.text.flatMap { Timestamp.seconds($0) },
                            score: post["score"]?.wholeNumber, at: "post \(id) (post \(index + 1) of post_stream.posts)")
        }
        return members
    }
}
