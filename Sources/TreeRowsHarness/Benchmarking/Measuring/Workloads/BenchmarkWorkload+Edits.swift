import TreeRows

extension BenchmarkWorkload {
    /// Insert a reply under a uniformly chosen node, at a random position.
    public static let insertReply = BenchmarkWorkload("insert-reply", InsertReplyWorkload())
    /// Remove a uniformly chosen subtree of at most 16 nodes.
    public static let removeSubtree = BenchmarkWorkload("remove-subtree", RemoveSubtreeWorkload())
    /// Load a page of 10 replies under a uniformly chosen node that has children, before
    /// its last child, which plays the load-more row and stays; on a thread with pages not
    /// yet loaded (``TreeRowsCorpora/CorpusPage``), before one of its own load-more rows.
    public static let loadPage = BenchmarkWorkload("load-page", LoadPageWorkload())
}

/// `insert(_:under:at:)` of a new leaf.
struct InsertReplyWorkload: BenchmarkWorkloadBody {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        (0..<count).map { index in
            let parent = source.randomNode(&random)
            return .insert(source.freshID("bench-reply-\(index)"), under: parent, at: random.below(source.tree.childCount(of: parent) + 1))
        }
    }

    /// Eight a sample: each timed reply stays in the tree, so a larger batch would grow it
    /// more during the cell.
    var timedBatch: Int { 8 }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case let .insert(id, parent, position) = input else { return nil }
        return .insert(id, under: parent, at: position)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case let .insert(id, parent, position) in inputs { checksum &+= (try? strategy.insert(id, under: parent, at: position))?.insertedCount ?? -1 }
        return checksum
    }
}

/// `remove(_:)` of a small subtree.
struct RemoveSubtreeWorkload: BenchmarkWorkloadBody {
    /// Distinct small subtrees that do not contain one another: leaves and near-leaves;
    /// where that finds less than half the inputs, the first nodes in postorder.
    ///
    /// - Complexity: O(*n* + `count` · (*d* + 16)) for depth *d*.
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        let tree = source.tree
        let sizes = BenchmarkCellInputs.subtreeSizes(tree)
        var candidates = source.live.filter { sizes[$0.slot] <= 16 }
        var chosen: [NodeIndex] = []
        var taken = Set<NodeIndex>()
        while chosen.count < count && !candidates.isEmpty {
            candidates.swapAt(random.below(candidates.count), candidates.count - 1)
            let node = candidates.removeLast()
            var ancestor = node
            var clash = false
            while ancestor != Tree.root {
                if taken.contains(ancestor) { clash = true }
                ancestor = tree.parent(of: ancestor)
            }
            tree.forEachInSubtree(of: node) { if taken.contains($0) { clash = true } }
            if clash { continue }
            taken.insert(node)
            chosen.append(node)
        }
        if chosen.count * 2 < min(count, source.live.count) {
            // Shapes whose small subtrees nest (a chain has one): peel the tree in postorder
            // instead, so that every removal finds its descendants removed before it and
            // takes one node.
            chosen = []
            tree.forEachInSubtreePostorder(of: Tree.root) { node in
                if node != Tree.root && chosen.count < count { chosen.append(node) }
            }
        }
        return chosen.map { .node($0) }
    }

    /// Four a sample: each removal takes up to 16 nodes out of the tree for good.
    var timedBatch: Int { 4 }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case .node(let node) = input else { return nil }
        return .remove(node)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .node(let node) in inputs { checksum &+= strategy.remove(node).deletedCount }
        return checksum
    }
}

/// `loadPage(_:under:before:removingLoadMoreRow:)` of 10 new replies before the last
/// child, which stays.
struct LoadPageWorkload: BenchmarkWorkloadBody {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        if !source.loadMoreRows.isEmpty {
            // The thread's own pages: each input loads 10 replies before one of its load-more rows.
            return (0..<count).map { index in
                let row = source.loadMoreRows[random.below(source.loadMoreRows.count)]
                return .page((0..<10).map { source.freshID("bench-page-\(index)-\($0)") }, under: source.tree.parent(of: row), before: row)
            }
        }
        let pool = source.parents
        return (0..<count).map { index in
            let node = pool[random.below(pool.count)]
            guard let last = source.tree.lastChild(of: node) else { return .node(node) }
            return .page((0..<10).map { source.freshID("bench-page-\(index)-\($0)") }, under: node, before: last)
        }
    }

    /// Four a sample: each page adds ten replies for good.
    var timedBatch: Int { 4 }

    var drawsThreadPages: Bool { true }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case let .page(ids, parent, loadMoreRow) = input else { return nil }
        return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case let .page(ids, parent, loadMoreRow) in inputs {
            checksum &+= (try? strategy.loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false))?.insertedCount ?? -1
        }
        return checksum
    }
}
