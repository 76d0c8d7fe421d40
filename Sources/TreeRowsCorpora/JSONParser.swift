/// A strict JSON parser (RFC 8259) over UTF-8 bytes, for one line of a JSON Lines file.
///
/// Errors give the 1-based column. Nesting is limited to ``maximumDepth`` so that hostile
/// input cannot exhaust the stack.
package struct JSONParser {
    /// What went wrong and at which column.
    package struct Failure: Error, Equatable, Sendable {
        /// The 1-based byte column.
        package var column: Int
        /// What was expected.
        package var message: String
    }

    /// The deepest nesting of arrays and objects accepted in a line of JSON Lines.
    package static let maximumDepth = 64

    /// The deepest nesting accepted in a whole thread document (a Reddit thread nests about
    /// five levels a reply, an Algolia item two): deep enough for any thread a service
    /// returns, shallow enough that the recursion stays far within a thread's stack.
    package static let documentDepth = 512

    let bytes: ArraySlice<UInt8>
    var position: Int
    /// Which members of the outermost object to build; the others are checked and skipped.
    private let keeping: ((String) -> Bool)?
    /// The deepest nesting accepted.
    private let depthLimit: Int
    /// The name of the first member of the outermost object that was skipped and whose value
    /// is an object or an array.
    private(set) var skippedContainer: String?

    /// Parses one complete JSON value from `bytes`; only white space may follow it.
    ///
    /// - Parameter keeping: If given, the members of an outermost object whose names it
    ///   rejects are checked for syntax (nesting, strings, numbers, UTF-8) but not built,
    ///   and left out of the result: memory stays that of the kept members, however large
    ///   the others are. Their names still count for repeated names.
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package static func parse(_ bytes: ArraySlice<UInt8>, keeping: ((String) -> Bool)? = nil) throws(Failure) -> JSONValue {
        try parseReporting(bytes, keeping: keeping).value
    }

    /// ``parse(_:keeping:)``, also naming the first skipped member whose value is an object
    /// or an array (a line that holds a whole document rather than a node has one).
    ///
    /// - Parameter maximumDepth: The deepest nesting accepted (``maximumDepth`` for a line
    ///   of JSON Lines, ``documentDepth`` for a thread document).
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package static func parseReporting(_ bytes: ArraySlice<UInt8>, keeping: ((String) -> Bool)? = nil,
                                       maximumDepth: Int = Self.maximumDepth) throws(Failure) -> (value: JSONValue, skippedContainer: String?) {
        var parser = JSONParser(bytes: bytes, keeping: keeping, depthLimit: maximumDepth)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.endIndex else {
            let another = parser.current == UInt8(ascii: "{") || parser.current == UInt8(ascii: "[")
            throw parser.failure("unexpected text after the JSON value"
                + (another ? " (a second JSON value: JSON Lines, such as a corpus, holds one per line)" : ""))
        }
        return (value, parser.skippedContainer)
    }

    /// Parses one complete JSON value from `bytes`; only white space may follow it.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue { try parse(bytes[...]) }

    private init(bytes: ArraySlice<UInt8>, keeping: ((String) -> Bool)?, depthLimit: Int) {
        self.bytes = bytes
        self.position = bytes.startIndex
        self.keeping = keeping
        self.depthLimit = depthLimit
    }

    func failure(_ message: String) -> Failure { Failure(column: position - bytes.startIndex + 1, message: message) }

    private func failure(at index: Int, _ message: String) -> Failure { Failure(column: index - bytes.startIndex + 1, message: message) }

    var current: UInt8? { position < bytes.endIndex ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        skipWhitespace()
        guard let byte = current else { throw failure("expected a value, found the end of the line") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpectedCharacter()
        }
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard current == expected else { throw failure("invalid literal (expected \(word))") }
            position += 1
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= depthLimit else { throw failure("nesting deeper than \(depthLimit)") }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var names: Set<String> = []
        var skipped: Set<String> = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
            let keyStart = position
            let key = try string()
            // A repeated name would silently take the last value: refuse it. A set takes over
            // from the linear search once the object is large, so hostile input stays linear.
            if members.count == 16 && names.isEmpty { names = Set(members.map(\.key)) }
            if skipped.contains(key) || (members.count < 16 ? members.contains(where: { $0.key == key }) : !names.insert(key).inserted) {
                throw failure(at: keyStart, "the member name \"\(key.echoed)\" appears twice in the object")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the member name") }
            position += 1
            if depth == 1, let keeping, !keeping(key) {
                // Skipped, but its name is kept for the repeated-name check.
                skipWhitespace()
                if skippedContainer == nil, current == UInt8(ascii: "{") || current == UInt8(ascii: "[") { skippedContainer = key }
                try skipValue(depth: depth)
                skipped.insert(key)
            } else {
                members.append((key, try value(depth: depth)))
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= depthLimit else { throw failure("nesting deeper than \(depthLimit)") }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func number() throws(Failure) -> String {
        let start = position
        try scanNumber()
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past one number, checking its syntax.
    private mutating func scanNumber() throws(Failure) {
        func digits(_ parser: inout JSONParser) -> Int {
            let begin = parser.position
            while let byte = parser.current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { parser.position += 1 }
            return parser.position - begin
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw failure("invalid number")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw failure("invalid number: digits expected after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number: digits expected in the exponent") }
        }
    }

    /// Moves past one value as ``value(depth:)`` reads it, with the same checks, building
    /// nothing that outlives a string (nested objects are not checked for repeated names).
    private mutating func skipValue(depth: Int) throws(Failure) {
        skipWhitespace()
        guard let byte = current else { throw failure("expected a value, found the end of the line") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            guard depth + 1 <= depthLimit else { throw failure("nesting deeper than \(depthLimit)") }
            position += 1
            skipWhitespace()
            if current == close {
                position += 1
                return
            }
            while true {
                if close == UInt8(ascii: "}") {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
                    _ = try string()
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the member name") }
                    position += 1
                }
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    position += 1
                } else if current == close {
                    position += 1
                    return
                } else {
                    throw failure(close == UInt8(ascii: "}") ? "expected ',' or '}' in the object" : "expected ',' or ']' in the array")
                }
            }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        default: throw unexpectedCharacter()
        }
    }

    private mutating func string() throws(Failure) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flush(_ parser: JSONParser, upTo end: Int) throws(Failure) {
            guard end > runStart else { return }
            var iterator = parser.bytes[runStart..<end].makeIterator()
            var utf8Parser = Unicode.UTF8.ForwardParser()
            var offset = runStart
            while true {
                switch utf8Parser.parseScalar(from: &iterator) {
                case .valid(let encoded):
                    scalars.append(Unicode.UTF8.decode(encoded))
                    offset += encoded.count
                case .error:
                    throw parser.failure(at: offset, "invalid UTF-8 in a string")
                case .emptyInput:
                    return
                }
            }
        }
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                try flush(self, upTo: position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("control character in a string (escape it)") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            try flush(self, upTo: position)
            let escapeStart = position
            position += 1
            guard let escape = current else { throw failure("unterminated escape") }
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard current == UInt8(ascii: "\\"), position + 1 < bytes.endIndex, bytes[position + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired surrogate in \\u escape") }
                    let lowStart = position
                    position += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw failure(at: lowStart, "invalid low surrogate in \\u escape")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw failure(at: escapeStart, "invalid \\u escape (a lone low surrogate)")
                }
                scalars.append(scalar)
            default: throw failure(at: position - 1, "invalid escape character")
            }
            runStart = position
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else { throw failure("expected 4 hex digits in \\u escape") }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
