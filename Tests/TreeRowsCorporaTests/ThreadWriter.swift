import TreeRows
import TreeRowsCorpora

/// A thread as the tests draw it, and written in each service's format, so that importing
/// the text can be checked against the thread it came from.
struct ThreadModel {
    /// One row: a comment, or a load-more row standing for `hidden` replies.
    struct Row {
        var id: NodeID
        var parent: Int?
        var time: Int64
        var score: Int64
        var hidden: Int?
    }

    var rows: [Row] = []
    /// The thread's own id (a story, a post), for the formats that name it.
    let threadID: Int64 = 1

    /// The rows' indices under `parent` (`nil`: top level), in order.
    func children(of parent: Int?) -> [Int] { rows.indices.filter { rows[$0].parent == parent } }

    /// `depth id` of every row in preorder, as the imported tree's rows read.
    var preorder: [String] {
        var lines: [String] = []
        var stack: [(Int, Int)] = children(of: nil).reversed().map { ($0, 0) }
        while let (index, depth) = stack.popLast() {
            lines.append("\(depth) \(rows[index].id)")
            stack.append(contentsOf: children(of: index).reversed().map { ($0, depth + 1) })
        }
        return lines
    }

    /// The pages, in preorder of their rows.
    var pages: [CorpusPage] {
        let order = preorder
        return rows.filter { $0.hidden != nil }
            .map { CorpusPage(loadMoreRow: $0.id, hiddenReplies: $0.hidden!) }
            .sorted { first, second in
                order.firstIndex { $0.hasSuffix(" \(first.loadMoreRow)") }! < order.firstIndex { $0.hasSuffix(" \(second.loadMoreRow)") }!
            }
    }

    /// A random thread of `count` comments with ids from `id`, and, where `pages` names how
    /// load-more rows are named (from the parent's id, or `nil` at the top), one load-more row
    /// as the last child of some parents.
    static func random(_ count: Int, seed: UInt64, id: (Int) -> NodeID, nonnegativeScores: Bool = false,
                       pages: ((NodeID?) -> NodeID)? = nil) -> ThreadModel {
        var random = SplitMix64(seed: seed)
        var model = ThreadModel()
        for index in 0..<count {
            let parent = index == 0 || random.below(4) == 0 ? nil : Optional(random.below(index))
            let score = Int64(random.below(2_000)) - (nonnegativeScores ? 0 : 500)
            model.rows.append(Row(id: id(index), parent: parent, time: 1_500_000_000 + Int64(random.below(100_000_000)), score: score))
        }
        if let pages {
            var owners: [Int?] = [nil]
            for index in 0..<count where random.below(5) == 0 { owners.append(index) }
            for owner in owners {
                model.rows.append(Row(id: pages(owner.map { model.rows[$0].id }), parent: owner, time: 0, score: 0,
                                      hidden: 1 + random.below(30)))
            }
        }
        return model
    }
}

/// The services' formats, written from a ``ThreadModel``.
enum ThreadWriter {
    static func string(_ text: String) -> String { JSONValue.string(text).serialized }

    /// `seconds` as RFC 3339 UTC text, with `fraction` after the seconds and `zone` after it.
    static func iso(_ seconds: Int64, fraction: String = ".000", zone: String = "Z") -> String {
        let days = seconds.quotientAndRemainder(dividingBy: 86_400)
        // Howard Hinnant's civil_from_days.
        let z = days.quotient + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let second = days.remainder
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(second / 3_600)):\(two(second / 60 % 60)):\(two(second % 60))\(fraction)\(zone)"
    }

    /// With `absent` rows left out, as a page of a longer thread: their present replies are
    /// top-level things whose `parent_id` names them (a "continue this thread" page).
    static func reddit(_ model: ThreadModel, absent: Set<Int> = []) -> String {
        func listing(_ parent: Int?) -> String {
            var shown = model.children(of: parent)
            if parent == nil { shown = model.rows.indices.filter { model.rows[$0].parent.map(absent.contains) ?? true } }
            let things = shown.filter { !absent.contains($0) }.map { index -> String in
                let parent = model.rows[index].parent
                let row = model.rows[index]
                let parentName = parent.map { "t1_\(model.rows[$0].id)" } ?? "t3_post"
                if let hidden = row.hidden {
                    return #"{"kind":"more","data":{"count":\#(hidden),"name":"t1__","id":"_","parent_id":"\#(parentName)","children":[]}}"#
                }
                let replies = model.children(of: index).isEmpty ? #""""# : listing(index)
                return #"{"kind":"t1","data":{"id":\#(string("\(row.id)")),"name":"t1_\#(row.id)","parent_id":"\#(parentName)","#
                    + #""author":"[deleted]","body":"[deleted]","created_utc":\#(row.time).0,"score":\#(row.score),"replies":\#(replies)}}"#
            }
            return #"{"kind":"Listing","data":{"after":null,"children":[\#(things.joined(separator: ","))]}}"#
        }
        let post = #"{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"name":"t3_post","title":"A post","num_comments":\#(model.rows.count)}}]}}"#
        return "[\(post),\(listing(nil))]"
    }

    static func algolia(_ model: ThreadModel) -> String {
        func children(_ parent: Int?) -> String {
            "[" + model.children(of: parent).map { index in
                let row = model.rows[index]
                return #"{"id":\#(row.id),"created_at":"x","created_at_i":\#(row.time),"type":"comment","author":null,"text":null,"#
                    + #""points":\#(row.score),"parent_id":1,"story_id":1,"children":\#(children(index))}"#
            }.joined(separator: ",") + "]"
        }
        return #"{"id":\#(model.threadID),"created_at_i":1,"type":"story","title":"A story","points":5,"children":\#(children(nil))}"#
    }

    /// One item per element of the array, or per line.
    static func firebase(_ model: ThreadModel, lines: Bool = false, absent: Set<Int> = []) -> String {
        var fake: Int64 = 900_000
        func kids(_ parent: Int?) -> String {
            var ids: [String] = []
            for index in model.children(of: parent) {
                if let hidden = model.rows[index].hidden {
                    for _ in 0..<hidden { fake += 1; ids.append("\(fake)") }
                } else {
                    ids.append("\(model.rows[index].id)")
                }
            }
            return "[" + ids.joined(separator: ",") + "]"
        }
        var items = [#"{"by":"a","descendants":\#(model.rows.count),"id":\#(model.threadID),"kids":\#(kids(nil)),"score":5,"time":1,"title":"A story","type":"story"}"#]
        for (index, row) in model.rows.enumerated() where row.hidden == nil && !absent.contains(index) {
            let parent = row.parent.map { "\(model.rows[$0].id)" } ?? "\(model.threadID)"
            // Every third item is deleted: no author, no text, no type.
            let who = index % 3 == 0 ? #""deleted":true"# : #""by":"b","text":"t","type":"comment""#
            items.append(#"{\#(who),"id":\#(row.id),"kids":\#(kids(index)),"parent":\#(parent),"score":\#(row.score),"time":\#(row.time)}"#)
        }
        // The file's order is not the thread's: the kids say it.
        let shuffled = [items[0]] + items.dropFirst().reversed()
        return lines ? shuffled.joined(separator: "\n") + "\n" : "[" + shuffled.joined(separator: ",\n") + "]"
    }

    /// `numbers`: ids as JSON numbers, as Mastodon wrote them before 2.0 (the model's ids
    /// must then be integers). `absent` rows are left out (deleted, or private).
    static func mastodon(_ model: ThreadModel, numbers: Bool = false, absent: Set<Int> = []) -> String {
        func id(_ id: NodeID) -> String { numbers ? "\(id)" : string("\(id)") }
        var statuses: [String] = []
        var stack = model.children(of: nil).reversed() as [Int]
        while let index = stack.popLast() {
            stack.append(contentsOf: model.children(of: index).reversed())
            guard !absent.contains(index) else { continue }
            let row = model.rows[index]
            let parent = row.parent.map { id(model.rows[$0].id) } ?? (numbers ? "109000" : #""109000""#)
            statuses.append(#"{"id":\#(id(row.id)),"in_reply_to_id":\#(parent),"created_at":"\#(iso(row.time))","#
                + #""favourites_count":\#(row.score),"reblogs_count":0,"content":"<p>x</p>"}"#)
        }
        return #"{"ancestors":[{"id":"108999","in_reply_to_id":null}],"descendants":[\#(statuses.joined(separator: ","))]}"#
    }

    /// `v4`: Lemmy 1.x's layout (`items`, the counts inside `comment`, `published_at`, the
    /// post's count of comments).
    /// `absent` rows are left out (on other pages), and each comment's `child_count` counts
    /// every comment below it, held or not.
    static func lemmy(_ model: ThreadModel, v4: Bool = false, absent: Set<Int> = []) -> String {
        func path(_ index: Int) -> String {
            var parts = ["\(model.rows[index].id)"]
            var parent = model.rows[index].parent
            while let next = parent { parts.append("\(model.rows[next].id)"); parent = model.rows[next].parent }
            return (["0"] + parts.reversed()).joined(separator: ".")
        }
        func below(_ index: Int) -> Int { model.children(of: index).reduce(0) { $0 + 1 + below($1) } }
        let views = model.rows.indices.filter { !absent.contains($0) }.map { index in
            let row = model.rows[index]
            let published = iso(row.time, fraction: ".123456", zone: v4 ? "Z" : "")
            if v4 {
                return #"{"comment":{"id":\#(row.id),"path":"\#(path(index))","published_at":"\#(published)","deleted":\#(index % 4 == 0),"#
                    + #""removed":false,"score":\#(row.score),"upvotes":1,"child_count":\#(below(index))},"post":{"id":7,"name":"A post","comments":\#(model.rows.count)},"#
                    + #""community":{"id":3},"can_mod":false}"#
            }
            return #"{"comment":{"id":\#(row.id),"path":"\#(path(index))","published":"\#(published)","#
                + #""deleted":\#(index % 4 == 0),"removed":false},"counts":{"score":\#(row.score),"child_count":\#(below(index))},"#
                + #""post":{"id":7,"name":"A post"}}"#
        }
        if v4 { return #"{"items":[\#(views.joined(separator: ","))],"next_page":"Pa1","prev_page":null}"# }
        return #"{"comments":[\#(views.joined(separator: ","))]}"#
    }

    /// `absent` posts are left out (on other pages of the topic); `highest_post_number` still
    /// counts them.
    static func discourse(_ model: ThreadModel, absent: Set<Int> = []) -> String {
        var posts = [#"{"id":99,"post_number":1,"reply_to_post_number":null,"created_at":"2020-01-01T00:00:00.000Z","score":3.0}"#]
        for (index, row) in model.rows.enumerated() where !absent.contains(index) {
            let reply = row.parent.map { "\($0 + 2)" } ?? (index % 2 == 0 ? "null" : "1")
            posts.append(#"{"id":\#(row.id),"post_number":\#(index + 2),"reply_to_post_number":\#(reply),"#
                + #""created_at":"\#(iso(row.time, zone: "+00:00"))","score":\#(row.score).25}"#)
        }
        let highest = absent.isEmpty ? "" : #","highest_post_number":\#(model.rows.count + 1)"#
        return #"{"post_stream":{"posts":[\#(posts.joined(separator: ","))],"stream":[]},"id":5,"title":"A topic","posts_count":\#(posts.count)\#(highest)}"#
    }
}
