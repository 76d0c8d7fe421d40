import TreeRows

/// The inputs of every sample of one benchmark cell, drawn before anything is timed, the
/// same for every strategy.
package struct BenchmarkCellInputs {
    var inputs: [BenchmarkInput]

    /// Given inputs.
    init(inputs: [BenchmarkInput]) { self.inputs = inputs }

    /// Draws `count` inputs for `operation` on `tree` from `seed` (no inputs but `.none` on
    /// a tree without nodes). `loadMoreRows` are the thread's own load-more rows, where it
    /// has pages not yet loaded.
    ///
    /// - Complexity: O(*n*) for *n* nodes, plus what the operation's
    ///   ``BenchmarkWorkloadBody/inputs(on:count:random:)`` takes.
    init(_ operation: BenchmarkWorkload, tree: Tree, rowCount: Int, totalHeight: Int, count: Int, seed: UInt64,
         loadMoreRows: [NodeIndex] = []) {
        var random = SplitMix64(seed: seed)
        let source = BenchmarkTree(tree: tree, live: tree.nodes, rowCount: rowCount, totalHeight: totalHeight, loadMoreRows: loadMoreRows)
        guard !source.live.isEmpty else {
            inputs = Array(repeating: .none, count: count)
            return
        }
        inputs = operation.body.inputs(on: source, count: count, random: &random)
    }

    /// The rows of `tree` and the sum of their heights, what input drawing needs of them.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    static func visibleTotals(of tree: Tree) -> (rows: Int, height: Int) {
        var totals = (rows: 0, height: 0)
        tree.forEachVisibleDescendant(of: Tree.root) { node in
            totals.rows += 1
            totals.height += Int(tree.height(of: node))
        }
        return totals
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
