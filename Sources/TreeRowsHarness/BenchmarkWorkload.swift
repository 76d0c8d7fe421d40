import TreeRows

/// The inputs of every sample of one benchmark cell, drawn before anything is timed, the
/// same for every strategy.
struct BenchmarkWorkload {
    /// What each sample acts on.
    enum Input {
        case none
        case node(NodeIndex)
        case row(Int)
        case insert(NodeID, under: NodeIndex, at: Int)
        case order(SiblingOrder)
        case page([NodeID], under: NodeIndex, before: NodeIndex)
        case offset(Int)
    }

    var inputs: [Input]

    /// A workload of given inputs.
    init(inputs: [Input]) { self.inputs = inputs }

    /// Draws `count` inputs for `operation` on `tree` from `seed`.
    ///
    /// - Complexity: O(*n* + *count*) (O(*n* log *n*) for the heavy and deep choices).
    init(_ operation: BenchmarkOperation, tree: Tree, rowCount: Int, totalHeight: Int, count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let live = tree.nodes
        func randomNode() -> NodeIndex { live[random.below(live.count)] }
        guard !live.isEmpty else {
            inputs = Array(repeating: .none, count: count)
            return
        }
        switch operation {
        case .build, .expandAll, .collapseAll:
            inputs = Array(repeating: .none, count: count)
        case .toggleRandom, .indexOfRandom, .toggleSectioned:
            inputs = (0..<count).map { _ in .node(randomNode()) }
        case .sortMoves, .sortReload:
            // Every order differs from the one before it, so every sample changes the rows.
            let orders = [SiblingOrder(.score, descending: true), SiblingOrder(.time), SiblingOrder(.replies, descending: true),
                          SiblingOrder(.time, descending: true)]
            inputs = (0..<count).map { .order(orders[$0 % orders.count]) }
        case .accordionExpand, .loadPage:
            let parents = live.filter { tree.firstChild(of: $0) != nil }
            let pool = parents.isEmpty ? live : parents
            inputs = (0..<count).map { index in
                let node = pool[random.below(pool.count)]
                guard operation == .loadPage, let last = tree.lastChild(of: node) else { return .node(node) }
                return .page((0..<10).map { .string("bench-page-\(index)-\($0)") }, under: node, before: last)
            }
        case .offsetOfRandom:
            inputs = (0..<count).map { _ in rowCount == 0 ? .none : .row(random.below(rowCount + 1)) }
        case .rowAtOffsetRandom:
            inputs = (0..<count).map { _ in totalHeight == 0 ? .none : .offset(random.below(totalHeight)) }
        case .toggleHeavy:
            // The heaviest nodes none of which contains another: toggling a node hidden
            // under an earlier collapse would measure nothing.
            let sizes = Self.subtreeSizes(tree)
            // A node is inside a taken one when its preorder number falls in the taken
            // node's span: O(64) per node, whatever the depth (an ancestor walk is O(n·d)
            // on a chain).
            var preorder = [Int](repeating: 0, count: tree.slotCount)
            var next = 0
            tree.forEachInSubtree(of: Tree.root) { node in
                preorder[node.slot] = next
                next += 1
            }
            var heavy: [NodeIndex] = []
            var spans: [Range<Int>] = []
            // The heaviest 4,096 first (enough on every shape measured); all of them, sorted,
            // only when those hold fewer than 64 that do not nest.
            for taken in [4096, live.count] {
                let candidates = Self.largest(taken, of: live) { sizes[$0.slot] }
                for node in candidates {
                    if heavy.count == 64 { break }
                    let number = preorder[node.slot]
                    if !spans.contains(where: { $0.contains(number) }) {
                        spans.append(number..<number + sizes[node.slot])
                        heavy.append(node)
                    }
                }
                if heavy.count == 64 || candidates.count == live.count { break }
                heavy = []
                spans = []
            }
            inputs = (0..<count).map { _ in .node(heavy[random.below(heavy.count)]) }
        case .toggleLast:
            // The last top-level node with replies (toggling a leaf changes no rows), else the
            // last one.
            var last = tree.lastChild(of: Tree.root)
            while let node = last, tree.firstChild(of: node) == nil, let previous = tree.previousSibling(of: node) { last = previous }
            if let node = last, tree.firstChild(of: node) == nil { last = tree.lastChild(of: Tree.root) }
            inputs = (0..<count).map { _ in last.map(Input.node) ?? .none }
        case .toggleDeep:
            let parents = live.filter { tree.firstChild(of: $0) != nil }
            let deep = Self.largest(64, of: parents.isEmpty ? live : parents) { Int(tree.depth(of: $0)) }
            inputs = (0..<count).map { _ in .node(deep[random.below(deep.count)]) }
        case .rowAtRandom:
            inputs = (0..<count).map { _ in rowCount == 0 ? .none : .row(random.below(rowCount)) }
        case .insertReply:
            inputs = (0..<count).map { index in
                let parent = randomNode()
                return .insert(.string("bench-reply-\(index)"), under: parent, at: random.below(tree.childCount(of: parent) + 1))
            }
        case .removeSubtree:
            // Distinct small subtrees that do not contain one another: leaves and near-leaves;
            // where that finds less than half the inputs, the first nodes in postorder.
            let sizes = Self.subtreeSizes(tree)
            var candidates = live.filter { sizes[$0.slot] <= 16 }
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
            if chosen.count * 2 < min(count, live.count) {
                // Shapes whose small subtrees nest (a chain has one): peel the tree in postorder
                // instead, so that every removal finds its descendants removed before it and
                // takes one node.
                chosen = []
                tree.forEachInSubtreePostorder(of: Tree.root) { node in
                    if node != Tree.root && chosen.count < count { chosen.append(node) }
                }
            }
            inputs = chosen.map { .node($0) }
        }
    }

    /// The `count` nodes of `nodes` with the largest `key`, largest first, ties in the order
    /// of `nodes`: the first `count` of a stable sort by descending key, without sorting
    /// the rest.
    ///
    /// - Complexity: O(*n* log `count`) for *n* nodes (a heap of the best so far).
    static func largest(_ count: Int, of nodes: [NodeIndex], by key: (NodeIndex) -> Int) -> [NodeIndex] {
        // (key, position) pairs; the heap's top is the worst kept: the smallest key, then
        // the latest position.
        typealias Entry = (key: Int, position: Int)
        func worse(_ a: Entry, _ b: Entry) -> Bool { a.key != b.key ? a.key < b.key : a.position > b.position }
        var heap: [Entry] = []
        heap.reserveCapacity(min(count, nodes.count))
        func siftDown(_ start: Int) {
            var index = start
            while true {
                var worst = index
                let left = 2 * index + 1, right = left + 1
                if left < heap.count && worse(heap[left], heap[worst]) { worst = left }
                if right < heap.count && worse(heap[right], heap[worst]) { worst = right }
                if worst == index { return }
                heap.swapAt(index, worst)
                index = worst
            }
        }
        for (position, node) in nodes.enumerated() {
            let entry = (key: key(node), position: position)
            if heap.count < count {
                heap.append(entry)
                var index = heap.count - 1
                while index > 0, worse(heap[index], heap[(index - 1) / 2]) {
                    heap.swapAt(index, (index - 1) / 2)
                    index = (index - 1) / 2
                }
            } else if count > 0, worse(heap[0], entry) {
                heap[0] = entry
                siftDown(0)
            }
        }
        return heap.sorted { worse($1, $0) }.map { nodes[$0.position] }
    }

    static func subtreeSizes(_ tree: Tree) -> [Int] {
        var sizes = [Int](repeating: 1, count: tree.slotCount)
        tree.forEachInSubtreePostorder(of: Tree.root) { node in
            if node != Tree.root { sizes[tree.parent(of: node).slot] += sizes[node.slot] }
        }
        return sizes
    }
}
