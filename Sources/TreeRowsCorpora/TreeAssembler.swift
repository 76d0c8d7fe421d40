import TreeRows

/// Builds a tree from node records given in any order, as text formats deliver them:
/// children are linked to parents by id and added parent-first, siblings in input order.
///
/// Input whose ids are `0, 1, 2, …` in order with every parent earlier (the recorded
/// forest's CSV layout) takes a fast path without hashing.
struct TreeAssembler {
    /// One node as read, before the tree is built.
    struct Record {
        var id: NodeID
        var parent: NodeID?
        var time: Int64?
        var score: Int64?
        /// The 1-based line, for errors.
        var line: Int
    }

    var records: [Record] = []
    let file: String
    /// Where a record is, for errors, from its ``Record/line``: `nil` for the text layouts
    /// (the line itself); an importer's names a place in its document ("item 12").
    var placeName: ((Int) -> String)?

    init(file: String) { self.file = file }

    /// An error at the record numbered `line`: on that line, or at its named place.
    private func failure(_ line: Int, _ problem: String, fix: String) -> CorpusError {
        guard let placeName else { return CorpusError(file: file, line: line, problem: problem, fix: fix) }
        return CorpusError(file: file, problem: "\(placeName(line)): \(problem)", fix: fix)
    }

    /// `value` as a node's time or score, refused when it is `Int64.min`, which the tree's
    /// value columns reserve for "absent". Every text layout applies this one rule.
    ///
    /// - Complexity: O(1).
    static func checkedValue(_ value: Int64, field: String, file: String, line: Int) throws(CorpusError) -> Int64 {
        guard value != .min else {
            throw CorpusError(file: file, line: line,
                              problem: "\"\(field)\" \(value) is out of range (the smallest 64-bit integer is reserved)",
                              fix: "use a value above \(Int64.min), or leave \"\(field)\" out for a node without one")
        }
        return value
    }

    /// The tree, or the first duplicate id, unknown parent or parent cycle.
    ///
    /// - Complexity: O(*n*) expected.
    func assemble() throws(CorpusError) -> Tree {
        // What every reader checks already, checked once more here: the tree below cannot then fail.
        for record in records {
            for (field, value) in [("time", record.time), ("score", record.score)] where value == .min {
                throw failure(record.line, "\"\(field)\" \(Int64.min) is out of range (the smallest 64-bit integer is reserved)",
                              fix: "use a value above \(Int64.min), or leave \"\(field)\" out for a node without one")
            }
        }
        if let tree = assembleInOrder() { return tree }
        var recordOfID: [NodeID: Int] = [:]
        recordOfID.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if let first = recordOfID[record.id] {
                let first = records[first].line
                throw failure(record.line, "duplicate id \(Self.quoted(record.id)) (first defined "
                              + (placeName.map { "at \($0(first))" } ?? "on line \(first)") + ")",
                              fix: "give every node a unique id")
            }
            recordOfID[record.id] = index
        }
        // Children as linked lists over record indices (-1: none).
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
                throw failure(record.line, "parent \(Self.quoted(parentID)) of node \(Self.quoted(record.id)) is not defined anywhere in the file",
                              fix: "add a node with id \(Self.quoted(parentID)), or make this node top-level")
            }
            parentRecord[index] = parent
            if lastChild[parent] < 0 { firstChild[parent] = index } else { nextSibling[lastChild[parent]] = index }
            lastChild[parent] = index
        }
        var tree = Tree(reservingCapacity: records.count)
        var nodeOfRecord = [NodeIndex?](repeating: nil, count: records.count)
        var stack = Array(roots.reversed())
        var children: [Int] = []
        while let index = stack.popLast() {
            let record = records[index]
            let parent = parentRecord[index] < 0 ? Tree.root : nodeOfRecord[parentRecord[index]]!
            do { nodeOfRecord[index] = try tree.append(record.id, under: parent, time: record.time, score: record.score) } catch {
                // Ids are unique, parents come first and values are checked above: not reached.
                throw failure(record.line, "node \(Self.quoted(record.id)) cannot be added: \(error.description)",
                              fix: "report this file to TreeRows: its reader should have named the problem")
            }
            children.removeAll(keepingCapacity: true)
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
            let cycle = Array(path[seen[current]!...] + [current])
            throw failure(records[current].line, "parent cycle: " + Self.elided(cycle.map { Self.quoted(records[$0].id) }),
                          fix: "a comment cannot be its own ancestor; correct one of these parents")
        }
        return tree
    }

    /// The fast path: ids `0..<n` in order, each parent earlier. `nil` if the input is not so.
    private func assembleInOrder() -> Tree? {
        for (index, record) in records.enumerated() {
            guard record.id == .integer(Int64(index)) else { return nil }
            if let parent = record.parent {
                guard case .integer(let value) = parent, value >= 0, value < Int64(index) else { return nil }
            }
        }
        var tree = Tree(reservingCapacity: records.count)
        for record in records {
            var parent = Tree.root
            if case .integer(let value)? = record.parent { parent = NodeIndex(Int32(value) + 1) }
            tree.appendNext(under: parent, time: record.time, score: record.score)
        }
        return tree
    }

    /// The ids of a cycle joined by arrows; a long one keeps its first and last six ids and
    /// says how many it leaves out, so that a million-node cycle is one short line.
    ///
    /// - Complexity: O(*k*) for *k* ids.
    static func elided(_ ids: [String]) -> String {
        let shown = 6
        guard ids.count > 2 * shown + 1 else { return ids.joined(separator: " -> ") }
        return ids.prefix(shown).joined(separator: " -> ") + " -> … \(ids.count - 2 * shown) more … -> "
            + ids.suffix(shown).joined(separator: " -> ") + " (\(ids.count - 1) nodes)"
    }

    /// An id as written in JSON: strings quoted, integers bare.
    static func quoted(_ id: NodeID) -> String {
        switch id {
        case .integer(let value): return String(value)
        case .string(let value): return "\"\(value.echoed)\""
        }
    }
}
