import Testing
import TreeRows
import TreeRowsCorpora

/// Threads as the services save them, read as corpora: for random threads, each format
/// written and read back gives the same tree (ids, parents, order, times, scores, pages);
/// and what is no thread is told so, never misread.
@Suite struct ThreadFormatTests {
    static func read(_ text: String, file: String = "thread.json") throws(CorpusError) -> Corpus {
        try CorpusReader.parse(Array(text.utf8), file: file)
    }

    /// The imported corpus against the model it was written from.
    static func expectSame(_ corpus: Corpus, _ model: ThreadModel, source: String, _ comment: Comment) {
        let tree = corpus.tree
        #expect(JSONLinesReaderTests.rows(tree) == model.preorder, comment)
        for row in model.rows where row.hidden == nil {
            guard let node = tree.index(of: row.id) else {
                Issue.record("\(row.id) missing; \(comment)")
                continue
            }
            #expect(tree.time(of: node) == row.time && tree.score(of: node) == row.score, "\(row.id); \(comment)")
        }
        #expect(corpus.pages == model.pages, comment)
        #expect(corpus.missingParents.isEmpty && corpus.header?[MissingParentRows.headerKey] == nil, comment)
        #expect(corpus.header?["source"] == .string(source), comment)
    }

    /// Each format: the model's ids, what it writes, and how its load-more rows are named.
    static let formats: [(format: ThreadFormat, id: @Sendable (Int) -> NodeID, pages: (@Sendable (NodeID?) -> NodeID)?,
                          write: @Sendable (ThreadModel) -> String)] = [
        (.redditThread, { .string("c\($0)") }, { $0.map { .string("more-\($0)") } ?? "more-top" }, { ThreadWriter.reddit($0) }),
        (.hackerNewsAlgolia, { .integer(Int64($0) + 100) }, nil, ThreadWriter.algolia),
        (.hackerNewsFirebase, { .integer(Int64($0) + 100) }, { $0.map { .string("more-\($0)") } ?? "more-1" }, { ThreadWriter.firebase($0) }),
        (.hackerNewsFirebase, { .integer(Int64($0) + 100) }, { $0.map { .string("more-\($0)") } ?? "more-1" }, { ThreadWriter.firebase($0, lines: true) }),
        (.mastodonContext, { .string("\(109_001 + $0)") }, nil, { ThreadWriter.mastodon($0) }),
        (.mastodonContext, { .integer(Int64(109_001 + $0)) }, nil, { ThreadWriter.mastodon($0, numbers: true) }),
        (.lemmyComments, { .integer(Int64($0) + 100) }, nil, { ThreadWriter.lemmy($0) }),
        (.lemmyComments, { .integer(Int64($0) + 100) }, nil, { ThreadWriter.lemmy($0, v4: true) }),
        (.discourseTopic, { .integer(Int64($0) + 100) }, nil, { ThreadWriter.discourse($0) }),
    ]

    @Test(arguments: formats.indices)
    func randomThreadsComeBackWhole(_ which: Int) throws {
        let (format, id, pages, write) = Self.formats[which]
        for seed in 1...25 as ClosedRange<UInt64> {
            let model = ThreadModel.random(1 + Int(seed * 7 % 60), seed: seed, id: id, nonnegativeScores: format == .discourseTopic, pages: pages)
            let text = write(model)
            let corpus = try Self.read(text)
            Self.expectSame(corpus, model, source: format.name, "\(format.name), seed \(seed): \(text.prefix(600))")
        }
    }

    @Test func aThreadKeepsItsPagesThroughATreeRowsFile() throws {
        let model = ThreadModel.random(40, seed: 3, id: { .string("c\($0)") }, pages: { $0.map { .string("more-\($0)") } ?? "more-top" })
        let corpus = try Self.read(ThreadWriter.reddit(model))
        #expect(!corpus.pages.isEmpty)
        let bytes = try TreeFile.encode(corpus.tree, metadata: corpus.header!)
        let again = try CorpusReader.parse(bytes, file: "thread.trows")
        #expect(again.pages == corpus.pages)
    }

    @Test func aRedditThreadAsDeepAsRedditNestsIsReadWithoutRecursion() throws {
        // 80 replies each under the last: about 400 levels of JSON.
        var model = ThreadModel()
        for index in 0..<80 { model.rows.append(.init(id: .string("d\(index)"), parent: index == 0 ? nil : index - 1, time: 1, score: 1)) }
        let corpus = try Self.read(ThreadWriter.reddit(model))
        #expect(corpus.tree.nodeCount == 80 && JSONLinesReaderTests.rows(corpus.tree).last == "79 d79")
    }

    @Test func timestampsOfTheServicesReadAsSecondsSince1970() throws {
        // Mastodon, Discourse and Lemmy spell the same instant three ways; an offset moves it.
        for text in ["2022-11-06T12:00:00.000Z", "2022-11-06T12:00:00+00:00", "2022-11-06T12:00:00.123456", "2022-11-06T14:00:00+0200"] {
            let status = #"{"ancestors":[],"descendants":[{"id":"1","in_reply_to_id":"0","created_at":"\#(text)","favourites_count":2}]}"#
            let corpus = try Self.read(status)
            #expect(corpus.tree.time(of: try #require(corpus.tree.index(of: "1"))) == 1_667_736_000, "\(text)")
        }
        #expect(ThreadWriter.iso(0) == "1970-01-01T00:00:00.000Z" && ThreadWriter.iso(951_782_400) == "2000-02-29T00:00:00.000Z")
    }

    @Test func aDiscourseTopicOnOneLineIsATopicNotAOneNodeTree() throws {
        let model = ThreadModel.random(12, seed: 9, id: { .integer(Int64($0) + 100) }, nonnegativeScores: true)
        let text = ThreadWriter.discourse(model)
        #expect(!text.contains("\n"))
        let corpus = try Self.read(text)
        #expect(corpus.tree.nodeCount == 12 && corpus.header?["description"] == .string("A topic"))
    }

    @Test func anUnknownJSONDocumentIsToldEveryLayoutTried() throws {
        for text in [#"[{"a": 1}, {"b": [2]}]"#, "{\n  \"thread\": {\"posts\": []}\n}", #"{"x": [1]}"#] {
            #expect {
                try Self.read(text)
            } throws: { error in
                let message = (error as? CorpusError)?.description ?? ""
                return message.contains("in none of the layouts tried") && ThreadFormat.allCases.allSatisfy { message.contains($0.name) }
                    && message.contains("TreeRows JSON Lines") && message.contains("Fix: ")
            }
        }
    }

    @Test func aJSONLinesLineThatIsAWholeDocumentIsRefused() throws {
        // An id, no parent, nested values, and a member a thread service's document has.
        let lines = [#"{"id": 1}"#, #"{"id": 2, "parent": 1}"#, #"{"id": 3, "by": "pg", "kids": [4, 5], "sort": {"by": "top"}}"#]
        #expect {
            try JSONLinesReader.parse(Array(lines.joined(separator: "\n").utf8), file: "mixed.jsonl")
        } throws: { error in
            let message = (error as? CorpusError)?.description ?? ""
            return message.hasPrefix("mixed.jsonl:3: this line is a whole document, not a node") && message.contains("\"kids\"")
        }
        // A node of one's own with a list of tags, or a top-level node, is still a node.
        let fine = [#"{"id": 1, "x-tags": ["a"]}"#, #"{"id": 2, "parent": 1, "kids": [9]}"#, #"{"id": 3, "by": "me"}"#]
        #expect(try JSONLinesReader.parse(Array(fine.joined(separator: "\n").utf8), file: "fine.jsonl").tree.nodeCount == 3)
    }

    @Test func brokenThreadsAreToldWhereAndWhat() throws {
        let cases: [(String, String)] = [
            (#"[{"kind":"Listing","data":{"children":[]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"score":1}}]}}]"#,
             "the comment listing, item 1: a comment (t1) without a string \"id\""),
            (#"[{"kind":"Listing","data":{"children":[]}},{"kind":"Listing","data":{"children":[]}}]"#,
             "the Reddit thread JSON holds no comments"),
            (#"{"comments":[{"comment":{"id":5,"path":"0.4","published":"x"},"counts":{"score":1}}]}"#,
             "comment view 1: comment 5's path is not 0.…5"),
            ("[{\"id\": 1, \"type\": \"story\", \"kids\": [2]},\n {\"id\": 2, \"type\": \"comment\", \"parent\": 1,}]",
             "thread.json:2: invalid JSON at column"),
            (#"{"post_stream":{"posts":[{"id":1,"post_number":1},{"id":7,"post_number":2},{"id":7,"post_number":3}]}}"#,
             "post 7 (post 3 of post_stream.posts): duplicate id 7 (first defined at post 7 (post 2 of post_stream.posts))"),
        ]
        for (text, expected) in cases {
            #expect {
                try Self.read(text)
            } throws: { error in
                ((error as? CorpusError)?.description ?? "").contains(expected)
            }
        }
    }

    @Test func headerPagesAreCheckedAgainstTheTree() throws {
        let good = [#"{"source": "t", "pages": [{"row": "m", "hidden": 3}]}"#, #"{"id": 1}"#, #"{"id": "m", "parent": 1}"#]
        #expect(try JSONLinesReader.parse(Array(good.joined(separator: "\n").utf8), file: "p.jsonl").pages
            == [CorpusPage(loadMoreRow: "m", hiddenReplies: 3)])
        for (pages, expected) in [(#"[{"row": 1, "hidden": 3}]"#, "which has replies"), (#"[{"row": "x", "hidden": 3}]"#, "does not hold"),
                                  (#"[{"row": "m", "hidden": -1}]"#, "no \"hidden\" count"), (#""m""#, "not a list")] {
            let lines = [#"{"source": "t", "pages": \#(pages)}"#, #"{"id": 1}"#, #"{"id": "m", "parent": 1}"#]
            #expect {
                try JSONLinesReader.parse(Array(lines.joined(separator: "\n").utf8), file: "p.jsonl")
            } throws: { error in
                ((error as? CorpusError)?.description ?? "").contains(expected)
            }
        }
    }
}
