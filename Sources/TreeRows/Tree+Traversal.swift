extension Tree {
    /// Calls `body` for `node` and every descendant in preorder, ignoring expanded flags.
    ///
    /// Follows the child and sibling links without a stack, so depth is unlimited.
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    @inlinable
    public func forEachInSubtree(of node: NodeIndex, _ body: (NodeIndex) throws -> Void) rethrows {
        if node != Tree.root { try body(node) }
        let stop = node.rawValue
        var current = firstChildren[node.slot]
        if current == Tree.noNode { return }
        while true {
            try body(NodeIndex(current))
            let child = firstChildren[Int(current)]
            if child != Tree.noNode {
                current = child
                continue
            }
            while nextSiblings[Int(current)] == Tree.noNode {
                current = parents[Int(current)]
                if current == stop { return }
            }
            current = nextSiblings[Int(current)]
        }
    }

    /// Calls `body` for every descendant of `node` and then `node` itself, children before
    /// parents (postorder), ignoring expanded flags. With ``Tree/root`` the root comes last.
    ///
    /// The walk reads a node's sibling and parent links before calling `body` on it, so
    /// `body` may clear them.
    /// - Complexity: O(*m*), where *m* is the size of the subtree.
    @inlinable
    public func forEachInSubtreePostorder(of node: NodeIndex, _ body: (NodeIndex) throws -> Void) rethrows {
        var current = node.rawValue
        while firstChildren[Int(current)] != Tree.noNode { current = firstChildren[Int(current)] }
        while true {
            if current == node.rawValue {
                try body(node)
                return
            }
            let next = nextSiblings[Int(current)]
            let parent = parents[Int(current)]
            try body(NodeIndex(current))
            if next != Tree.noNode {
                current = next
                while firstChildren[Int(current)] != Tree.noNode { current = firstChildren[Int(current)] }
            } else {
                current = parent
            }
        }
    }

    /// Calls `body` for every descendant of `node` that is visible when `node` is a visible,
    /// expanded row: the rows under `node`, in row order. `node` itself is not visited,
    /// and its own expanded flag is not consulted. With ``Tree/root``: every row.
    ///
    /// A tight, stackless loop over the link arrays.
    /// - Complexity: O(*r*), where *r* is the number of rows visited.
    @inlinable
    public func forEachVisibleDescendant(of node: NodeIndex, _ body: (NodeIndex) throws -> Void) rethrows {
        let stop = node.rawValue
        try firstChildren.withUnsafeBufferPointer { firstChildren in
            try nextSiblings.withUnsafeBufferPointer { nextSiblings in
                try parents.withUnsafeBufferPointer { parents in
                    try expandedFlags.withUnsafeFlags { expanded in
                        var current = firstChildren[node.slot]
                        if current == Tree.noNode { return }
                        while true {
                            try body(NodeIndex(current))
                            let child = firstChildren[Int(current)]
                            if child != Tree.noNode && expanded[Int(current)] {
                                current = child
                                continue
                            }
                            while nextSiblings[Int(current)] == Tree.noNode {
                                current = parents[Int(current)]
                                if current == stop { return }
                            }
                            current = nextSiblings[Int(current)]
                        }
                    }
                }
            }
        }
    }

    /// Every row: the visible nodes in preorder with their depths, from the stackless walk
    /// ``forEachVisibleDescendant(of:_:)``. The rows of the strategies that keep them in
    /// one array (full-rebuild rebuilds them after every change).
    ///
    /// - Complexity: O(*r*), where *r* is the number of rows.
    @inlinable
    package func visibleRows() -> ContiguousArray<Row> {
        var rows = ContiguousArray<Row>()
        rows.reserveCapacity(nodeCount)
        forEachVisibleDescendant(of: Tree.root) { node in
            rows.append(Row(node: node, depth: depths[node.slot]))
        }
        return rows
    }
}
