import TreeRows

/// A self-contained differential test case: a small tree with its expansion state and a
/// sequence of operations. What the fuzzer runs, shrinks, writes and replays.
public struct FuzzCase: Hashable, Sendable {
    /// One node: parents come before their children, siblings in order.
    public struct Node: Hashable, Sendable {
        public var id: NodeID
        public var parent: NodeID?
        public var isExpanded: Bool
        public var time: Int64?
        public var score: Int64?
        /// The row height; `nil`: ``Tree/defaultRowHeight``.
        public var height: Int32?

        public init(id: NodeID, parent: NodeID?, isExpanded: Bool, time: Int64? = nil, score: Int64? = nil, height: Int32? = nil) {
            self.id = id
            self.parent = parent
            self.isExpanded = isExpanded
            self.time = time
            self.score = score
            self.height = height
        }
    }

    /// The initial tree: parents before their children, siblings in order.
    public var nodes: [Node]
    /// The operations, in order.
    public var operations: [FuzzOperation]

    /// Creates a case.
    public init(nodes: [Node], operations: [FuzzOperation]) {
        self.nodes = nodes
        self.operations = operations
    }

    /// The case of `tree` with no operations yet.
    ///
    /// The nodes are listed in slot order when that rebuilds `tree` slot for slot (no slot
    /// removed, every sibling in a later slot than the one before it: trees that were only
    /// appended to), so a replay meets the very node indices the run met; otherwise in
    /// preorder.
    /// - Complexity: O(*s*) for *s* slots.
    public init(tree: Tree) {
        var nodes: [Node] = []
        nodes.reserveCapacity(tree.nodeCount)
        func add(_ node: NodeIndex) {
            let parent = tree.parent(of: node)
            nodes.append(Node(id: tree.id(of: node), parent: parent == Tree.root ? nil : tree.id(of: parent),
                              isExpanded: tree.isExpanded(node), time: tree.time(of: node), score: tree.score(of: node),
                              height: tree.hasHeights ? tree.height(of: node) : nil))
        }
        let slotOrder = tree.nodeCount == tree.slotCount - 1 && (1..<tree.slotCount).allSatisfy { slot in
            tree.nextSibling(of: NodeIndex(Int32(slot))).map { $0.slot > slot } ?? true
        }
        if slotOrder {
            for slot in 1..<tree.slotCount { add(NodeIndex(Int32(slot))) }
        } else {
            tree.forEachInSubtree(of: Tree.root) { node in if node != Tree.root { add(node) } }
        }
        self.init(nodes: nodes, operations: [])
    }

    /// Why a case's tree cannot be built, and how to fix the case.
    public struct InvalidCase: Error, CustomStringConvertible, Sendable {
        /// What is wrong, naming the node by its index in ``FuzzCase/nodes`` and its id.
        public var problem: String
        /// What to change in the case.
        public var fix: String
        /// `problem. Fix: fix`.
        public var description: String { "\(problem). Fix: \(fix)" }
    }

    /// The initial tree.
    ///
    /// - Throws: ``InvalidCase`` if a parent is missing or comes after its child, an id
    ///   repeats, or a height is below 1.
    /// - Complexity: O(*n*) for *n* nodes.
    public func makeTree() throws(InvalidCase) -> Tree {
        var tree = Tree()
        for (index, node) in nodes.enumerated() {
            var parent = Tree.root
            if let parentID = node.parent {
                guard let found = tree.index(of: parentID) else {
                    throw InvalidCase(problem: "node \(index) (\(node.id)): parent \(parentID) is not an earlier node",
                                      fix: "list every parent before its children")
                }
                parent = found
            }
            guard (node.height ?? 1) >= 1 else {
                throw InvalidCase(problem: "node \(index) (\(node.id)): height \(node.height!) is below 1", fix: "give every height 1 or more")
            }
            do {
                let added = try tree.append(node.id, under: parent, time: node.time, score: node.score, isExpanded: node.isExpanded)
                if let height = node.height { tree.setHeight(added, height) }
            } catch {
                let fix: String
                switch error {
                case .duplicateID(let id):
                    let first = nodes.firstIndex { $0.id == id }.map { " (node \($0) has it first)" } ?? ""
                    fix = "give every node its own id\(first)"
                case .reservedValue: fix = "use null for an absent time or score"
                default: fix = "list every parent before its children"
                }
                throw InvalidCase(problem: "node \(index) (\(node.id)): \(error)", fix: fix)
            }
        }
        return tree
    }
}
