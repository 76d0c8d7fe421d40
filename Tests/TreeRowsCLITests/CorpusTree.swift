import Foundation

/// A corpus as Foundation's `JSONSerialization` reads it, independently of TreeRowsCorpora:
/// the oracle the tool's output is compared with.
struct CorpusTree {
    /// A line the oracle cannot read.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Each node's id as the tool prints it (digits, or the raw string), in line order.
    private(set) var ids: [String] = []
    /// Each node's parent (an index into ``ids``), `nil` at top level.
    private(set) var parents: [Int?] = []
    /// Each node's children, in line order.
    private(set) var children: [[Int]] = []
    /// The top-level nodes, in line order.
    private(set) var roots: [Int] = []

    /// The `score` and `time` fields of each node (`nil`: absent or null).
    private(set) var scores: [Int64?] = []
    private(set) var times: [Int64?] = []
    var nodeCount: Int { ids.count }

    /// Reads the file at `path`; the first line without an `id` is the header.
    init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var indexOfKey: [String: Int] = [:]
        var parentKeys: [String?] = []
        for (number, line) in text.split(separator: "\n").enumerated() where !line.allSatisfy(\.isWhitespace) {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ReadError(description: "\(path):\(number + 1): not an object")
            }
            guard let id = Self.key(object["id"]) else {
                if ids.isEmpty { continue }
                throw ReadError(description: "\(path):\(number + 1): no id")
            }
            indexOfKey[id.key] = ids.count
            ids.append(id.text)
            scores.append((object["score"] as? NSNumber)?.int64Value)
            times.append((object["time"] as? NSNumber)?.int64Value)
            parentKeys.append(Self.key(object["parent"])?.key)
        }
        children = Array(repeating: [], count: ids.count)
        for (node, parentKey) in parentKeys.enumerated() {
            guard let parentKey else {
                parents.append(nil)
                roots.append(node)
                continue
            }
            guard let parent = indexOfKey[parentKey] else {
                throw ReadError(description: "\(path): unknown parent \(parentKey)")
            }
            parents.append(parent)
            children[parent].append(node)
        }
    }

    /// A tree given by hand: `parents[i]` is the index of node `i`'s parent (`nil` at top
    /// level); siblings keep index order.
    init(ids: [String], parents: [Int?]) {
        precondition(ids.count == parents.count, "one parent per id")
        self.ids = ids
        self.parents = parents
        children = Array(repeating: [], count: ids.count)
        for (node, parent) in parents.enumerated() {
            if let parent { children[parent].append(node) } else { roots.append(node) }
        }
    }

    /// The tree that `rows` output (`<depth>\t<id>` lines of a preorder walk) shows: each
    /// row's parent is the nearest earlier row one level up.
    init(rows: [Substring]) throws {
        var ids: [String] = []
        var parents: [Int?] = []
        var path: [Int] = []  // path[d]: the latest row at depth d
        for (number, row) in rows.enumerated() {
            let fields = row.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2, let depth = Int(fields[0]), depth >= 0, depth <= path.count else {
                throw ReadError(description: "row \(number + 1) is not <depth>\\t<id> one level below an earlier row: \"\(row)\"")
            }
            path.removeSubrange(depth...)
            parents.append(path.last)
            path.append(ids.count)
            ids.append(String(fields[1]))
        }
        self.init(ids: ids, parents: parents)
    }

    /// A key that keeps integer and string ids apart, and the id as printed.
    private static func key(_ value: Any?) -> (key: String, text: String)? {
        if let text = value as? String { return ("s:" + text, text) }
        if let number = value as? NSNumber { return ("i:\(number.int64Value)", "\(number.int64Value)") }
        return nil
    }

    /// The node whose printed id is `id`.
    func node(_ id: String) -> Int? { ids.firstIndex(of: id) }

    /// The tree with every sibling list stably sorted by `field` (`score` or `time`; an
    /// absent value below every value), by Swift's stable `sorted` on (value, position).
    func sorted(by field: String, descending: Bool) -> CorpusTree {
        let values = field == "score" ? scores : times
        func order(_ list: [Int]) -> [Int] {
            list.enumerated().sorted { a, b in
                let left = values[a.element] ?? .min
                let right = values[b.element] ?? .min
                if left != right { return descending ? left > right : left < right }
                return a.offset < b.offset
            }.map(\.element)
        }
        var copy = self
        copy.roots = order(roots)
        copy.children = children.map(order)
        return copy
    }

    /// The rows `<depth>\t<id>` of a preorder walk that does not enter `collapsed` nodes.
    func rows(collapsing collapsed: Set<Int> = []) -> [String] {
        var rows: [String] = []
        var stack = roots.reversed().map { (node: $0, depth: 0) }
        while let (node, depth) = stack.popLast() {
            rows.append("\(depth)\t\(ids[node])")
            if !collapsed.contains(node) {
                stack += children[node].reversed().map { ($0, depth + 1) }
            }
        }
        return rows
    }

    /// Nodes to collapse, chosen from the file alone and in this order: the first top-level
    /// node; the node with the most children; the first child of that node that has
    /// children itself (already hidden when it is collapsed); the first reply, in line
    /// order, that has children. Without repeats.
    var collapseChoices: [Int] {
        var choices: [Int] = []
        func choose(_ node: Int?) {
            if let node, !choices.contains(node) { choices.append(node) }
        }
        choose(roots.first)
        // `max(by:)` keeps the first of equal elements: the earliest line wins a tie.
        let widest = children.indices.max { children[$0].count < children[$1].count }
        choose(widest)
        choose(widest.flatMap { node in children[node].first { child in !children[child].isEmpty } })
        choose(children.indices.first { parents[$0] != nil && !children[$0].isEmpty })
        return choices
    }
}
