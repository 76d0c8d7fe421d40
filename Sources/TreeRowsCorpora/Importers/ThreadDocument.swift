import TreeRows

/// A corpus file that is a thread as a service saved it (a ``ThreadFormat``) rather than
/// TreeRows' own JSON Lines: one JSON document (`[…]`, or `{…}` on one line or many), or
/// Hacker News items one per line.
enum ThreadDocument {
    /// Reads a file that is one JSON document.
    ///
    /// - Throws: ``CorpusError`` for invalid JSON (at its line and column), a document that
    ///   is none of the formats (naming every layout tried), or a thread its format's reader
    ///   refuses.
    /// - Complexity: O(*n*) in the file's size.
    static func read(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        let document: JSONValue
        do { document = try JSONParser.parseReporting(content(bytes), maximumDepth: JSONParser.documentDepth).value } catch {
            throw invalid(error, in: bytes, file: file)
        }
        return try read(document, file: file)
    }

    /// The thread in a file that starts with `{`, when it is one: one document of a known
    /// format, on one line or many, or Hacker News items one per line. `nil` for TreeRows'
    /// JSON Lines, which ``JSONLinesReader`` reads.
    ///
    /// - Throws: ``CorpusError`` as ``read(_:file:)`` does, and for a document followed by
    ///   more content.
    /// - Complexity: O(*n*) in the file's size.
    static func readIfDocument(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus? {
        let text = content(bytes)
        let firstEnd = text.firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
        // Recognized from the members that tell the formats apart, the others skipped: a node line
        // of JSON Lines with megabytes of ignored data costs no memory here.
        let telling = { (name: String) in ThreadFormat.recognizingMembers.contains(name) }
        guard let outline = try? JSONParser.parseReporting(text[..<firstEnd], keeping: telling, maximumDepth: JSONParser.documentDepth).value
        else {
            // The first line is no whole value: a document over many lines, or broken JSON Lines
            // (whose reader then says where).
            guard let outline = try? JSONParser.parseReporting(text, keeping: telling, maximumDepth: JSONParser.documentDepth).value else {
                return nil
            }
            // One JSON value over many lines: a document, known or not.
            guard ThreadFormat.recognize(outline) != nil else { throw unknown(outline, file: file) }
            return try read(bytes, file: file)
        }
        guard let format = ThreadFormat.recognize(outline) else { return nil }
        // Read whole now that it is known to be a thread.
        guard let first = try? JSONParser.parseReporting(text[..<firstEnd], maximumDepth: JSONParser.documentDepth).value else { return nil }
        var items = [first]
        var lineNumber = 1
        var start = firstEnd
        while start < text.endIndex {
            let end = text[(start + 1)...].firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex
            let line = text[min(start + 1, end)..<end]
            start = end
            lineNumber += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            guard format == .hackerNewsFirebase else {
                throw CorpusError(file: file, line: lineNumber, problem: "more content after the \(format.name) on line 1",
                                  fix: "save one thread a file, as the service returned it")
            }
            do { items.append(try JSONParser.parseReporting(line, maximumDepth: JSONParser.documentDepth).value) } catch {
                throw CorpusError(file: file, line: lineNumber, problem: "invalid JSON at column \(error.column): \(error.message)",
                                  fix: "write one Hacker News item per line")
            }
        }
        return try format.read(format == .hackerNewsFirebase ? .array(items) : first, file: file)
    }

    /// The thread in `document`, or an error naming every layout tried.
    private static func read(_ document: JSONValue, file: String) throws(CorpusError) -> Corpus {
        guard let format = ThreadFormat.recognize(document) else { throw unknown(document, file: file) }
        return try format.read(document, file: file)
    }

    /// The error of a JSON document in none of the formats: what it is, and every layout tried.
    private static func unknown(_ document: JSONValue, file: String) -> CorpusError {
        CorpusError(file: file, problem: "a JSON document (\(document.typeName)\(shape(document))) in none of the layouts tried: "
                        + ThreadFormat.triedLayouts,
                    fix: "pass a thread as one of these services returned it, or convert it to JSON Lines, one node per line")
    }

    /// ` with members a, b, c` for an object: what the document is, for the error.
    private static func shape(_ document: JSONValue) -> String {
        guard case .object(let members) = document, !members.isEmpty else { return "" }
        let names = members.prefix(6).map { "\"\($0.key.echoed)\"" }
        return " with members " + names.joined(separator: ", ") + (members.count > 6 ? ", …" : "")
    }

    /// The bytes after a UTF-8 byte-order mark.
    private static func content(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: CorpusLayout.byteOrderMark) ? bytes[CorpusLayout.byteOrderMark.count...] : bytes[...]
    }

    /// A JSON error at the line and column of the byte it names.
    private static func invalid(_ error: JSONParser.Failure, in bytes: [UInt8], file: String) -> CorpusError {
        let text = content(bytes)
        let offset = min(text.startIndex + error.column - 1, text.endIndex)
        let line = text[..<offset].reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = text[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.startIndex
        return CorpusError(file: file, line: line, problem: "invalid JSON at column \(offset - lineStart + 1): \(error.message)",
                           fix: "save the thread again, whole, as the service returned it")
    }
}
