import TreeRows

/// Builds trees from a compact notation: `a(b(c,d),e),f` is a forest with top-level nodes
/// `a` and `f`, where `a` has children `b` and `e`, and `b` has `c` and `d`. A name ending
/// in `-` starts collapsed: `a-(b)`. Ids are strings.
public enum TreeNotation {
    /// The tree the notation describes; traps on malformed notation (test input only).
    public static func tree(_ notation: String) -> Tree {
        var tree = Tree()
        var parents: [NodeIndex] = [Tree.root]
        var name = ""
        var last: NodeIndex?
        func flush() {
            guard !name.isEmpty else { return }
            let collapsed = name.hasSuffix("-")
            let id = collapsed ? String(name.dropLast()) : name
            last = try! tree.append(.string(id), under: parents.last!, isExpanded: !collapsed)
            name = ""
        }
        for character in notation where character != " " {
            switch character {
            case "(":
                flush()
                parents.append(last!)
            case ")":
                flush()
                parents.removeLast()
            case ",": flush()
            default: name.append(character)
            }
        }
        flush()
        precondition(parents.count == 1, "unbalanced parentheses in \(notation)")
        return tree
    }

    /// The node with string id `id`; traps if there is none.
    public static func node(_ id: String, in tree: Tree) -> NodeIndex {
        guard let node = tree.index(of: .string(id)) else { preconditionFailure("no node \(id)") }
        return node
    }

    /// Rows written as `depth:id`, e.g. `["0:a", "1:b"]`, for readable expectations.
    public static func describe(_ rows: [Row], in tree: Tree) -> [String] {
        rows.map { "\($0.depth):\(tree.id(of: $0.node))" }
    }
}
