import TreeRows

/// A Discourse topic (`/t/ID.json`): `post_stream.posts`, each with `id`, `post_number`,
/// `reply_to_post_number`, `created_at` (RFC 3339) and `score`. Post 1 opens the topic and
/// is the thread, not a row; a post replying to it or to nothing is top-level. A page of a
/// long topic holds some of its posts: a reply to a post the page lacks goes under a row
/// standing for that post (``MissingParentRows``, id `post-N`), and the posts neither held
/// nor stood for (up to `highest_post_number`, else `posts_count`) are one load-more row at
/// the end of the top level.
enum DiscourseTopic {
    /// Reads the posts in the order given; returns the header members (the topic's id and title).
    ///
    /// - Complexity: O(*n*) expected for *n* posts.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let posts = try builder.list(document["post_stream"]?["posts"], "post_stream.posts", at: "the topic")
        var idOfNumber: [Int64: Int64] = [:]
        /// Where each post number was first given, for the error of a second.
        var placeOfNumber: [Int64: Int] = [:]
        for (index, post) in posts.enumerated() {
            let place = "post \(index + 1) of post_stream.posts"
            guard let id = try builder.integer(post["id"], "id", at: place),
                  let number = try builder.integer(post["post_number"], "post_number", at: place) else {
                throw builder.failure(place, "a post without an integer \"id\" and \"post_number\"")
            }
            guard number >= 1 else { throw builder.fieldFailure(place, "post_number", must: "1 or more", found: .number(String(number))) }
            if let first = placeOfNumber.updateValue(index, forKey: number) {
                throw CorpusError(file: builder.file, problem: "\(place): post_number \(number) is given to a second post (post \(first + 1) has it too)",
                                  fix: "pass the Discourse topic as the service returned it: each post has its own post_number")
            }
            idOfNumber[number] = id
        }
        var members: [(key: String, value: JSONValue)] = []
        if let id = document["id"]?.integer { members.append(("thread", .string("topic \(id)"))) }
        if let title = document["title"]?.text { members.append(("description", .string(title))) }
        if let count = document["posts_count"]?.integer { members.append(("x-posts-count", .number(String(count)))) }
        var missingNumbers = Set<Int64>()
        for (index, post) in posts.enumerated() where post["post_number"]?.integer != 1 {
            let id = post["id"]!.integer!
            let at = "post \(id) (post \(index + 1) of post_stream.posts)"
            let replyTo = try builder.integer(post["reply_to_post_number"], "reply_to_post_number", at: at)
            if let replyTo, replyTo < 1 {
                throw builder.fieldFailure(at, "reply_to_post_number", must: "a post number, 1 or more", found: post["reply_to_post_number"]!)
            }
            let parent = replyTo.flatMap { number -> NodeID? in
                if number == 1 { return nil }
                if let held = idOfNumber[number] { return .integer(held) }
                missingNumbers.insert(number)
                return .string("post-\(number)")
            }
            builder.comment(.integer(id), parent: parent, time: try builder.timestamp(post["created_at"], "created_at", at: at),
                            score: try builder.value(post["score"], "score", at: at), at: at)
        }
        // Post 1 is the thread; every other post is held, stood in for, or still to load.
        // Counts of posts, as a page holds them (0 to 2^31 - 1).
        var highest = try builder.hiddenCount(document["highest_post_number"], "highest_post_number", at: "the topic")
        if highest == nil { highest = try builder.hiddenCount(document["posts_count"], "posts_count", at: "the topic") }
        if let highest {
            let hidden = highest - 1 - idOfNumber.keys.filter { $0 != 1 }.count - missingNumbers.count
            if hidden > 0 { builder.loadMoreRow("more-posts", parent: nil, hidden: hidden, at: "the topic's posts that the page does not hold") }
        }
        return members
    }
}
