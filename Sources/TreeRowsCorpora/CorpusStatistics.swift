import TreeRows

/// The shape of a tree in numbers: what `treerows corpus stats` prints and what the
/// generators are calibrated by.
public struct CorpusStatistics: Equatable, Sendable {
    /// Live nodes: every row, comments, load-more rows and rows standing for missing parents.
    public var nodes: Int
    /// The rows that are comments (``nodes`` less the two kinds below).
    public var comments: Int
    /// Load-more rows: leaves standing for replies a saved thread does not hold (``CorpusPage``).
    public var loadMoreRows: Int
    /// Rows standing for comments a saved page lacks, with the replies it holds below them
    /// (``MissingParentRows``).
    public var missingParentRows: Int
    /// Top-level nodes, of every kind.
    public var topLevel: Int
    /// Top-level comments (``topLevel`` less load-more rows and rows for missing parents).
    public var topLevelComments: Int
    /// The largest depth (top level = 0); -1 for an empty tree.
    public var maxDepth: Int
    /// The largest number of children of one node.
    public var maxFanout: Int
    /// Nodes without children.
    public var leaves: Int
    /// `depthHistogram[d]`: the number of nodes at depth `d`.
    public var depthHistogram: [Int]
    /// `fanoutHistogram[k]`: the number of nodes with `k` children.
    public var fanoutHistogram: [Int]
    /// Subtree sizes (a node and all its descendants) over all nodes, at ``percentiles``.
    public var subtreeSizePercentiles: [Int]
    /// Sizes of the top-level threads, at ``percentiles``.
    public var threadSizePercentiles: [Int]
    /// Nodes that start collapsed.
    public var collapsed: Int

    /// The percentiles reported: 50, 90, 99 and 100 (the maximum).
    public static let percentiles = [50, 90, 99, 100]

    /// Measures a corpus's tree, telling its comments from its load-more rows and its rows
    /// standing for missing parents.
    ///
    /// - Complexity: O(*n* log *n*) (sorting for the percentiles); O(*n*) memory.
    public init(_ corpus: Corpus) {
        self.init(corpus.tree)
        let tree = corpus.tree
        let rows = Set(corpus.pages.map(\.loadMoreRow) + corpus.missingParents)
        loadMoreRows = corpus.pages.count
        missingParentRows = corpus.missingParents.count
        comments = corpus.commentCount
        topLevelComments = tree.children(of: Tree.root).filter { !rows.contains(tree.id(of: $0)) }.count
    }

    /// Measures `tree`, every node a comment.
    ///
    /// - Complexity: O(*n* log *n*) (sorting for the percentiles); O(*n*) memory.
    public init(_ tree: Tree) {
        var sizes = ContiguousArray<Int32>(repeating: 1, count: tree.slotCount)
        var depthHistogram: [Int] = []
        var fanoutHistogram: [Int] = []
        var leaves = 0
        var collapsed = 0
        tree.forEachInSubtreePostorder(of: Tree.root) { node in
            var children = 0
            var child = tree.firstChild(of: node)
            while let current = child {
                sizes[node.slot] += sizes[current.slot]
                children += 1
                child = tree.nextSibling(of: current)
            }
            guard node != Tree.root else { return }
            let depth = Int(tree.depth(of: node))
            if depth >= depthHistogram.count { depthHistogram += Array(repeating: 0, count: depth + 1 - depthHistogram.count) }
            depthHistogram[depth] += 1
            if children >= fanoutHistogram.count {
                fanoutHistogram += Array(repeating: 0, count: children + 1 - fanoutHistogram.count)
            }
            fanoutHistogram[children] += 1
            if children == 0 { leaves += 1 }
            if !tree.isExpanded(node) { collapsed += 1 }
        }
        let allSizes = tree.nodes.map { Int(sizes[$0.slot]) }
        let threadSizes = tree.children(of: Tree.root).map { Int(sizes[$0.slot]) }
        nodes = tree.nodeCount
        comments = nodes
        loadMoreRows = 0
        missingParentRows = 0
        topLevel = threadSizes.count
        topLevelComments = topLevel
        maxDepth = depthHistogram.count - 1
        maxFanout = fanoutHistogram.count - 1
        self.leaves = leaves
        self.depthHistogram = depthHistogram
        self.fanoutHistogram = fanoutHistogram
        subtreeSizePercentiles = Self.percentiles(of: allSizes)
        threadSizePercentiles = Self.percentiles(of: threadSizes)
        self.collapsed = collapsed
    }

    /// Nearest-rank percentiles of `values` at ``percentiles`` (zeros when empty).
    static func percentiles(of values: [Int]) -> [Int] {
        guard !values.isEmpty else { return percentiles.map { _ in 0 } }
        let sorted = values.sorted()
        return percentiles.map { percent in sorted[max(0, (percent * sorted.count + 99) / 100 - 1)] }
    }

    /// The mean depth of a node.
    public var meanDepth: Double {
        nodes == 0 ? 0 : Double(depthHistogram.enumerated().reduce(0) { $0 + $1.offset * $1.element }) / Double(nodes)
    }

    /// The statistics as one JSON object (keys `nodes`, `comments`, `loadMoreRows`,
    /// `missingParentRows`, `topLevel`, `topLevelComments`, `maxDepth`, `maxFanout`, …).
    public var json: JSONValue {
        func list(_ values: [Int]) -> JSONValue { .array(values.map { .integer($0) }) }
        func percentileObject(_ values: [Int]) -> JSONValue {
            .object(zip(Self.percentiles, values).map { ("p\($0)", .integer($1)) })
        }
        return .object([
            ("nodes", .integer(nodes)), ("comments", .integer(comments)), ("loadMoreRows", .integer(loadMoreRows)),
            ("missingParentRows", .integer(missingParentRows)), ("topLevel", .integer(topLevel)),
            ("topLevelComments", .integer(topLevelComments)), ("maxDepth", .integer(maxDepth)),
            ("maxFanout", .integer(maxFanout)), ("leaves", .integer(leaves)), ("collapsed", .integer(collapsed)),
            ("meanDepth", .number(String(Double(Int(meanDepth * 1000)) / 1000))),
            ("depthHistogram", list(depthHistogram)), ("fanoutHistogram", list(fanoutHistogram)),
            ("subtreeSizePercentiles", percentileObject(subtreeSizePercentiles)),
            ("threadSizePercentiles", percentileObject(threadSizePercentiles)),
        ])
    }
}
