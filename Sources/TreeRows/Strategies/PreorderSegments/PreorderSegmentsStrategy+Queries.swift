/// Rows, indices, offsets and sections of the preorder-segments strategy: prefix counts and
/// *k*-th zero searches in the segment tree.
extension PreorderSegmentsStrategy {
    public var rowCount: Int { counters.zeroCount }

    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        let node = NodeIndex(slots[counters.positionOfZero(rank: index)])
        return Row(node: node, depth: tree.depth(of: node))
    }

    public func index(of node: NodeIndex) -> Int? {
        tree.requireLive(node)
        let prefix = counters.prefix(Int(spans[node.slot].position))
        return prefix.value == 0 ? prefix.zeros : nil
    }

    /// The first row by ``row(at:)``, then along the positions, jumping over the subtrees
    /// of collapsed and removed nodes.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* rows.
    public func rows(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return [] }
        var result: [Row] = []
        result.reserveCapacity(range.count)
        var position = counters.positionOfZero(rank: range.lowerBound)
        while result.count < range.count {
            let node = NodeIndex(slots[position])
            if !tree.contains(node) {
                position = Int(spans[node.slot].end)
                continue
            }
            result.append(Row(node: node, depth: tree.depth(of: node)))
            position = tree.isExpanded(node) ? position + 1 : Int(spans[node.slot].end)
        }
        return result
    }

    public var totalHeight: Int {
        counters.isWeighted ? Int(counters.zeroWeight) : Tree.defaultOffset(ofRow: rowCount)
    }

    public func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard counters.isWeighted else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return totalHeight }
        return Int(counters.prefix(counters.positionOfZero(rank: index)).weight)
    }

    public func row(atOffset offset: Int) -> Int? {
        guard counters.isWeighted else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < totalHeight else { return nil }
        return counters.prefix(counters.positionOfZero(atWeight: Int64(offset))).zeros
    }

    /// The rows `node` shows, its own included, when it is a row.
    func shownRows(_ node: NodeIndex) -> Int {
        tree.isExpanded(node) ? 1 + counters.zeros(in: descendantRange(of: node)) : 1
    }

    /// The row of every top-level node (always a row): one prefix count each.
    ///
    /// - Complexity: O(*S* log *n*) for *S* top-level nodes.
    public func sectionLayout() -> SectionLayout {
        var headers: [Int] = []
        var child = tree.firstChild(of: Tree.root)
        while let node = child {
            headers.append(counters.prefix(Int(spans[node.slot].position)).zeros)
            child = tree.nextSibling(of: node)
        }
        return SectionLayout(headerRows: headers, flatRowCount: rowCount)
    }
}
