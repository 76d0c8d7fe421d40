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
}
