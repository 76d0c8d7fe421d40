import TreeRows

/// Reads the forest's CSV layout: optional `#` comment lines, a header naming the columns
/// (`node` and `parent` required, `time` and `score` optional, others ignored), then one
/// row per node. `parent` is `-1` or empty for a top-level node; `time` and `score` may be
/// empty. Node ids are integers; rows may come in any order; siblings keep row order.
public enum CSVReader {
    /// Parses CSV `bytes`; `file` names the input in errors. The comment lines become the
    /// corpus header's `comment`.
    ///
    /// - Throws: ``CorpusError`` naming the line (and column) for a missing header or
    ///   column, a wrong number of fields, a non-numeric field, a quoted field, a duplicate
    ///   id, an unknown parent, a cycle, or a file without rows.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        var comments: [String] = []
        var columns: (node: Int, parent: Int, time: Int?, score: Int?, count: Int)?
        var assembler = TreeAssembler(file: file)
        var lineNumber = 0
        var start = bytes.starts(with: CorpusLayout.byteOrderMark) ? CorpusLayout.byteOrderMark.count : 0
        var fields: [ArraySlice<UInt8>] = []
        while start < bytes.count {
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lineNumber += 1
            let line = bytes[start..<end]
            start = next
            if line.isEmpty { continue }
            if line.first == UInt8(ascii: "#") && columns == nil {
                comments.append(String(decoding: line.dropFirst(), as: UTF8.self).trimmingSpaces)
                continue
            }
            if line.contains(UInt8(ascii: "\"")) {
                throw CorpusError(file: file, line: lineNumber, problem: "quoted fields are not supported",
                                  fix: "write plain comma-separated numbers: node,parent,time,score")
            }
            guard let layout = columns else {
                // Only the four names are looked for, and a few kept for the message: a header
                // of any width costs no memory per column.
                var found: [String: Int] = [:], shown: [String] = [], repeated: (name: String, first: Int, again: Int)?
                let count = forEachField(of: line) { column, field in
                    let name = String(decoding: field, as: UTF8.self).trimmingSpaces.lowercased()
                    if ["node", "parent", "time", "score"].contains(name) {
                        // A column read twice would leave the reader to pick one unseen.
                        if let first = found[name] { repeated = repeated ?? (name, first, column) } else { found[name] = column }
                    }
                    if column < 8 { shown.append(name) }
                }
                if let repeated {
                    throw CorpusError(file: file, line: lineNumber,
                                      problem: "the header names the column \(repeated.name) twice (columns \(repeated.first + 1) and \(repeated.again + 1))",
                                      fix: "name each of node, parent, time and score once")
                }
                guard let node = found["node"], let parent = found["parent"] else {
                    throw CorpusError(file: file, line: lineNumber,
                                      problem: "the header line must name the columns node and parent (found: "
                                          + shown.joined(separator: ",") + (count > 8 ? ", … \(count) columns" : "") + ")",
                                      fix: "start the file with the header node,parent,time,score")
                }
                columns = (node, parent, found["time"], found["score"], count)
                continue
            }
            // Only the columns read are kept; the others are counted.
            fields.removeAll(keepingCapacity: true)
            let count = forEachField(of: line) { column, field in
                if column == layout.node || column == layout.parent || column == layout.time || column == layout.score {
                    fields.append(field)
                }
            }
            guard count == layout.count else {
                throw CorpusError(file: file, line: lineNumber,
                                  problem: "\(count) fields, but the header has \(layout.count)",
                                  fix: "give every row one value per header column")
            }
            // The kept fields in column order, so a column's field is found by its rank.
            let kept = [layout.node, layout.parent, layout.time, layout.score].compactMap { $0 }.sorted()
            func number(_ column: Int?, _ name: String) throws(CorpusError) -> Int64? {
                guard let column else { return nil }
                let text = fields[kept.firstIndex(of: column)!]
                if text.isEmpty { return nil }
                guard let value = parseInteger(text) else {
                    throw CorpusError(file: file, line: lineNumber,
                                      problem: "\(name) \"\(String(decoding: text, as: UTF8.self).echoed)\" is not a 64-bit integer",
                                      fix: "write \(name) as a whole number" + (name == "node" ? "" : ", or leave it empty"))
                }
                guard name == "time" || name == "score" else { return value }
                return try TreeAssembler.checkedValue(value, field: name, file: file, line: lineNumber)
            }
            guard let node = try number(layout.node, "node") else {
                throw CorpusError(file: file, line: lineNumber, problem: "empty node id", fix: "give every row a node id")
            }
            let parent = try number(layout.parent, "parent")
            assembler.records.append(TreeAssembler.Record(
                id: .integer(node), parent: parent.flatMap { $0 == -1 ? nil : .integer($0) },
                time: try number(layout.time, "time"), score: try number(layout.score, "score"), line: lineNumber))
        }
        guard columns != nil else {
            throw CorpusError(file: file, problem: "empty file: no header and no rows",
                              fix: "write a header node,parent,time,score and one row per node")
        }
        guard !assembler.records.isEmpty else {
            throw CorpusError(file: file, problem: "the file has a header but no rows",
                              fix: "add one row per node, e.g. 0,-1,1672718597,12")
        }
        let header: JSONValue? = comments.isEmpty ? nil : .object([("comment", .string(comments.joined(separator: "\n")))])
        return Corpus(tree: try assembler.assemble(), header: header, file: file)
    }

    /// Calls `body` with each comma-separated field of `line` and its column, keeping none.
    ///
    /// - Returns: The number of fields.
    /// - Complexity: O(*n*) for *n* bytes.
    static func forEachField(of line: ArraySlice<UInt8>, _ body: (Int, ArraySlice<UInt8>) -> Void) -> Int {
        var column = 0, fieldStart = line.startIndex
        for index in line.indices where line[index] == UInt8(ascii: ",") {
            body(column, line[fieldStart..<index])
            column += 1
            fieldStart = index + 1
        }
        body(column, line[fieldStart...])
        return column + 1
    }

    /// A decimal integer with an optional sign and surrounding spaces, anywhere in `Int64`'s
    /// range, or nil.
    ///
    /// - Complexity: O(*length*).
    static func parseInteger(_ text: ArraySlice<UInt8>) -> Int64? {
        var digits = text
        while digits.first == UInt8(ascii: " ") { digits = digits.dropFirst() }
        while digits.last == UInt8(ascii: " ") { digits = digits.dropLast() }
        var negative = false
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") {
            negative = digits.first == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        // Accumulated on the negative side, whose range holds one more value: -2^63.
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = product.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
        }
        if negative { return value }
        return value == .min ? nil : -value
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
