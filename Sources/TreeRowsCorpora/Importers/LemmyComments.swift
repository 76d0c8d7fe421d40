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
        let views = try builder.list(document["comments"], "comments", at: "the list")
        var paths: [[Int64]] = []
        var indexOfID: [Int64: Int] = [:]
        for (index, view) in views.enumerated() {
            let place = "comment view \(index + 1)"
            guard let comment = view["comment"], let id = try builder.integer(comment["id"], "comment.id", at: place) else {
                throw builder.failure(place, "no comment.id (an integer)")
            }
            let text = try builder.text(comment["path"], "comment.path", at: place) ?? ""
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int64($0) }
            guard parts.count >= 2, parts.allSatisfy({ $0 != nil }), parts.last! == id, parts.first! == 0 else {
                throw builder.failure(place, "comment \(id)'s path is not 0.…\(id) (numbers from the post, 0, down to the comment)")
            }
            let path = parts.map { $0! }
            guard Set(path).count == path.count else {
                throw builder.failure(place, "comment \(id)'s path \(text.echoed) names a comment twice (a comment cannot be its own ancestor)")
            }
            paths.append(path)
            if indexOfID[id] == nil { indexOfID[id] = index }
        }
        var members: [(key: String, value: JSONValue)] = []
        if let post = views.first?["post"] {
            if let id = post["id"]?.integer { members.append(("thread", .string("post \(id)"))) }
            if let name = post["name"]?.text { members.append(("description", .string(name))) }
        }
        for (index, view) in views.enumerated() {
            let path = paths[index]
            let comment = view["comment"]!
            let at = "comment \(path.last!) (comment view \(index + 1))"
            // The nearest ancestor the list holds: its own path must be this path's beginning.
            let ancestor = path.dropLast().dropFirst().lastIndex { indexOfID[$0] != nil }
            if let ancestor, paths[indexOfID[path[ancestor]]!] != Array(path[...ancestor]) {
                let other = paths[indexOfID[path[ancestor]]!].map(String.init).joined(separator: ".")
                throw builder.failure(at, "its path \(path.map(String.init).joined(separator: ".")) puts it under comment \(path[ancestor]), "
                                      + "whose own path is \(other): the paths contradict each other")
            }
            builder.comment(.integer(path.last!), parent: ancestor.map { .integer(path[$0]) },
                            time: try builder.timestamp(comment["published"], "comment.published", at: at),
                            score: try builder.value(view["counts"]?["score"], "counts.score", at: at), at: at)
        }
        return members
    }
}
