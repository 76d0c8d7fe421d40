import TreeRows

extension BenchmarkWorkload {
    /// Toggle a uniformly chosen node.
    public static let toggleRandom = BenchmarkWorkload("toggle-random", ToggleWorkload(choice: .random))
    /// Toggle one of the nodes with the largest subtrees.
    public static let toggleHeavy = BenchmarkWorkload("toggle-heavy", ToggleWorkload(choice: .heavy))
    /// Toggle one of the deepest nodes that have children.
    public static let toggleDeep = BenchmarkWorkload("toggle-deep", ToggleWorkload(choice: .deep))
    /// Toggle the last top-level node that has replies (the last one if none has): the worst
    /// case for a linear scan of the top-level list.
    public static let toggleLast = BenchmarkWorkload("toggle-last", ToggleWorkload(choice: .last))
    /// Accordion-expand a uniformly chosen node that has children.
    public static let accordionExpand = BenchmarkWorkload("accordion-expand", AccordionExpandWorkload())
}

/// `toggle(_:)` of a node chosen one of four ways.
struct ToggleWorkload: BenchmarkWorkloadBody {
    /// How the toggled nodes are chosen.
    enum Choice {
        case random, heavy, deep, last
    }

    var choice: Choice

    /// - Complexity: O(*n* + `count`); O(*n* log 4,096) for the heavy choice, O(*n* log 64)
    ///   for the deep one.
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        let tree = source.tree
        switch choice {
        case .random:
            return (0..<count).map { _ in .node(source.randomNode(&random)) }
        case .heavy:
            let heavy = Self.heaviestDisjoint(64, in: source)
            return (0..<count).map { _ in .node(heavy[random.below(heavy.count)]) }
        case .deep:
            let deep = BenchmarkCellInputs.largest(64, of: source.parents) { Int(tree.depth(of: $0)) }
            return (0..<count).map { _ in .node(deep[random.below(deep.count)]) }
        case .last:
            // The last top-level node with replies (toggling a leaf changes no rows), else the
            // last one.
            var last = tree.lastChild(of: Tree.root)
            while let node = last, tree.firstChild(of: node) == nil, let previous = tree.previousSibling(of: node) { last = previous }
            if let node = last, tree.firstChild(of: node) == nil { last = tree.lastChild(of: Tree.root) }
            return (0..<count).map { _ in last.map(BenchmarkInput.node) ?? .none }
        }
    }

    /// The `wanted` heaviest nodes none of which contains another: toggling a node hidden
    /// under an earlier collapse would measure nothing.
    ///
    /// - Complexity: O(*n* log 4,096) when the heaviest 4,096 hold `wanted` that do not
    ///   nest (every shape measured), else O(*n* log *n*).
    static func heaviestDisjoint(_ wanted: Int, in source: BenchmarkTree) -> [NodeIndex] {
        let tree = source.tree
        let sizes = BenchmarkCellInputs.subtreeSizes(tree)
        // A node is inside a taken one when its preorder number falls in the taken node's
        // span: O(wanted) per node, whatever the depth (an ancestor walk is O(n·d) on a chain).
        var preorder = [Int](repeating: 0, count: tree.slotCount)
        var next = 0
        tree.forEachInSubtree(of: Tree.root) { node in
            preorder[node.slot] = next
            next += 1
        }
        var heavy: [NodeIndex] = []
        var spans: [Range<Int>] = []
        for taken in [4096, source.live.count] {
            let candidates = BenchmarkCellInputs.largest(taken, of: source.live) { sizes[$0.slot] }
            for node in candidates {
                if heavy.count == wanted { break }
                let number = preorder[node.slot]
                if !spans.contains(where: { $0.contains(number) }) {
                    spans.append(number..<number + sizes[node.slot])
                    heavy.append(node)
                }
            }
            if heavy.count == wanted || candidates.count == source.live.count { break }
            heavy = []
            spans = []
        }
        return heavy
    }

    /// Sixteen toggles a sample: a toggle takes tens of nanoseconds in the fast strategies,
    /// and toggling back and forth leaves the tree as it was, however many are timed.
    var timedBatch: Int { 16 }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case .node(let node) = input else { return nil }
        return .toggle(node)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .node(let node) in inputs { checksum &+= strategy.toggle(node).deletedCount }
        return checksum
    }
}

/// `accordionExpand(_:)` of a node that has children.
struct AccordionExpandWorkload: BenchmarkWorkloadBody {
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput] {
        let pool = source.parents
        return (0..<count).map { _ in .node(pool[random.below(pool.count)]) }
    }

    /// Sixteen a sample, as toggles.
    var timedBatch: Int { 16 }

    func change(for input: BenchmarkInput) -> TreeOperation? {
        guard case .node(let node) = input else { return nil }
        return .accordionExpand(node)
    }

    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int {
        var checksum = 0
        for case .node(let node) in inputs { checksum &+= strategy.accordionExpand(node).insertedCount }
        return checksum
    }
}
