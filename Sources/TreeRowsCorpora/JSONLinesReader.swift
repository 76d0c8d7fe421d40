import TreeRows

/// Reads a comment tree from JSON Lines: an optional header object (a first line without
/// an `id`, holding only ``headerKeys``), then one object per node:
/// `{"id", "parent", "time", "score"}`.
///
/// - `id`: an integer or a string, unique in the file.
/// - `parent`: the id of the node replied to; `null` or absent for a top-level node.
/// - `time`, `score`: optional integers (or `null`).
///
/// Nodes may come in any order; siblings keep the order of their lines. Blank lines are
/// skipped. Every error names the file, the line and the fix.
public enum JSONLinesReader {
    /// The members a header line may hold; besides these, any name starting with `x-`. A
    /// first line with another member and no `id` is an error, not a header: it is most
    /// likely a node whose `id` is misspelled, which would otherwise vanish.
    public static let headerKeys = ["source", "license", "thread", "description", "comment", "generator", "nodes", CorpusPage.headerKey,
                                    MissingParentRows.headerKey]

    /// Parses JSON Lines `bytes`; `file` only names the input in errors.
    ///
    /// - Throws: ``CorpusError`` for bad JSON, a missing or ill-typed field, a duplicate
    ///   id, an unknown parent, a cycle of parents, or a file without nodes.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        func error(_ line: Int?, _ problem: String, _ fix: String) -> CorpusError {
            CorpusError(file: file, line: line, problem: problem, fix: fix)
        }
        var assembler = TreeAssembler(file: file)
        var header: JSONValue?
        var lineNumber = 0
        // A UTF-8 byte-order mark may open the file (RFC 8259 lets a parser ignore it).
        var start = bytes.starts(with: CorpusLayout.byteOrderMark) ? CorpusLayout.byteOrderMark.count : 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = bytes[start..<end]
            start = end + 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            var value: JSONValue
            var whole: JSONValue?
            do {
                // A node's members other than its four are only checked, not built: a line of
                // ignored data costs no more memory than its bytes. A line without "id" (the
                // header) is read again whole.
                let parsed = try JSONParser.parseReporting(line, keeping: nodeKeys.contains)
                value = parsed.value
                if value["id"] == nil, case .object = value { value = try JSONParser.parse(line) }
                // A node without a parent whose skipped members nest: read it whole, to tell a document.
                whole = parsed.skippedContainer != nil && value["id"] != nil && value["parent"] == nil ? try JSONParser.parse(line) : nil
            } catch {
                throw CorpusError(
                    file: file, line: lineNumber, problem: "invalid JSON at column \(error.column): \(error.message)",
                    fix: "write one JSON object per line")
            }
            if let whole { try refuseDocument(whole, line: lineNumber, file: file) }
            guard case .object = value else {
                throw error(lineNumber, "expected a JSON object, found \(value.typeName)",
                            "write one object per line, like {\"id\": 1, \"parent\": null}")
            }
            guard let idValue = value["id"] else {
                guard assembler.records.isEmpty && header == nil else {
                    throw error(lineNumber, "missing \"id\"", "give every node an \"id\" (an integer or a string)")
                }
                try checkHeader(value, line: lineNumber, file: file)
                header = value
                continue
            }
            assembler.records.append(TreeAssembler.Record(
                id: try nodeID(idValue, field: "id", line: lineNumber, file: file),
                parent: try value["parent"].flatMap { parent throws(CorpusError) -> NodeID? in
                    parent == .null ? nil : try nodeID(parent, field: "parent", line: lineNumber, file: file)
                },
                time: try integer(value["time"], field: "time", line: lineNumber, file: file),
                score: try integer(value["score"], field: "score", line: lineNumber, file: file),
                line: lineNumber))
        }
        guard !assembler.records.isEmpty else {
            throw error(nil, header == nil ? "empty file: no nodes" : "the file has a header but no nodes",
                        "add one line per node: {\"id\": 1, \"parent\": null, \"time\": 0, \"score\": 0}")
        }
        let tree = try assembler.assemble()
        let pages = try CorpusPage.pages(in: header, tree: tree, file: file)
        return Corpus(tree: tree, header: header, file: file, pages: pages,
                      missingParents: try MissingParentRows.rows(in: header, tree: tree, pages: pages, file: file))
    }

    /// The members of a node line that are read; the others are skipped.
    static let nodeKeys: Set<String> = ["id", "parent", "time", "score"]

    /// Refuses a line that is a whole document rather than a node: no `parent`, an object or
    /// array as a value, and a member that thread services' documents have (`kids`,
    /// `children`, `post_stream`…). Taken as a node, it would be a one-node tree.
    private static func refuseDocument(_ value: JSONValue, line: Int, file: String) throws(CorpusError) {
        guard case .object(let members) = value else { return }
        guard let telltale = members.first(where: { ThreadFormat.telltaleMembers.contains($0.key) }),
              let container = members.first(where: \.value.isContainer) else { return }
        throw CorpusError(
            file: file, line: line,
            problem: "this line is a whole document, not a node: it has no \"parent\", its \"\(container.key.echoed)\" is \(container.value.typeName),"
                + " and \"\(telltale.key.echoed)\" is a thread service's member; it is none of the layouts tried: \(ThreadFormat.triedLayouts)",
            fix: "pass a thread as one of these services returned it, or write one node per line: {\"id\": 1, \"parent\": null}")
    }

    /// Refuses a first line without `id` that does not look like a header.
    private static func checkHeader(_ value: JSONValue, line: Int, file: String) throws(CorpusError) {
        guard case .object(let members) = value else { return }
        let unknown = members.map(\.key).filter { !headerKeys.contains($0) && !$0.hasPrefix("x-") }
        guard let first = unknown.first else { return }
        // Nested values and no id: a document (a thread service's, or another), not a header.
        if let nested = members.first(where: \.value.isContainer), !headerKeys.contains(nested.key) {
            throw CorpusError(
                file: file, line: line,
                problem: "a JSON document (its \"\(nested.key.echoed)\" is \(nested.value.typeName)) in none of the layouts tried: \(ThreadFormat.triedLayouts)",
                fix: "pass a thread as one of these services returned it, or write one node per line: {\"id\": 1, \"parent\": null}")
        }
        let nodeLike = unknown.first { ["id", "parent", "time", "score"].contains($0.lowercased()) }
        throw CorpusError(
            file: file, line: line,
            problem: "a line without \"id\" before any node is the header, but \"\(nodeLike ?? first)\" is not a header member"
                + (nodeLike.map { _ in " (it looks like a node's)" } ?? ""),
            fix: nodeLike == "ID" || nodeLike == "Id" || nodeLike == "iD"
                ? "spell the member \"id\", in lower case"
                : "if this line is a node, give it an \"id\"; if it is the header, use "
                    + headerKeys.joined(separator: ", ") + ", or names starting with x- for your own")
    }

    private static func nodeID(_ value: JSONValue, field: String, line: Int, file: String) throws(CorpusError) -> NodeID {
        switch value {
        case .string(let text): return .string(text)
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            throw CorpusError(file: file, line: line, problem: "\"\(field)\" must be a 64-bit integer, but it is \(value.shown)",
                              fix: "use an integer or a string for \"\(field)\"")
        default:
            throw CorpusError(file: file, line: line, problem: "\"\(field)\" is \(value.typeName)",
                              fix: "use an integer or a string for \"\(field)\"")
        }
    }

    private static func integer(_ value: JSONValue?, field: String, line: Int, file: String) throws(CorpusError) -> Int64? {
        guard let value, value != .null else { return nil }
        if let integer = value.integer {
            return try TreeAssembler.checkedValue(integer, field: field, file: file, line: line)
        }
        throw CorpusError(file: file, line: line, problem: "\"\(field)\" must be a 64-bit integer, but it is \(value.shown)",
                          fix: "write \"\(field)\" as a whole number or null")
    }
}
