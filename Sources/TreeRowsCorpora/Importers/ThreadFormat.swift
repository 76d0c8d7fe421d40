import TreeRows

/// The thread formats TreeRows reads as the services return them, recognized by content:
/// a thread saved from Reddit, Hacker News, Mastodon, Lemmy or Discourse is a corpus as it is.
///
/// docs/Corpora.md maps each format's fields to ids, parents, times, scores and pages.
public enum ThreadFormat: CaseIterable, Sendable {
    /// A Reddit thread's JSON (the thread's URL + `.json`): two listings, the post and its
    /// comments, `t1` things with nested `replies`, `more` stubs for replies not loaded.
    case redditThread
    /// A Hacker News item from Algolia's API (`/api/v1/items/ID`): the whole tree nested in
    /// `children`.
    case hackerNewsAlgolia
    /// Hacker News items from the Firebase API (one item per id, `kids` in ranked order), as
    /// a JSON array or one item per line.
    case hackerNewsFirebase
    /// A Mastodon status's context (`/api/v1/statuses/:id/context`): flat `descendants`
    /// with `in_reply_to_id`.
    case mastodonContext
    /// A Lemmy comment list (`/api/v3/comment/list`, or Lemmy 1.x's `/api/v4/comment/list`):
    /// each comment's `path`, such as `0.24.27`.
    case lemmyComments
    /// A Discourse topic (`/t/ID.json`): `post_stream.posts` with `reply_to_post_number`.
    case discourseTopic

    /// The format's name, as messages and a corpus's `source` give it.
    public var name: String {
        switch self {
        case .redditThread: "Reddit thread JSON"
        case .hackerNewsAlgolia: "Hacker News item from Algolia's API"
        case .hackerNewsFirebase: "Hacker News items from the Firebase API"
        case .mastodonContext: "Mastodon status context"
        case .lemmyComments: "Lemmy comment list"
        case .discourseTopic: "Discourse topic"
        }
    }

    /// Member names that only these formats' documents have at their top level or in their
    /// items: a line of JSON Lines that has one of them, arrays or objects as values and no
    /// `parent` is a document, never a node.
    static let telltaleMembers: Set<String> = [
        "kind", "data", "children", "kids", "by", "descendants", "ancestors", "post_stream", "comments", "in_reply_to_id",
        "reply_to_post_number", "story_id", "created_at_i", "replies",
    ]

    /// The members of a document's outermost object that ``recognize(_:)`` reads.
    static let recognizingMembers: Set<String> = [
        "kind", "children", "created_at_i", "story_id", "descendants", "ancestors", "comments", "items", "post_stream", "id", "type",
        "deleted", "parent",
    ]

    /// The format of `document`, or `nil` for none of them.
    ///
    /// - Complexity: O(*k*) for the *k* items of a Hacker News array, else O(1).
    static func recognize(_ document: JSONValue) -> ThreadFormat? {
        if let items = document.elements {
            if items.count == 2, items.allSatisfy({ $0["kind"]?.text == "Listing" }) { return .redditThread }
            if !items.isEmpty, items.allSatisfy(HackerNewsFirebase.isItem) { return .hackerNewsFirebase }
            return nil
        }
        guard document.isObject else { return nil }
        if document["kind"]?.text == "Listing" { return .redditThread }
        if document["children"]?.elements != nil, document["created_at_i"] != nil || document["story_id"] != nil { return .hackerNewsAlgolia }
        if document["descendants"]?.elements != nil, document["ancestors"]?.elements != nil { return .mastodonContext }
        if LemmyComments.listMember(of: document) != nil { return .lemmyComments }
        if document["post_stream"]?["posts"]?.elements != nil { return .discourseTopic }
        if HackerNewsFirebase.isItem(document) { return .hackerNewsFirebase }
        return nil
    }

    /// The thread in `document` as a corpus.
    ///
    /// - Throws: ``CorpusError`` naming the place in the document and what it lacks.
    /// - Complexity: O(*n*) expected for *n* comments.
    func read(_ document: JSONValue, file: String) throws(CorpusError) -> Corpus {
        var builder = ThreadBuilder(self, file: file)
        let members: [(key: String, value: JSONValue)]
        switch self {
        case .redditThread: members = try RedditThread.read(document, into: &builder)
        case .hackerNewsAlgolia: members = try HackerNewsAlgolia.read(document, into: &builder)
        case .hackerNewsFirebase: members = try HackerNewsFirebase.read(document, into: &builder)
        case .mastodonContext: members = try MastodonContext.read(document, into: &builder)
        case .lemmyComments: members = try LemmyComments.read(document, into: &builder)
        case .discourseTopic: members = try DiscourseTopic.read(document, into: &builder)
        }
        return try builder.corpus(members)
    }

    /// What a JSON document that is none of the formats is told: every layout tried.
    static var triedLayouts: String {
        (allCases.map(\.name) + ["TreeRows JSON Lines ({\"id\", \"parent\", \"time\", \"score\"}, one per line)"]).joined(separator: ", ")
    }
}
