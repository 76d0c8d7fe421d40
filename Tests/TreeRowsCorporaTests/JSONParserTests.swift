import Testing
import TreeRowsCorpora

/// `JSONParser`: what it accepts, what it returns, and where it says a rejected line goes wrong.
@Suite("JSONParser")
struct JSONParserTests {
    /// A line the parser must accept, and the value it must return.
    struct Accepted: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: JSONValue
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: JSONValue) {
            self.init(name, Array(text.utf8), expected)
        }

        init(_ name: String, _ bytes: [UInt8], _ expected: JSONValue) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    /// A line the parser must reject, the 1-based column it must report, and a piece of the message.
    struct Rejected: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var column: Int
        var message: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, column: Int, _ message: String) {
            self.init(name, Array(text.utf8), column: column, message)
        }

        init(_ name: String, _ bytes: [UInt8], column: Int, _ message: String) {
            self.name = name
            self.bytes = bytes
            self.column = column
            self.message = message
        }
    }

    static func nested(_ depth: Int, open: String, close: String) -> String {
        String(repeating: open, count: depth) + String(repeating: close, count: depth)
    }

    static let accepted: [Accepted] = [
        Accepted("nested objects and arrays", #"{"a": [1, {"b": null, "c": [true, false]}], "d": {}, "e": []}"#,
                 .object([
                    ("a", .array([.number("1"), .object([("b", .null), ("c", .array([.bool(true), .bool(false)]))])])),
                    ("d", .object([])), ("e", .array([])),
                 ])),
        Accepted("members keep their order", #"{"z":1,"a":2,"m":3}"#,
                 .object([("z", .number("1")), ("a", .number("2")), ("m", .number("3"))])),
        Accepted("white space around and inside", " \t{ \"a\" :\r\n[ 1 , 2 ] } \r\n",
                 .object([("a", .array([.number("1"), .number("2")]))])),
        Accepted("empty containers with spaces", "[ { } , [ ] ]", .array([.object([]), .array([])])),
        Accepted("single-character escapes", #""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
        Accepted("escapes between plain text", #""a\nb\tc""#, .string("a\nb\tc")),
        Accepted("\\u escapes of ASCII, Latin-1 and CJK", #""\u0041\u00e9\u4E2D""#, .string("Aé中")),
        Accepted("\\u0000", #""\u0000""#, .string("\u{0}")),
        Accepted("surrogate pair, lowercase hex", #""\ud83d\ude00""#, .string("😀")),
        Accepted("surrogate pair, uppercase hex, between text", #""x\uD834\uDD1Ey""#, .string("x𝄞y")),
        Accepted("raw multi-byte UTF-8", "\"é中😀\"", .string("é中😀")),
        Accepted("empty string", #""""#, .string("")),
        Accepted("literals", "[true,false,null]", .array([.bool(true), .bool(false), .null])),
        Accepted("fraction kept as text", "0.25", .number("0.25")),
        Accepted("negative fraction with signed exponent", "-1.5e+10", .number("-1.5e+10")),
        Accepted("capital exponent", "1E5", .number("1E5")),
        Accepted("negative exponent", "2e-3", .number("2e-3")),
        Accepted("negative zero", "-0", .number("-0")),
        Accepted("integer beyond 64 bits kept exactly", "123456789012345678901234567890",
                 .number("123456789012345678901234567890")),
        Accepted("Int64.max", "9223372036854775807", .number("9223372036854775807")),
        Accepted("nesting of exactly maximumDepth arrays", nested(JSONParser.maximumDepth, open: "[", close: "]"),
                 (0..<JSONParser.maximumDepth - 1).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }),
    ]

    @Test(arguments: accepted)
    func accepts(_ example: Accepted) throws {
        let value = try JSONParser.parse(example.bytes)
        #expect(value == example.expected)
    }

    @Test func numbersConvertToIntegersOnlyWhenExact() throws {
        #expect(try JSONParser.parse(Array("9223372036854775807".utf8)).integer == .max)
        #expect(try JSONParser.parse(Array("-9223372036854775808".utf8)).integer == .min)
        #expect(try JSONParser.parse(Array("17339478".utf8)).integer == 17_339_478)
        #expect(try JSONParser.parse(Array("9223372036854775808".utf8)).integer == nil)
        #expect(try JSONParser.parse(Array("123456789012345678901234567890".utf8)).integer == nil)
        #expect(try JSONParser.parse(Array("1.0".utf8)).integer == nil)
        #expect(try JSONParser.parse(Array("1e2".utf8)).integer == nil)
        #expect(try JSONParser.parse(Array(#""5""#.utf8)).integer == nil)
    }

    @Test func lookupByName() throws {
        let value = try JSONParser.parse(Array(#"{"a":1,"b":true}"#.utf8))
        #expect(value["a"] == .number("1"))
        #expect(value["b"] == .bool(true))
        #expect(value["c"] == nil)
        #expect(JSONValue.array([])["a"] == nil)
    }

    @Test func parsesASliceOfALargerBuffer() throws {
        let bytes = Array(#"xx{"id":1}yy"#.utf8)
        #expect(try JSONParser.parse(bytes[2..<10]) == .object([("id", .number("1"))]))
    }

    static let rejected: [Rejected] = [
        Rejected("empty line", "", column: 1, "expected a value"),
        Rejected("only white space", "   ", column: 4, "expected a value"),
        Rejected("trailing garbage after an object", #"{"a":1} x"#, column: 9, "unexpected text after the JSON value"),
        Rejected("a second value", "[1,2]]", column: 6, "unexpected text after the JSON value"),
        Rejected("leading zero", "01", column: 2, "unexpected text after the JSON value"),
        Rejected("trailing comma in an array", "[1,]", column: 4, "unexpected character ']'"),
        Rejected("missing comma in an array", "[1 2]", column: 4, "expected ',' or ']'"),
        Rejected("unquoted member name", "{a:1}", column: 2, "expected a member name"),
        Rejected("missing colon", #"{"a" 1}"#, column: 6, "expected ':'"),
        Rejected("missing comma in an object", #"{"a":1 "b":2}"#, column: 8, "expected ',' or '}'"),
        Rejected("unterminated object", #"{"a":1"#, column: 7, "expected ',' or '}'"),
        Rejected("a repeated member name", #"{"a":1,"b":true,"a":2}"#, column: 17, #"the member name "a" appears twice"#),
        Rejected("a repeated member name in a nested object", #"[{"id":1},{"id":2,"x":{"k":0,"k":1}}]"#, column: 30,
                 #"the member name "k" appears twice"#),
        Rejected("a repeated member name among 40",
                 "{" + (0..<40).map { "\"m\($0)\":\($0)" }.joined(separator: ",") + #","m7":0}"#, column: 342,
                 #"the member name "m7" appears twice"#),
        Rejected("misspelt literal", "tru", column: 4, "invalid literal (expected true)"),
        Rejected("bare minus", "-", column: 2, "invalid number"),
        Rejected("fraction without digits", "1.", column: 3, "digits expected after '.'"),
        Rejected("exponent without digits", "1e+", column: 4, "digits expected in the exponent"),
        Rejected("leading dot", ".5", column: 1, "unexpected character '.'"),
        Rejected("unterminated string", #""abc"#, column: 5, "unterminated string"),
        Rejected("unterminated string inside an object", #"{"id":"abc"#, column: 11, "unterminated string"),
        Rejected("unterminated escape", #""ab\"#, column: 5, "unterminated escape"),
        Rejected("bad escape character", #""a\x""#, column: 4, "invalid escape character"),
        Rejected("non-hex digit in \\u", #""\u12G4""#, column: 6, "expected 4 hex digits"),
        Rejected("short \\u escape", #""\u12""#, column: 6, "expected 4 hex digits"),
        Rejected("high surrogate without a low one", #""\ud800x""#, column: 8, "unpaired surrogate"),
        Rejected("lone low surrogate", #""\udc00""#, column: 2, "invalid \\u escape"),
        Rejected("high surrogate followed by a non-surrogate", #""\ud800\u0041""#, column: 8,
                 "invalid low surrogate"),
        Rejected("raw tab in a string", "\"a\tb\"", column: 3, "control character in a string"),
        Rejected("raw NUL in a string", [0x22, 0x61, 0x62, 0x00, 0x22], column: 4, "control character in a string"),
        Rejected("raw line feed in a string", "[\"a\nb\"]", column: 4, "control character in a string"),
        Rejected("arrays nested deeper than maximumDepth",
                 nested(JSONParser.maximumDepth + 1, open: "[", close: "]"),
                 column: JSONParser.maximumDepth + 1, "nesting deeper than \(JSONParser.maximumDepth)"),
        Rejected("objects nested deeper than maximumDepth",
                 String(repeating: #"{"a":"#, count: JSONParser.maximumDepth + 1) + "1"
                    + String(repeating: "}", count: JSONParser.maximumDepth + 1),
                 column: 5 * JSONParser.maximumDepth + 1, "nesting deeper than \(JSONParser.maximumDepth)"),
        Rejected("invalid UTF-8 byte opening a string", [0x22, 0xFF, 0x22], column: 2, "invalid UTF-8"),
        Rejected("truncated UTF-8 sequence", [0x22, 0xC3, 0x22], column: 2, "invalid UTF-8"),
        Rejected("overlong UTF-8 encoding", [0x22, 0xC0, 0x80, 0x22], column: 2, "invalid UTF-8"),
        Rejected("UTF-8-encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], column: 2, "invalid UTF-8"),
        Rejected("invalid UTF-8 after valid text", [0x22, 0x61, 0x62, 0xFF, 0x22], column: 4, "invalid UTF-8"),
        Rejected("invalid UTF-8 after an escape", [0x22, 0x5C, 0x6E, 0x61, 0xFF, 0x22], column: 5, "invalid UTF-8"),
        Rejected("invalid UTF-8 outside a string", [0x5B, 0xFF, 0x5D], column: 2, "unexpected byte \\xFF (not UTF-8)"),
        // The character shown is the one in the text (not a Latin-1 reading of its first byte),
        // and first bytes that are no JSON text are named for what they are.
        Rejected("a two-byte character", #"{"id":é}"#, column: 7, "unexpected character 'é'"),
        Rejected("a typographic quote", "[\u{201C}id\u{201D}]", column: 2, "unexpected character '\u{201C}' (a typographic quote"),
        Rejected("a four-byte character", "[\u{1F600}]", column: 2, "unexpected character '\u{1F600}'"),
        Rejected("a control character", "[\u{1B}]", column: 2, "unexpected character '\\u{1B}'"),
        Rejected("a byte-order mark", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], column: 1, "starts with a byte-order mark (EF BB BF)"),
        Rejected("UTF-16", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], column: 1, "unexpected byte \\xFF (not UTF-8); the text is UTF-16LE"),
        Rejected("gzip", [0x1F, 0x8B, 0x08, 0x00], column: 1, "the text is a gzip stream"),
        Rejected("a .trows file", [0x89, 0x54, 0x52, 0x4F, 0x57, 0x53, 0x0D, 0x0A, 1], column: 1, "the text is a .trows corpus file"),
        Rejected("zero bytes", [0x00, 0x00, 0x00, 0x00], column: 1, "the text is zero bytes"),
        Rejected("JSON Lines", "{\"id\":1}\n{\"id\":2}", column: 10, "a second JSON value: JSON Lines"),
    ]

    @Test(arguments: rejected)
    func rejects(_ example: Rejected) {
        let failure: JSONParser.Failure
        do {
            let value = try JSONParser.parse(example.bytes)
            Issue.record("accepted as \(value)")
            return
        } catch {
            failure = error
        }
        #expect(failure.message.contains(example.message), "message: \(failure.message)")
        #expect(failure.column == example.column)
    }
}
