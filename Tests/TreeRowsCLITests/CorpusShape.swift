import Foundation

/// The numbers `treerows corpus stats` reports that the tests can recompute on their own:
/// computed here from a ``CorpusTree`` or a parent list, or read from the tool's output.
struct CorpusShape: Equatable, CustomStringConvertible {
    var nodes = 0
    var topLevel = 0
    /// The largest depth; the top level is depth 0.
    var maxDepth = -1
    /// The most children of one node (top-level nodes are not children of anything).
    var maxFanout = 0
    /// Nodes without children.
    var leaves = 0
    /// `depthHistogram[d]`: the number of nodes at depth `d`.
    var depthHistogram: [Int] = []

    var description: String {
        "nodes \(nodes), topLevel \(topLevel), maxDepth \(maxDepth), maxFanout \(maxFanout), leaves \(leaves), "
            + "depthHistogram \(depthHistogram.count <= 80 ? "\(depthHistogram)" : "(\(depthHistogram.count) depths)")"
    }

    /// A malformed `corpus stats` output.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Counts one node at `depth` with `children` children.
    private mutating func add(depth: Int, children: Int) {
        nodes += 1
        if depth == 0 { topLevel += 1 }
        if depth >= depthHistogram.count { depthHistogram += Array(repeating: 0, count: depth + 1 - depthHistogram.count) }
        depthHistogram[depth] += 1
        maxDepth = max(maxDepth, depth)
        maxFanout = max(maxFanout, children)
        if children == 0 { leaves += 1 }
    }
}

extension CorpusShape {

    /// The shape of `tree`, walked without recursion.
    init(_ tree: CorpusTree) {
        var stack = tree.roots.map { (node: $0, depth: 0) }
        while let (node, depth) = stack.popLast() {
            add(depth: depth, children: tree.children[node].count)
            stack += tree.children[node].map { ($0, depth + 1) }
        }
    }

    /// The shape of a forest given as each node's parent index (negative: top level), in
    /// which every parent comes before its children; `nil` if one does not.
    init?(parentsFirst parents: [Int32]) {
        var depths = [Int32](repeating: 0, count: parents.count)
        var children = [Int32](repeating: 0, count: parents.count)
        for (node, parent) in parents.enumerated() where parent >= 0 {
            guard Int(parent) < node else { return nil }
            depths[node] = depths[Int(parent)] + 1
            children[Int(parent)] += 1
        }
        for node in parents.indices { add(depth: Int(depths[node]), children: Int(children[node])) }
    }

    /// Reads `corpus stats --json` output.
    init(json: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw ReadError(description: "not a JSON object: \(json.prefix(200))")
        }
        func integer(_ key: String) throws -> Int {
            guard let value = object[key] as? Int else { throw ReadError(description: "no integer \"\(key)\" in \(json.prefix(300))") }
            return value
        }
        nodes = try integer("nodes")
        topLevel = try integer("topLevel")
        maxDepth = try integer("maxDepth")
        maxFanout = try integer("maxFanout")
        leaves = try integer("leaves")
        guard let histogram = object["depthHistogram"] as? [Int] else {
            throw ReadError(description: "no \"depthHistogram\" array in \(json.prefix(300))")
        }
        depthHistogram = histogram
    }

    /// Reads the text output of `corpus stats`: `name   value` lines, then
    /// `depth histogram (depth: nodes)` and one `  DEPTH: COUNT` line per depth.
    init(text: String) throws {
        var values: [String: Int] = [:]
        var inHistogram = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("depth histogram") {
                inHistogram = true
                continue
            }
            if inHistogram {
                let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, let depth = Int(parts[0]), let count = Int(parts[1]), depth == depthHistogram.count else {
                    throw ReadError(description: "bad histogram line \"\(line)\"")
                }
                depthHistogram.append(count)
                continue
            }
            let words = line.split(separator: " ")
            if words.count == 2, let value = Int(words[1]) { values[String(words[0])] = value }
        }
        func integer(_ key: String) throws -> Int {
            guard let value = values[key] else { throw ReadError(description: "no \"\(key)  N\" line in\n\(text.prefix(600))") }
            return value
        }
        nodes = try integer("nodes")
        topLevel = try integer("topLevel")
        maxDepth = try integer("maxDepth")
        maxFanout = try integer("maxFanout")
        leaves = try integer("leaves")
    }

    /// The `collapsed` count of `corpus stats --json` output.
    static func collapsedCount(json: String) throws -> Int { try statistic("collapsed", json: json) }

    /// The whole-number member `key` of `corpus stats --json` output (`nodes`, `pages`,
    /// `hiddenReplies`, …).
    static func statistic(_ key: String, json: String) throws -> Int {
        guard let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let value = object[key] as? Int else {
            throw ReadError(description: "no integer \"\(key)\" in \(json.prefix(300))")
        }
        return value
    }
}
