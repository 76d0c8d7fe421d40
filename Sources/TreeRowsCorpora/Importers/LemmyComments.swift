import TreeRows

/// A Lemmy comment list (`/api/v3/comment/list`): `comments`, each a view with `comment`
/// (`id`, `path` such as `0.24.27`, from the post down to the comment itself, `published`)
/// and `counts` (`score`). The post is the thread (`0` in the path); a comment's parent is
/// the path's nearest ancestor that the list holds, so a list cut short by paging or
/// `max_depth` still keeps every comment under the ancestor it has. Deleted and removed
/// comments stay.
enum LemmyComments {
    /// Reads the comments in the order given; returns the header members (the post's id and name).
    ///
    /// - Complexity: O(*n* · *d*) expected for *n* comments of depth up to *d*.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let views = document["comments"]?.elements ?? []
        var paths: [[Int64]] = []
        var ids = Set<Int64>()
        for (index, view) in views.enumerated() {
            let place = "comment view \(index + 1)"
            guard let comment = view["comment"], let id = comment["id"]?.integer else { throw builder.failure(place, "no comment.id (an integer)") }
            guard let text = comment["path"]?.text, case let parts = text.split(separator: ".", omittingEmptySubsequences: false).map({ Int64($0) }),
                  parts.count >= 2, parts.allSatisfy({ $0 != nil }), parts.last! == id, parts.first! == 0 else {
                throw builder.failure(place, "comment \(id)'s path is not 0.…\(id) (numbers from the post, 0, down to the comment)")
            }
            paths.append(parts.map { $0! })
            ids.insert(id)
        }
        var members: [(key: String, value: JSONValue)] = []
        if let post = views.first?["post"] {
            if let id = post["id"]?.integer { members.append(("thread", .string("post \(id)"))) }
            if let name = post["name"]?.text { members.append(("description", .string(name))) }
        }
        for (index, view) in views.enumerated() {
            let path = paths[index]
            let comment = view["comment"]!
            let parent = path.dropLast().dropFirst().last { ids.contains($0) }.map(NodeID.integer)
            builder.comment(.integer(path.last!), parent: parent, time: comment["published"]?.text.flatMap { Timestamp.seconds($0) },
                            score: view["counts"]?["score"]?.wholeNumber, at: "comment \(path.last!) (comment view \(index + 1))")
        }
        return members
    }
}
