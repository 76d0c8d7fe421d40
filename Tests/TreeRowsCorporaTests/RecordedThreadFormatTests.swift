import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
import TreeRowsTestSupport

/// Threads saved from the services themselves (Corpora/recorded/PROVENANCE.md), read as they
/// are, against figures taken from the files with Foundation's JSON reader alone: the
/// services' own counts, and for Hacker News the same thread as TreeRows' JSON Lines.
@Suite struct RecordedThreadFormatTests {
    static func path(_ name: String) -> String { "\(PackageFolder.root)/Corpora/recorded/\(name)" }

    static func json(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path(name))))
    }

    @Test func hackerNewsItemsFromTheFirebaseAPI() throws {
        let corpus = try CorpusReader.read(contentsOf: Self.path("hn-17338700.firebase.json"))
        let items = try #require(try Self.json("hn-17338700.firebase.json") as? [[String: Any]])
        // HN's `descendants` leaves out deleted and dead comments; the file keeps them.
        let story = try #require(items.first { $0["type"] as? String == "story" })
        let descendants = try #require(story["descendants"] as? Int)
        let gone = items.filter { $0["deleted"] as? Bool == true || $0["dead"] as? Bool == true }.count
        #expect(corpus.tree.nodeCount == descendants + gone && corpus.tree.nodeCount == items.count - 1)
        // Every kid is in the file: no page.
        let ids = Set(items.compactMap { $0["id"] as? Int })
        #expect(items.allSatisfy { (($0["kids"] as? [Int]) ?? []).allSatisfy(ids.contains) } && corpus.pages.isEmpty)
        // The same parents as the thread's JSON Lines, and siblings in the story's ranked order.
        let lines = try CorpusReader.read(contentsOf: Self.path("hn-17338700.jsonl")).tree
        for node in corpus.tree.nodes {
            let id = corpus.tree.id(of: node)
            let other = try #require(lines.index(of: id), "\(id)")
            let parent = corpus.tree.parent(of: node), otherParent = lines.parent(of: other)
            #expect((parent == Tree.root) == (otherParent == Tree.root), "\(id)")
            if parent != Tree.root { #expect(corpus.tree.id(of: parent) == lines.id(of: otherParent), "\(id)") }
        }
        let ranked = try #require(story["kids"] as? [Int]).map { NodeID.integer(Int64($0)) }
        #expect(corpus.tree.children(of: Tree.root).map(corpus.tree.id(of:)) == ranked)
    }

    @Test func aRedditThreadJSON() throws {
        let corpus = try CorpusReader.read(contentsOf: Self.path("reddit-redditdev-2gmzqe.json"))
        let listings = try #require(try Self.json("reddit-redditdev-2gmzqe.json") as? [[String: Any]])
        let post = try #require(((listings[0]["data"] as? [String: Any])?["children"] as? [[String: Any]])?.first?["data"] as? [String: Any])
        // Reddit's `num_comments` counts every comment; the file holds them all (no `more` stub).
        #expect(corpus.tree.nodeCount == post["num_comments"] as? Int && corpus.pages.isEmpty)
        #expect(JSONLinesReaderTests.rows(corpus.tree) == ["0 cklfmye", "1 cklhv0f"])
        #expect(corpus.tree.time(of: try #require(corpus.tree.index(of: "cklhv0f"))) == 1_411_010_034)
    }

    @Test func aDiscourseTopic() throws {
        let corpus = try CorpusReader.read(contentsOf: Self.path("discourse-try-57.json"))
        let topic = try #require(try Self.json("discourse-try-57.json") as? [String: Any])
        let stream = try #require((topic["post_stream"] as? [String: Any])?["stream"] as? [Int])
        // Every post of the stream is in the file; the first opens the topic and is no row.
        #expect(corpus.tree.nodeCount == stream.count - 1 && stream.count == topic["posts_count"] as? Int)
        // 2013-02-04T15:26:32.362-05:00.
        #expect(corpus.tree.time(of: try #require(corpus.tree.index(of: 84))) == 1_360_009_592)
    }

    /// Walks a Reddit listing's things: each `t1` comment and `more` stub with its depth (a
    /// top-level thing at 0).
    static func redditThings(_ listing: Any?, depth: Int = 0, into things: inout [(kind: String, data: [String: Any], depth: Int)]) {
        guard let children = ((listing as? [String: Any])?["data"] as? [String: Any])?["children"] as? [[String: Any]] else { return }
        for thing in children {
            guard let kind = thing["kind"] as? String, let data = thing["data"] as? [String: Any] else { continue }
            things.append((kind, data, depth))
            redditThings(data["replies"], depth: depth + 1, into: &things)
        }
    }

    @Test func aRedditThreadTooBigToLoadAtOnce() throws {
        let name = "reddit-iama-z1c9z.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let listings = try #require(try Self.json(name) as? [[String: Any]])
        let post = try #require(((listings[0]["data"] as? [String: Any])?["children"] as? [[String: Any]])?.first?["data"] as? [String: Any])
        var things: [(kind: String, data: [String: Any], depth: Int)] = []
        Self.redditThings(listings[1], into: &things)
        let comments = things.filter { $0.kind == "t1" }, stubs = things.filter { $0.kind == "more" }
        // Each comment is a row and each `more` stub a load-more row, at its own depth.
        #expect(comments.count == 197 && stubs.count == 167)
        #expect(corpus.tree.nodeCount == comments.count + stubs.count)
        #expect(corpus.tree.nodes.map { Int(corpus.tree.depth(of: $0)) }.max() == things.map(\.depth).max())
        for thing in comments {
            let id = try #require(thing.data["id"] as? String)
            let node = try #require(corpus.tree.index(of: .string(id)))
            #expect(Int(corpus.tree.depth(of: node)) == thing.depth)
        }
        // Every stub is a page hiding its `count`, in the listing's order, its row named
        // after the comment it hangs under (`more-top` at the top).
        let hidden = stubs.map { $0.data["count"] as? Int ?? -1 }
        let rows = stubs.map { stub -> NodeID in
            let parent = stub.data["parent_id"] as? String ?? ""
            return .string(parent.hasPrefix("t1_") ? "more-\(parent.dropFirst(3))" : "more-top")
        }
        #expect(corpus.pages.map(\.loadMoreRow) == rows)
        for (stub, row) in zip(stubs, rows) {
            #expect(Int(corpus.tree.depth(of: try #require(corpus.tree.index(of: row)))) == stub.depth)
        }
        #expect(corpus.pages.map(\.hiddenReplies) == hidden && hidden.reduce(0, +) == 27_284)
        // Reddit's `num_comments` (23,335) is below the comments held plus the stubs' counts
        // (27,481): the stubs count deleted and removed replies, which `num_comments` leaves out.
        let total = try #require(post["num_comments"] as? Int)
        #expect(total == 23_335 && total >= 10_000 && total < comments.count + hidden.reduce(0, +))
    }

    @Test func aHackerNewsItemFromAlgolia() throws {
        let name = "hn-17.algolia.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let item = try #require(try Self.json(name) as? [String: Any])
        var pending = [(item, -1)], found: [(id: Int, parent: Int, depth: Int)] = []
        while let (node, depth) = pending.popLast() {
            for child in (node["children"] as? [[String: Any]] ?? []).reversed() {
                found.append((child["id"] as! Int, node["id"] as! Int, depth + 1))
                pending.append((child, depth + 1))
            }
        }
        // The item opens the thread and is no row; its replies are, in Algolia's order.
        #expect(corpus.tree.nodeCount == found.count && found.count == 2 && corpus.pages.isEmpty)
        #expect(corpus.tree.children(of: Tree.root).map(corpus.tree.id(of:)) == [.integer(1079), .integer(454_426)])
        #expect(corpus.tree.time(of: try #require(corpus.tree.index(of: 1079))) == 1_172_441_903)
    }

    @Test func aMastodonContext() throws {
        let name = "mastodon-110446983926957470.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let context = try #require(try Self.json(name) as? [String: Any])
        let descendants = try #require(context["descendants"] as? [[String: Any]])
        // The descendants are the rows; the ancestors and the status itself are not. The one
        // reply answers the status, which the context leaves out, so it is a top-level row.
        #expect(corpus.tree.nodeCount == descendants.count && descendants.count == 1)
        let reply = try #require(corpus.tree.index(of: .string("110446984249325790")))
        #expect(corpus.tree.parent(of: reply) == Tree.root && corpus.tree.time(of: reply) == 1_685_287_235)
    }

    @Test func aLemmyCommentList() throws {
        let name = "lemmy-voyager-comments.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let views = try #require((try Self.json(name) as? [String: Any])?["comments"] as? [[String: Any]])
        let paths = views.map { (($0["comment"] as! [String: Any])["path"] as! String).split(separator: ".").map { Int($0)! } }
        // Each comment hangs under its path's parent, at the path's depth (a row stands for a
        // parent the list lacks); the list (the site's newest, across 4 posts) gives children
        // before their parents, and here holds every parent.
        #expect(corpus.tree.nodeCount == views.count && views.count == 10 && corpus.missingParents.isEmpty)
        for path in paths {
            let node = try #require(corpus.tree.index(of: .integer(Int64(path.last!))))
            let expected = try (path.count > 2 ? Optional(path[path.count - 2]) : nil).map { try #require(corpus.tree.index(of: .integer(Int64($0)))) }
            #expect(corpus.tree.parent(of: node) == expected ?? Tree.root && Int(corpus.tree.depth(of: node)) == path.count - 2, "\(path)")
        }
        #expect(corpus.tree.nodes.map { corpus.tree.depth(of: $0) }.max() == 2)
    }

    @Test func anEarlyMastodonContextWithNumbersForIDs() throws {
        let name = "mastodon-2017-6886100.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let context = try #require(try Self.json(name) as? [String: Any])
        let descendants = try #require(context["descendants"] as? [[String: Any]])
        // Mastodon 1.x (mstdn.jp, May 2017) wrote ids as JSON numbers; the one reply answers the
        // status itself (6886100), which the context leaves out: a top-level row.
        #expect(descendants.count == 1 && descendants[0]["id"] as? Int == 6_886_129 && descendants[0]["in_reply_to_id"] as? Int == 6_886_100)
        let reply = try #require(corpus.tree.index(of: .integer(6_886_129)))
        #expect(corpus.tree.nodeCount == 1 && corpus.tree.parent(of: reply) == Tree.root && corpus.missingParents.isEmpty)
        // 2017-05-03T02:30:39.989Z.
        #expect(corpus.tree.time(of: reply) == 1_493_778_639 && corpus.tree.score(of: reply) == 0)
    }

    @Test func aLemmyV4CommentListPage() throws {
        let name = "lemmy-v4-lemmykit-comments.json"
        let corpus = try CorpusReader.read(contentsOf: Self.path(name))
        let list = try #require(try Self.json(name) as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        let comment = try #require(items.first?["comment"] as? [String: Any])
        let total = try #require((items.first?["post"] as? [String: Any])?["comments"] as? Int)
        // One comment of the post's 7 on this page (a `next_page` cursor follows): the comment,
        // then one load-more row for the other 6 at the end of the top level.
        #expect(items.count == 1 && total == 7 && list["next_page"] as? String != nil)
        #expect(corpus.commentCount == 1 && corpus.pages == [CorpusPage(loadMoreRow: "more-post", hiddenReplies: total - 1)])
        let id = try #require(comment["id"] as? Int)
        let node = try #require(corpus.tree.index(of: .integer(Int64(id))))
        #expect(corpus.tree.parent(of: node) == Tree.root && corpus.tree.score(of: node) == (comment["score"] as? Int).map(Int64.init))
        // 2026-06-12T23:39:00.000000Z.
        #expect(corpus.tree.time(of: node) == 1_781_307_540)
    }
}
