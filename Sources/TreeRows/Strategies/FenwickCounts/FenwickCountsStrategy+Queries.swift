/// Rows, indices, offsets and sections of the fenwick-counts strategy: `row(at:)` descends
/// and `index(of:)` climbs through the sibling lists' Fenwick trees.
extension FenwickCountsStrategy {
    public var rowCount: Int { Int(counts[0]) - 1 }

    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        var remaining = Int64(index)
        var parent = 0
        while true {
            let (child, before) = lists.child(at: remaining, of: parent, cells[Self.countCells])
            remaining -= before
            let node = NodeIndex(child)
            if remaining == 0 { return Row(node: node, depth: tree.depth(of: node)) }
            remaining -= 1
            parent = Int(child)
        }
    }

    /// The first row by ``row(at:)``, then a preorder walk that skips collapsed subtrees.
    ///
    /// - Complexity: O(*d* log *f* + *k*) for *k* rows.
    public func rows(in range: Range<Int>) -> [Row] {
        rowsByWalking(in: range)
    }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        var index: Int64 = 0
        var child = node.slot
        while child != 0 {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            index += lists.prefix(lists.position[child], of: parent, cells[Self.countCells])
            if parent != 0 {
                if !tree.isExpanded(NodeIndex(Int32(parent))) { return nil }
                index += 1
            }
            child = parent
        }
        return Int(index)
    }

    public var totalHeight: Int { hasHeights ? Int(heightSums[0]) : Tree.defaultOffset(ofRow: rowCount) }

    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard hasHeights else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return Int(heightSums[0]) }
        var offset: Int64 = 0
        var child = row(at: index).node.slot
        while child != 0 {
            let parent = tree.parent(of: NodeIndex(Int32(child))).slot
            offset += lists.prefix(lists.position[child], of: parent, cells[Self.heightCells]) + ownHeight(parent)
            child = parent
        }
        return Int(offset)
    }

    public func row(atOffset offset: Int) -> Int? {
        guard hasHeights else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < heightSums[0] else { return nil }
        var remaining = Int64(offset)
        var index: Int64 = 0
        var parent = 0
        while true {
            let (child, before) = lists.child(at: remaining, of: parent, cells[Self.heightCells])
            remaining -= before
            index += lists.prefix(lists.position[Int(child)], of: parent, cells[Self.countCells])
            let height = ownHeight(Int(child))
            if remaining < height { return Int(index) }
            remaining -= height
            index += 1
            parent = Int(child)
        }
    }

    /// The running sum of the top-level nodes' counts.
    ///
    /// - Complexity: O(*S*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout { tree.sectionLayout { Int(counts[$0.slot]) } }
}
