import TreeRows

/// A Lemmy comment list: `/api/v3/comment/list` (`comments`, each a view with `comment` and
/// its `counts`) or Lemmy 1.x's `/api/v4/comment/list` (`items`, the counts inside
/// `comment`, the time in `published_at`). Each comment has an `id`, a `path` such as
/// `0.24.27` (from the post, `0`, down to the comment itself), a time, a `score` and a
/// `child_count` (every comment below it). The post is the thread.
///
/// A list is a page: a comment whose ancestors the list lacks goes under rows standing for
/// each of them (``MissingParentRows``), so it keeps the depth its path gives; a comment
/// with more descendants than the list holds or stands for gets a load-more row, its last
/// child, hiding the rest (less those a held comment below it counts itself); so does the
/// post, when the list is of one post that gives its count of comments (v4's
/// `post.comments`). Deleted and removed comments stay. Paths that put a comment, held or
/// missing, under two parents are refused.
enum LemmyComments {
    /// The member that holds the views: `comments` (v3) or `items` (v4), if either is a list
    /// whose first view has a `comment.path`.
    ///
    /// - Complexity: O(1).
    static func listMember(of document: JSONValue) -> String? {
        ["comments", "items"].first { document[$0]?.elements?.first?["comment"]?["path"]?.text != nil }
    }

    /// Reads the comments in the order given; returns the header members (the post's id and name).
    ///
    /// - Complexity: O(*n* · *d*) expected for *n* comments of depth up to *d*.
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let member = listMember(of: document) ?? "comments"
        let views = try builder.list(document[member], member, at: "the list")
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
        // Below each held comment: the comments held or stood in for (each missing ancestor once), counted in one
        // pass up each path; and each missing ancestor's parent, which every path through it must give alike.
        var below: [Int64: Int] = [:]
        var standInParent: [Int64: Int64] = [:]
        for (index, path) in paths.enumerated() {
            var running = 0
            for position in stride(from: path.count - 1, through: 1, by: -1) {
                let id = path[position]
                if indexOfID[id] != nil {
                    // The comment itself counts for its ancestors; a held ancestor counts for itself on its own path.
                    if position == path.count - 1 { running += 1 } else { below[id, default: 0] += running }
                } else if let parent = standInParent[id] {
                    guard parent == path[position - 1] else {
                        throw builder.failure("comment view \(index + 1)", "its path \(path.map(String.init).joined(separator: ".")) puts comment \(id), "
                                              + "which the list lacks, under \(path[position - 1] == 0 ? "the post" : "comment \(path[position - 1])"), "
                                              + "where an earlier path puts it under \(parent == 0 ? "the post" : "comment \(parent)"): the paths contradict each other")
                    }
                } else {
                    standInParent[id] = path[position - 1]
                    running += 1
                }
            }
        }
        var childCounts: [(id: Int64, count: Int)] = []
        for (index, view) in views.enumerated() {
            let path = paths[index]
            let comment = view["comment"]!
            let at = "comment \(path.last!) (comment view \(index + 1))"
            // The nearest ancestor the list holds: its own path must be this path's beginning.
            if let ancestor = path.dropLast().dropFirst().lastIndex(where: { indexOfID[$0] != nil }),
               paths[indexOfID[path[ancestor]]!] != Array(path[...ancestor]) {
                let other = paths[indexOfID[path[ancestor]]!].map(String.init).joined(separator: ".")
                throw builder.failure(at, "its path \(path.map(String.init).joined(separator: ".")) puts it under comment \(path[ancestor]), "
                                      + "whose own path is \(other): the paths contradict each other")
            }
            let counts = view["counts"] ?? .object([])
            // v3 names the time `published` and keeps the counts apart; v4 has `published_at` and the counts in the comment.
            var time = try builder.timestamp(comment["published"], "comment.published", at: at)
            if time == nil { time = try builder.timestamp(comment["published_at"], "comment.published_at", at: at) }
            var score = try builder.value(counts["score"], "counts.score", at: at)
            if score == nil { score = try builder.value(comment["score"], "comment.score", at: at) }
            var children = try builder.hiddenCount(counts["child_count"], "counts.child_count", at: at)
            if children == nil { children = try builder.hiddenCount(comment["child_count"], "comment.child_count", at: at) }
            if let children, indexOfID[path.last!] == index { childCounts.append((path.last!, children)) }
            let parent = path.count > 2 ? NodeID.integer(path[path.count - 2]) : nil
            builder.comment(.integer(path.last!), parent: parent, ancestors: path.dropFirst().dropLast(2).map(NodeID.integer),
                            time: time, score: score, at: at)
        }
        // What each comment's child_count says is missing below it, less what held comments further down count
        // themselves: the nearest held ancestor with a count covers a comment's missing descendants.
        let counted = Dictionary(childCounts.map { ($0.id, $0.count) }, uniquingKeysWith: { first, _ in first })
        var covered: [Int64: Int] = [:]
        for (id, count) in childCounts {
            let holder = paths[indexOfID[id]!].dropFirst().dropLast().last { indexOfID[$0] != nil && counted[$0] != nil }
            if let holder { covered[holder, default: 0] += max(0, count - below[id, default: 0]) }
        }
        // Last, so that each is its comment's last child.
        var hiddenBelow = 0
        for (id, count) in childCounts {
            let hidden = count - below[id, default: 0] - covered[id, default: 0]
            guard hidden > 0 else { continue }
            hiddenBelow += hidden
            builder.loadMoreRow("more-\(id)", parent: .integer(id), hidden: hidden, at: "the replies below comment \(id) that the list does not hold")
        }
        // A page of one post's comments (v4 gives the post's own count): the rest, at the end of the top level.
        let posts = Set(views.map { $0["post"]?["id"]?.integer })
        if posts.count == 1, let post = views.first?["post"],
           let total = try builder.hiddenCount(post["comments"], "post.comments", at: "the post of comment view 1") {
            let rest = total - views.count - standInParent.count - hiddenBelow
            if rest > 0 {
                builder.loadMoreRow("more-post", parent: nil, hidden: rest, at: "the post's comments that the list does not hold")
            }
        }
        return members
    }
}
