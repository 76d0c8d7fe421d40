import Foundation
import TreeRows

/// Reads a comment tree from JSON Lines: an optional header object (a first line without
/// an `id`), then one object per node: `{"id", "parent", "time", "score"}`.
///
/// - `id`: an integer or a string, unique in the file.
/// - `parent`: the id of the node replied to; `null` or absent for a top-level node.
/// - `time`, `score`: optional integers (or `null`).
///
/// Nodes may come in any order; siblings keep the order of their lines. Blank lines are
/// skipped. Every error names the file, the line and the fix.
public enum JSONLinesReader {
    /// Reads and parses the file at `path`.
    ///
    /// - Throws: ``CorpusError`` for a missing or unreadable file and for every problem
    ///   ``parse(_:file:)`` reports.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func read(contentsOf path: String) throws(CorpusError) -> Corpus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CorpusError(file: path, line: nil, problem: "no such file", fix: "check the path")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw CorpusError(file: path, line: nil, problem: "cannot read the file", fix: "pass a readable JSON Lines file")
        }
        return try parse(Array(data), file: path)
    }

    /// One node line before the tree is assembled.
    private struct Record {
        var id: NodeID
        var parent: NodeID?
        var time: Int64?
        var score: Int64?
        var line: Int
    }

    /// Parses JSON Lines `bytes`; `file` only names the input in errors.
    ///
    /// - Throws: ``CorpusError`` for bad JSON, a missing or ill-typed field, a duplicate
    ///   id, an unknown parent, a cycle of parents, or a file without nodes.
    /// - Complexity: O(*n*) for *n* bytes.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        func error(_ line: Int?, _ problem: String, _ fix: String) -> CorpusError {
            CorpusError(file: file, line: line, problem: problem, fix: fix)
        }
        var records: [Record] = []
        var header: JSONValue?
        var lineNumber = 0
        // A UTF-8 byte-order mark may open the file (RFC 8259 lets a parser ignore it).
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lineNumber += 1
            let line = bytes[start..<end]
            start = end + 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            let value: JSONValue
            do {
                value = try JSONParser.parse(line)
            } catch {
                throw CorpusError(
                    file: file, line: lineNumber, problem: "invalid JSON at column \(error.column): \(error.message)",
                    fix: "write one JSON object per line")
            }
            guard case .object = value else {
                throw error(lineNumber, "expected a JSON object, found \(value.typeName)",
                            "write one object per line, like {\"id\": 1, \"parent\": null}")
            }
            guard let idValue = value["id"] else {
                if records.isEmpty && header == nil {
                    header = value
                    continue
                }
                throw error(lineNumber, "missing \"id\"", "give every node an \"id\" (an integer or a string)")
            }
            records.append(Record(
                id: try nodeID(idValue, field: "id", line: lineNumber, file: file),
                parent: try value["parent"].flatMap { parent throws(CorpusError) -> NodeID? in
                    parent == .null ? nil : try nodeID(parent, field: "parent", line: lineNumber, file: file)
                },
                time: try integer(value["time"], field: "time", line: lineNumber, file: file),
                score: try integer(value["score"], field: "score", line: lineNumber, file: file),
                line: lineNumber))
        }
        guard !records.isEmpty else {
            throw error(nil, header == nil ? "empty file: no nodes" : "the file has a header but no nodes",
                        "add one line per node: {\"id\": 1, \"parent\": null, \"time\": 0, \"score\": 0}")
        }
        return Corpus(tree: try assemble(records, file: file), header: header, file: file)
    }

    private static func nodeID(_ value: JSONValue, field: String, line: Int, file: String) throws(CorpusError) -> NodeID {
        switch value {
        case .string(let text): return .string(text)
        case .number(let text):
            if let integer = Int64(text) { return .integer(integer) }
            throw CorpusError(file: file, line: line, problem: "\"\(field)\" \(text) is not a 64-bit integer",
                              fix: "use an integer or a string for \"\(field)\"")
        default:
            throw CorpusError(file: file, line: line, problem: "\"\(field)\" is \(value.typeName)",
                              fix: "use an integer or a string for \"\(field)\"")
        }
    }

    private static func integer(_ value: JSONValue?, field: String, line: Int, file: String) throws(CorpusError) -> Int64? {
        guard let value, value != .null else { return nil }
        if let integer = value.integer {
            guard integer != .min else {
                throw CorpusError(file: file, line: line, problem: "\"\(field)\" \(integer) is out of range (the smallest 64-bit integer is reserved)",
                                  fix: "use a value above \(Int64.min), or null for a missing \"\(field)\"")
            }
            return integer
        }
        throw CorpusError(file: file, line: line, problem: "\"\(field)\" is \(value.typeName), not an integer",
                          fix: "write \"\(field)\" as a whole number or null")
    }

    /// Builds the tree from records in any order: children are linked to parents by id,
    /// then added parent-first in an iterative walk, siblings in line order.
    private static func assemble(_ records: [Record], file: String) throws(CorpusError) -> Tree {
        var recordOfID: [NodeID: Int] = [:]
        recordOfID.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if let first = recordOfID[record.id] {
                throw CorpusError(file: file, line: record.line,
                                  problem: "duplicate id \(quoted(record.id)) (first defined on line \(records[first].line))",
                                  fix: "give every node a unique id")
            }
            recordOfID[record.id] = index
        }
        // Children as linked lists over record indices; -1 = none; top level hangs off `roots`.
        var firstChild = [Int](repeating: -1, count: records.count)
        var lastChild = [Int](repeating: -1, count: records.count)
        var nextSibling = [Int](repeating: -1, count: records.count)
        var parentRecord = [Int](repeating: -1, count: records.count)
        var roots: [Int] = []
        for (index, record) in records.enumerated() {
            guard let parentID = record.parent else {
                roots.append(index)
                continue
            }
            guard let parent = recordOfID[parentID] else {
                throw CorpusError(file: file, line: record.line,
                                  problem: "parent \(quoted(parentID)) of node \(quoted(record.id)) is not defined anywhere in the file",
                                  fix: "add a line for \(quoted(parentID)), or make the node top-level with \"parent\": null")
            }
            parentRecord[index] = parent
            if lastChild[parent] < 0 { firstChild[parent] = index } else { nextSibling[lastChild[parent]] = index }
            lastChild[parent] = index
        }
        var tree = Tree()
        var nodeOfRecord = [NodeIndex?](repeating: nil, count: records.count)
        var stack = roots.reversed() as [Int]
        while let index = stack.popLast() {
            let record = records[index]
            let parent = parentRecord[index] < 0 ? Tree.root : nodeOfRecord[parentRecord[index]]!
            // Ids are unique and parents are added first, so appending cannot fail.
            nodeOfRecord[index] = try! tree.append(record.id, under: parent, time: record.time, score: record.score)
            var children: [Int] = []
            var child = firstChild[index]
            while child >= 0 {
                children.append(child)
                child = nextSibling[child]
            }
            stack.append(contentsOf: children.reversed())
        }
        if let orphan = nodeOfRecord.firstIndex(where: { $0 == nil }) {
            // Not reachable from a top-level node: its parent chain loops. Walk it to show the loop.
            var seen: [Int: Int] = [:]
            var path: [Int] = []
            var current = orphan
            while seen[current] == nil {
                seen[current] = path.count
                path.append(current)
                current = parentRecord[current]
            }
            let cycle = path[seen[current]!...] + [current]
            throw CorpusError(file: file, line: records[current].line,
                              problem: "parent cycle: " + cycle.map { quoted(records[$0].id) }.joined(separator: " -> "),
                              fix: "a comment cannot be its own ancestor; correct one of these \"parent\" fields")
        }
        return tree
    }

    /// An id as written in JSON: strings quoted, integers bare.
    static func quoted(_ id: NodeID) -> String {
        switch id {
        case .integer(let value): return String(value)
        case .string(let value): return "\"\(value)\""
        }
    }
}
