import Testing
import TreeRows
import TreeRowsCorpora

/// A saved page of a longer thread, in every format that can leave a reply's parent out: for
/// random threads with random comments left out, each reply whose parent is missing sits
/// under a row standing for that parent (never at the top level), at the depth its format
/// gives, and what the page does not hold is counted apart from its comments.
@Suite struct ThreadPageTests {
    /// A format, the ids it gives the model's rows, the id of the row standing for a missing
    /// row (by index and id), whether it gives each comment's whole path (so its depth), and
    /// how it writes a page without the `absent` rows.
    struct Format: Sendable, CustomTestStringConvertible {
        var name: String
        var id: @Sendable (Int) -> NodeID
        var standIn: @Sendable (Int, NodeID) -> NodeID = { $1 }
        var givesPath = false
        var write: @Sendable (ThreadModel, Set<Int>) -> String
        var testDescription: String { name }
    }

    static let formats: [Format] = [
        Format(name: "Reddit", id: { .string("c\($0)") }, write: { ThreadWriter.reddit($0, absent: $1) }),
        Format(name: "Hacker News (Firebase)", id: { .integer(Int64($0) + 100) }, write: { ThreadWriter.firebase($0, absent: $1) }),
        Format(name: "Mastodon", id: { .string("\(109_001 + $0)") }, write: { ThreadWriter.mastodon($0, absent: $1) }),
        Format(name: "Mastodon before 2.0", id: { .integer(Int64(109_001 + $0)) }, write: { ThreadWriter.mastodon($0, numbers: true, absent: $1) }),
        Format(name: "Lemmy v3", id: { .integer(Int64($0) + 100) }, givesPath: true, write: { ThreadWriter.lemmy($0, absent: $1) }),
        Format(name: "Lemmy v4", id: { .integer(Int64($0) + 100) }, givesPath: true, write: { ThreadWriter.lemmy($0, v4: true, absent: $1) }),
        Format(name: "Discourse", id: { .integer(Int64($0) + 100) }, standIn: { index, _ in .string("post-\(index + 2)") },
               write: { ThreadWriter.discourse($0, absent: $1) }),
    ]

    /// A random third of the comments left out: never a top-level one unless the format gives
    /// whole paths, and fewer where a format must tell the thread from a missing parent by
    /// count: more top-level comments are kept than replies to any one missing comment.
    static func absent(_ model: ThreadModel, seed: UInt64, topLevelToo: Bool = false) -> Set<Int> {
        var random = SplitMix64(seed: seed &* 31)
        var absent = Set(model.rows.indices.filter { (topLevelToo || model.rows[$0].parent != nil) && random.below(3) == 0 })
        guard !topLevelToo else { return absent }
        func keptUnder(_ parent: Int?) -> Int { model.children(of: parent).filter { !absent.contains($0) }.count }
        while let worst = absent.max(by: { keptUnder($0) < keptUnder($1) }), keptUnder(worst) >= keptUnder(nil) { absent.remove(worst) }
        return absent
    }

    @Test(arguments: formats)
    func repliesToMissingCommentsGoUnderRowsStandingForThem(_ format: Format) throws {
        for seed in 1...30 as ClosedRange<UInt64> {
            let model = ThreadModel.random(2 + Int(seed * 11 % 70), seed: seed, id: format.id, nonnegativeScores: true)
            let absent = Self.absent(model, seed: seed, topLevelToo: format.givesPath)
            let text = format.write(model, absent)
            let corpus = try CorpusReader.parse(Array(text.utf8), file: "page.json")
            let tree = corpus.tree
            let comment: Comment = "\(format.name), seed \(seed), absent \(absent.sorted()): \(text.prefix(400))"
            /// The row a model row is in the page: itself, or the row standing for it.
            func row(_ index: Int) -> NodeID { absent.contains(index) ? format.standIn(index, model.rows[index].id) : model.rows[index].id }
            func depth(_ index: Int) -> Int { model.rows[index].parent.map { depth($0) + 1 } ?? 0 }
            var standIns = Set<NodeID>()
            for index in model.rows.indices where !absent.contains(index) {
                let node = try #require(tree.index(of: model.rows[index].id), comment)
                #expect(tree.time(of: node) == model.rows[index].time && tree.score(of: node) == model.rows[index].score, comment)
                if format.givesPath { #expect(Int(tree.depth(of: node)) == depth(index), comment) }
                guard let parent = model.rows[index].parent else {
                    #expect(tree.parent(of: node) == Tree.root, comment)
                    continue
                }
                #expect(tree.parent(of: node) != Tree.root && tree.id(of: tree.parent(of: node)) == row(parent), comment)
                if format.givesPath {
                    // Every missing ancestor stands in its place: the depth is the path's.
                    var ancestor = model.rows[index].parent
                    while let above = ancestor {
                        if absent.contains(above) { standIns.insert(row(above)) }
                        ancestor = model.rows[above].parent
                    }
                } else if absent.contains(parent) {
                    // The format names the parent only: its row is top-level.
                    #expect(tree.depth(of: node) == 1, comment)
                    standIns.insert(row(parent))
                }
            }
            #expect(Set(corpus.missingParents) == standIns && corpus.missingParents.count == standIns.count, comment)
            #expect(corpus.commentCount == model.rows.count - absent.count, comment)
            #expect(corpus.header?[MissingParentRows.headerKey] != nil || standIns.isEmpty, comment)
            let statistics = CorpusStatistics(corpus)
            #expect(statistics.comments == corpus.commentCount && statistics.missingParentRows == standIns.count
                && statistics.loadMoreRows == corpus.pages.count && statistics.nodes == tree.nodeCount, comment)
            try Self.expectHiddenCounts(corpus, model, absent: absent, format: format, standIns: standIns.count, comment)
            // Each page loads where its row is: the row is its parent's last child.
            for page in corpus.pages {
                let row = try #require(tree.index(of: page.loadMoreRow), comment)
                #expect(throws: Never.self, comment) { try tree.validatePage([.string("new-\(page.loadMoreRow)")], under: tree.parent(of: row), before: row) }
            }
        }
    }

    /// Where a format counts what its page lacks, the load-more rows hide exactly that.
    static func expectHiddenCounts(_ corpus: Corpus, _ model: ThreadModel, absent: Set<Int>, format: Format, standIns: Int,
                                   _ comment: Comment) throws {
        let hidden = Dictionary(corpus.pages.map { ($0.loadMoreRow, $0.hiddenReplies) }, uniquingKeysWith: +)
        switch format.name {
        case "Discourse":
            // highest_post_number counts every post: those neither held nor stood for are one row at the end.
            let rest = model.rows.count - (model.rows.count - absent.count) - standIns
            #expect(hidden == (rest > 0 ? ["more-posts": rest] : [:]), comment)
            if rest > 0 { #expect(corpus.tree.children(of: Tree.root).last.map(corpus.tree.id(of:)) == "more-posts", comment) }
        case "Lemmy v3", "Lemmy v4":
            // Each comment's child_count counts every comment below it. Those neither held nor stood
            // for hide under it, but for those below a held comment nearer them, which hides its own.
            func below(_ index: Int) -> [Int] { model.children(of: index).flatMap { [$0] + below($0) } }
            func missing(_ index: Int) -> Int {
                below(index).filter { lower in absent.contains(lower) && !below(lower).contains { !absent.contains($0) } }.count
            }
            /// The held comments below `index` with no held comment between.
            func nearestHeld(_ index: Int) -> [Int] { model.children(of: index).flatMap { absent.contains($0) ? nearestHeld($0) : [$0] } }
            var total = 0
            for index in model.rows.indices where !absent.contains(index) {
                let own = missing(index) - nearestHeld(index).reduce(0) { $0 + missing($1) }
                total += own
                #expect(hidden[.string("more-\(model.rows[index].id)")] == (own > 0 ? own : nil), comment)
            }
            // v4 gives the post's count: what nothing else accounts for is one row at the end of the top level.
            let rest = model.rows.count - (model.rows.count - absent.count) - standIns - total
            #expect(hidden["more-post"] == (format.name == "Lemmy v4" && rest > 0 ? rest : nil), comment)
        case "Hacker News (Firebase)":
            // A held item's kids that the page lacks hide under it.
            for index in model.rows.indices where !absent.contains(index) {
                let missing = model.children(of: index).filter(absent.contains).count
                #expect(hidden[.string("more-\(model.rows[index].id)")] == (missing > 0 ? missing : nil), comment)
            }
        default:
            #expect(corpus.pages.isEmpty, comment)
        }
    }

    @Test func aCorpusFileKeepsItsRowsForMissingParents() throws {
        let model = ThreadModel.random(40, seed: 5, id: { .integer(Int64($0) + 100) })
        let corpus = try CorpusReader.parse(Array(ThreadWriter.lemmy(model, absent: Self.absent(model, seed: 5)).utf8), file: "page.json")
        #expect(!corpus.missingParents.isEmpty)
        let again = try CorpusReader.parse(try TreeFile.encode(corpus.tree, metadata: corpus.header!), file: "page.trows")
        #expect(again.missingParents == corpus.missingParents && again.pages == corpus.pages && again.commentCount == corpus.commentCount)
        // A header naming a row the tree lacks is refused, at its place.
        let lines = [#"{"source": "t", "missingParents": [1, "x"]}"#, #"{"id": 1}"#, #"{"id": 2, "parent": 1}"#]
        #expect {
            try JSONLinesReader.parse(Array(lines.joined(separator: "\n").utf8), file: "m.jsonl")
        } throws: { error in
            ((error as? CorpusError)?.description ?? "").contains("\"missingParents\" item 2 names row x, which the tree does not hold")
        }
    }

    @Test func anAlgoliaItemNestsEveryReplyAndSoLacksNoParent() throws {
        // Algolia gives the whole tree nested under the item: no reply can name a parent it lacks.
        let model = ThreadModel.random(50, seed: 8, id: { .integer(Int64($0) + 100) })
        let corpus = try CorpusReader.parse(Array(ThreadWriter.algolia(model).utf8), file: "item.json")
        #expect(corpus.missingParents.isEmpty && corpus.commentCount == 50)
    }
}

extension ThreadPageTests {
    @Test func aLoadMoreRowIsItsParentsLastChildWhateverTheFileOrder() throws {
        // Story 1 lists 10 and 12 (not in the file); item 11 replies to 1 without being listed.
        let items = [#"{"id":1,"type":"story","kids":[10,12]}"#, #"{"id":10,"type":"comment","parent":1,"time":5}"#,
                     #"{"id":11,"type":"comment","parent":1,"time":6}"#]
        let corpus = try CorpusReader.parse(Array(("[" + items.joined(separator: ",") + "]").utf8), file: "items.json")
        #expect(JSONLinesReaderTests.rows(corpus.tree) == ["0 10", "0 11", "0 more-1"])
        #expect(corpus.pages == [CorpusPage(loadMoreRow: "more-1", hiddenReplies: 1)])
        // So its page loads where it is.
        let row = try #require(corpus.tree.index(of: "more-1"))
        try corpus.tree.validatePage(["12"], under: Tree.root, before: row)
    }
}

extension ThreadPageTests {
    @Test func hackerNewsItemsWithoutTheirStoryTellTheStoryFromAMissingComment() throws {
        // Story 1 is not in the file: three items reply to it, one to comment 50, which is missing too.
        let items = [#"{"id":10,"type":"comment","parent":1,"time":5}"#, #"{"id":11,"type":"comment","parent":50,"time":6}"#,
                     #"{"id":12,"type":"comment","parent":1,"time":7}"#, #"{"id":13,"type":"comment","parent":1,"time":8}"#]
        let corpus = try CorpusReader.parse(Array(("[" + items.joined(separator: ",") + "]").utf8), file: "items.json")
        #expect(JSONLinesReaderTests.rows(corpus.tree) == ["0 10", "0 50", "1 11", "0 12", "0 13"])
        #expect(corpus.missingParents == [50] && corpus.commentCount == 4)
    }

    @Test func lemmyPathsThatDisagreeAboutAMissingAncestorAreRefused() throws {
        // Comment 2 is missing; one path puts it under 1, the other under 3.
        let list = #"{"comments":[{"comment":{"id":5,"path":"0.1.2.5"},"counts":{"score":1}},{"comment":{"id":6,"path":"0.3.2.6"},"counts":{"score":1}}]}"#
        #expect {
            try CorpusReader.parse(Array(list.utf8), file: "list.json")
        } throws: { error in
            ((error as? CorpusError)?.description ?? "").contains("comment view 2: its path 0.3.2.6 puts comment 2, which the list lacks, under comment 3, "
                + "where an earlier path puts it under comment 1: the paths contradict each other")
        }
    }

    @Test func countsOfPostsAndRepliesAreReadAsCountsOrRefusedByName() throws {
        // Each count a service gives for what a page lacks: read when it is 0 to 2^31 - 1, else refused naming the field; never a trap.
        let documents: [(field: String, text: (String) -> String)] = [
            ("highest_post_number", { #"{"post_stream":{"posts":[{"id":100,"post_number":2,"reply_to_post_number":1}]},"highest_post_number":\#($0)}"# }),
            ("posts_count", { #"{"post_stream":{"posts":[{"id":100,"post_number":2,"reply_to_post_number":1}]},"posts_count":\#($0)}"# }),
            ("reply_to_post_number", { #"{"post_stream":{"posts":[{"id":100,"post_number":2,"reply_to_post_number":\#($0)}]},"posts_count":3}"# }),
            ("child_count", { #"{"items":[{"comment":{"id":5,"path":"0.5","score":1,"child_count":\#($0)},"post":{"id":1,"comments":3}}]}"# }),
            ("post.comments", { #"{"items":[{"comment":{"id":5,"path":"0.5","score":1,"child_count":0},"post":{"id":1,"comments":\#($0)}}]}"# }),
        ]
        for (field, text) in documents {
            for value in ["-9223372036854775808", "9223372036854775807", "2147483647", "2147483648", "-1", "0", "1", "3", "1.5", #""3""#, "null"] {
                let corpus: Corpus?, message: String
                do { (corpus, message) = (try CorpusReader.parse(Array(text(value).utf8), file: "page.json"), "") } catch {
                    (corpus, message) = (nil, error.description)
                }
                let whole = Int64(value)
                // A post number is any whole number from 1; a count, from 0 to what a page holds.
                let readable = value == "null" || whole.map { field == "reply_to_post_number" ? $0 >= 1 : (0...Int64(Int32.max)).contains($0) } ?? false
                #expect((corpus != nil) == readable && (readable || message.contains("\(field)\"")),
                        "\(field): \(value): \(message)")
                if let corpus, let whole, field == "highest_post_number" || field == "posts_count" {
                    // One post held of the whole - 1 beyond post 1.
                    #expect(corpus.pages.map(\.hiddenReplies) == (whole > 2 ? [Int(whole) - 2] : []), "\(field): \(value)")
                }
            }
        }
    }

    @Test func aHeaderNamesEachRowForAMissingParentOnceAndNeverALoadMoreRow() throws {
        for (members, expected) in [(#""missingParents": [1, 1]"#, "names row 1 a second time"),
                                    (#""pages": [{"row": "m", "hidden": 2}], "missingParents": ["m"]"#, "which \"pages\" names as a load-more row")] {
            let lines = ["{\"source\": \"t\", \(members)}", #"{"id": 1}"#, #"{"id": "m", "parent": 1}"#]
            #expect {
                try JSONLinesReader.parse(Array(lines.joined(separator: "\n").utf8), file: "m.jsonl")
            } throws: { error in
                ((error as? CorpusError)?.description ?? "").contains(expected)
            }
        }
    }
}
