import Testing
import TreeRows
import TreeRowsCorpora

/// Hostile values in every field of every thread format: each is read exactly as written or
/// refused with the field named, never trapped on and never read as something else (2^64 as
/// no count, a string `"12"` as no reply, February 31 as no time).
@Suite struct ThreadHostileFieldTests {
    /// What a field holds, and so what reading a value in it must give.
    enum Kind {
        /// A time or score as a JSON number, of the node with this id.
        case time(NodeID), score(NodeID)
        /// An RFC 3339 time of the node with this id.
        case timestamp(NodeID)
        /// The hidden replies of the load-more row with this id.
        case count(NodeID)
        /// A reference to another item (a parent) that must be of the type the format gives:
        /// anything else is refused.
        case reference(isString: Bool)
        /// A reference that may be a string or an integer (Mastodon's ids: numbers before 2.0).
        case stringOrIntegerReference
        /// Anything else (ids, lists, paths): read or refused, never a trap.
        case other
    }

    /// A format's document with `«name»` slots, each slot's ordinary value, and what it holds.
    struct Template: Sendable {
        var name: String
        var text: String
        var slots: [(name: String, ordinary: String, kind: Kind)]

        /// The document with `slot` set to `value` and every other slot ordinary.
        func document(_ slot: String, _ value: String) -> String {
            var text = text
            for other in slots { text = text.replacingOccurrences(of: "«\(other.name)»", with: other.name == slot ? value : other.ordinary) }
            return text
        }
    }

    static let templates: [Template] = [
        Template(name: "reddit", text: #"[{"kind":"Listing","data":{"children":[]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"#
                    + #""id":«id»,"created_utc":«created_utc»,"score":«score»,"replies":{"kind":"Listing","data":{"children":[{"kind":"t1","#
                    + #""data":{"id":"c2","created_utc":5,"score":1,"replies":«replies»}},{"kind":"more","data":{"count":«count»,"children":«children»}}]}}}}]}}]"#,
                 slots: [("id", #""c1""#, .other), ("created_utc", "1609459200.0", .time("c1")), ("score", "12", .score("c1")),
                         ("replies", #""""#, .other), ("count", "3", .count("more-c1")), ("children", #"["x"]"#, .other)]),
        Template(name: "algolia", text: #"{"id":1,"created_at_i":1,"type":"story","children":[{"id":«id»,"created_at_i":«created_at_i»,"#
                    + #""points":«points»,"children":«children»}]}"#,
                 slots: [("id", "10", .other), ("created_at_i", "100", .time(.integer(10))), ("points", "7", .score(.integer(10))),
                         ("children", #"[{"id":11,"created_at_i":101,"points":null,"children":[]}]"#, .other)]),
        Template(name: "firebase", text: #"[{"id":1,"type":"story","kids":[10]},{"id":«id»,"type":"comment","parent":«parent»,"kids":«kids»,"#
                    + #""time":«time»,"score":«score»},{"id":11,"type":"comment","parent":10,"time":5}]"#,
                 slots: [("id", "10", .other), ("parent", "1", .reference(isString: false)), ("kids", "[11,12]", .other),
                         ("time", "100", .time(.integer(10))), ("score", "4", .score(.integer(10)))]),
        Template(name: "mastodon", text: #"{"ancestors":[],"descendants":[{"id":"1","in_reply_to_id":"0","created_at":"2022-11-06T12:00:00Z","#
                    + #""favourites_count":1},{"id":«id»,"in_reply_to_id":«in_reply_to_id»,"created_at":«created_at»,"favourites_count":«favourites_count»}]}"#,
                 slots: [("id", #""2""#, .other), ("in_reply_to_id", #""1""#, .stringOrIntegerReference),
                         ("created_at", #""2022-11-06T12:00:00Z""#, .timestamp("2")), ("favourites_count", "3", .score("2"))]),
        Template(name: "lemmy", text: #"{"comments":[{"comment":{"id":4,"path":"0.4","published":"2023-06-01T12:00:00.123456"},"counts":{"score":1}},"#
                    + #"{"comment":{"id":«id»,"path":«path»,"published":«published»},"counts":{"score":«score»}}]}"#,
                 slots: [("id", "5", .other), ("path", #""0.4.5""#, .other), ("published", #""2023-06-01T12:00:00.123456""#, .timestamp(.integer(5))),
                         ("score", "2", .score(.integer(5)))]),
        Template(name: "discourse", text: #"{"post_stream":{"posts":[{"id":99,"post_number":1},{"id":100,"post_number":2,"reply_to_post_number":1,"#
                    + #""created_at":"2020-01-01T00:00:00.000Z","score":1},{"id":«id»,"post_number":«post_number»,"#
                    + #""reply_to_post_number":«reply_to_post_number»,"created_at":«created_at»,"score":«score»}]}}"#,
                 slots: [("id", "101", .other), ("post_number", "3", .other), ("reply_to_post_number", "2", .reference(isString: false)),
                         ("created_at", #""2020-01-02T00:00:00Z""#, .timestamp(.integer(101))), ("score", "2.5", .score(.integer(101)))]),
    ]

    /// Values a hostile or broken file puts in a field.
    static let hostile = [
        "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "9223372036854775808", "18446744073709551616",
        "2147483647", "2147483648", "1e400", "-1e400", "1e15", "-1", "0", "-0", "1.5", "-2.5", #""12""#, #""-1""#, #""""#, #""x""#,
        #""2022-02-31T00:00:00Z""#, #""2024-02-29T00:00:00Z""#, #""2023-02-29T10:00:00Z""#, "true", "[]", "{}", "[1]", #"["a"]"#, "null",
    ]

    /// What a number field must read as: `.some(nil)` absent, `.some(v)` the value, `nil` refused.
    static func expectedNumber(_ literal: String) -> Int64?? {
        if literal == "null" { return .some(nil) }
        if let integer = Int64(literal) { return integer == .min ? Int64??.none : .some(integer) }
        guard literal.first != "\"", literal.first != "[", literal.first != "{", let double = Double(literal),
              double.isFinite, abs(double) < 9e15 else { return nil }
        return Int64(double.rounded(.down))
    }

    /// What a timestamp field must read as, for the hostile values.
    static func expectedTimestamp(_ literal: String) -> Int64?? {
        switch literal {
        case "null": return .some(nil)
        case #""2024-02-29T00:00:00Z""#: return 1_709_164_800
        default: return nil
        }
    }

    /// What a hidden count must read as (`nil`: refused).
    static func expectedCount(_ literal: String) -> Int?? {
        if literal == "null" { return .some(nil) }
        guard let integer = Int64(literal), (0...Int64(Int32.max)).contains(integer) else { return nil }
        return Int(integer)
    }

    @Test(arguments: templates.indices)
    func everyFieldReadsAsWrittenOrIsRefusedByName(_ which: Int) throws {
        let template = Self.templates[which]
        // The ordinary document reads.
        let ordinary = try CorpusReader.parse(Array(template.document("", "").utf8), file: "thread.json")
        #expect(ordinary.tree.nodeCount >= 2, "\(template.name)")
        for slot in template.slots {
            for value in Self.hostile {
                let text = template.document(slot.name, value)
                let context: Comment = "\(template.name): \"\(slot.name)\": \(value)"
                let corpus: Corpus?
                var message = ""
                do { corpus = try CorpusReader.parse(Array(text.utf8), file: "thread.json") } catch {
                    corpus = nil
                    message = error.description
                    #expect(message.hasPrefix("thread.json") && message.contains("Fix: "), context)
                }
                if let corpus { try corpus.tree.checkInvariants() }
                switch slot.kind {
                case .time(let id), .score(let id), .timestamp(let id):
                    var expected: Int64??
                    if case .timestamp = slot.kind { expected = Self.expectedTimestamp(value) } else { expected = Self.expectedNumber(value) }
                    guard let expected else {
                        #expect(corpus == nil && message.contains("\(slot.name)\""), "\(context): read, or refused without naming the field: \(message)")
                        continue
                    }
                    let tree = try #require(corpus, "\(context): refused: \(message)").tree
                    let node = try #require(tree.index(of: id), context)
                    if case .score = slot.kind { #expect(tree.score(of: node) == expected, context) } else { #expect(tree.time(of: node) == expected, context) }
                case .count(let row):
                    guard let expected = Self.expectedCount(value) else {
                        #expect(corpus == nil && message.contains("\(slot.name)\""), "\(context): read, or refused without naming the field: \(message)")
                        continue
                    }
                    let pages = try #require(corpus, "\(context): refused: \(message)").pages
                    if let expected { #expect(pages.first { $0.loadMoreRow == row }?.hiddenReplies == expected, context) }
                case .reference(let isString):
                    let isRightType = value == "null" || (isString ? value.first == "\"" : Int64(value) != nil)
                    if !isRightType { #expect(corpus == nil && message.contains("\(slot.name)\""), "\(context): \(message)") }
                case .stringOrIntegerReference:
                    if value != "null", value.first != "\"", Int64(value) == nil { #expect(corpus == nil && message.contains("\(slot.name)\""), "\(context): \(message)") }
                    if value.first == "\"" || Int64(value) != nil { #expect(corpus != nil, "\(context): refused: \(message)") }
                case .other:
                    break
                }
            }
        }
    }

    /// `text` is refused with a message holding every one of `parts`.
    static func expectRefused(_ text: String, _ parts: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let corpus = try CorpusReader.parse(Array(text.utf8), file: "thread.json")
            Issue.record("read as \(corpus.tree.nodeCount) nodes: \(text)", sourceLocation: sourceLocation)
        } catch {
            for part in parts where !error.description.contains(part) {
                Issue.record("\(error.description) lacks \(part)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theSmallestIntegerIsRefusedInEveryFormatThatReadsNumbers() {
        Self.expectRefused(#"{"id":1,"created_at_i":1,"children":[{"id":2,"points":-9223372036854775808}]}"#, "comment 2", "\"points\"")
        Self.expectRefused(#"[{"id":1,"type":"story","kids":[2]},{"id":2,"type":"comment","parent":1,"time":-9223372036854775808}]"#,
                           "item 2", "\"time\"")
    }

    @Test func firebaseIdsAreNeverArithmetic() throws {
        // A negative story id with a missing kid: one load-more row, top level, hiding one reply.
        for id in [-10, -3, -1, 0] {
            let corpus = try CorpusReader.parse(Array(#"[{"id":\#(id),"type":"story","kids":[999,5]},{"id":5,"type":"comment","parent":\#(id)}]"#.utf8),
                                                file: "thread.json")
            #expect(JSONLinesReaderTests.rows(corpus.tree) == ["0 5", "0 more-\(id)"], "story \(id)")
            #expect(corpus.pages == [CorpusPage(loadMoreRow: .string("more-\(id)"), hiddenReplies: 1)], "story \(id)")
        }
    }

    @Test func firebaseKidsThatContradictParentsAreRefused() {
        // Listed by 2, but its parent says 1.
        Self.expectRefused(#"[{"id":1,"type":"story","kids":[2]},{"id":2,"type":"comment","parent":1,"kids":[3]},{"id":3,"type":"comment","parent":1}]"#,
                           "item 3", "\"parent\" is 1, but item 2 lists it")
        // Listed twice.
        Self.expectRefused(#"[{"id":1,"type":"story","kids":[2,3]},{"id":2,"type":"comment","parent":1,"kids":[3]},{"id":3,"type":"comment"}]"#,
                           "item 3", "kids of both 1 and 2")
        // Listing each other, with no parents: a cycle.
        Self.expectRefused(#"[{"id":2,"type":"comment","kids":[3]},{"id":3,"type":"comment","kids":[2]}]"#, "parent cycle")
    }

    @Test func discoursePostNumbersAreEachPostsOwn() {
        Self.expectRefused(#"{"post_stream":{"posts":[{"id":1,"post_number":1},{"id":2,"post_number":1},{"id":3,"post_number":2,"reply_to_post_number":1}]}}"#,
                           "post 2 of post_stream.posts", "post_number 1 is given to a second post")
        Self.expectRefused(#"{"post_stream":{"posts":[{"id":1,"post_number":1},{"id":2,"post_number":2},{"id":3,"post_number":2},{"id":4,"post_number":4,"reply_to_post_number":2}]}}"#,
                           "post_number 2 is given to a second post")
        Self.expectRefused(#"{"post_stream":{"posts":[{"id":1,"post_number":1},{"id":2,"post_number":0}]}}"#, "\"post_number\" must be 1 or more")
    }

    @Test func lemmyPathsThatContradictEachOtherAreRefused() {
        let view = { (id: Int, path: String) in #"{"comment":{"id":\#(id),"path":"\#(path)"},"counts":{"score":1}}"# }
        Self.expectRefused(#"{"comments":[\#(view(4, "0.4")),\#(view(5, "0.9.5")),\#(view(6, "0.4.5.6"))]}"#,
                           "comment 6", "puts it under comment 5, whose own path is 0.9.5")
        Self.expectRefused(#"{"comments":[\#(view(4, "0.4")),\#(view(5, "0.4.5.4.5"))]}"#, "names a comment twice")
    }

    @Test func aHiddenCountPastWhatAPageHoldsIsRefusedAndTheLargestReadsBack() throws {
        let thread = { (count: String) in
            #"[{"kind":"Listing","data":{"children":[]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"a","replies":""}},"#
                + #"{"kind":"more","data":{"count":\#(count),"children":[]}}]}}]"#
        }
        Self.expectRefused(thread("99999999999"), "\"count\" must be a whole number from 0 to 2147483647", "99999999999")
        let corpus = try CorpusReader.parse(Array(thread("2147483647").utf8), file: "thread.json")
        #expect(corpus.pages == [CorpusPage(loadMoreRow: "more-top", hiddenReplies: Int(Int32.max))])
        let again = try CorpusReader.parse(try TreeFile.encode(corpus.tree, metadata: corpus.header!), file: "t.trows")
        #expect(again.pages == corpus.pages)
    }
}
