import TreeRows

/// A thread being read from a service's document: its comments and load-more rows in the
/// order the service shows them, each with its parent, then assembled into a ``Corpus``.
///
/// Siblings keep the order in which they are added, whatever order the parents come in, so a
/// reader may walk its document in any order that adds each parent's replies in display order.
struct ThreadBuilder {
    /// The format being read.
    let format: ThreadFormat
    private var assembler: TreeAssembler
    /// Where each record was found, for errors.
    private var places: [String] = []
    private var pages: [CorpusPage] = []
    /// The load-more rows' ids so far, so that each is unique.
    private var loadMoreRows: Set<NodeID> = []

    init(_ format: ThreadFormat, file: String) {
        self.format = format
        assembler = TreeAssembler(file: file)
    }

    /// The file being read.
    var file: String { assembler.file }

    /// How many comments and load-more rows were added.
    var count: Int { assembler.records.count }

    /// Adds a comment, a top-level one when `parent` is `nil`.
    ///
    /// - Complexity: O(1) amortized.
    mutating func comment(_ id: NodeID, parent: NodeID?, time: Int64?, score: Int64?, at place: String) {
        places.append(place)
        assembler.records.append(TreeAssembler.Record(id: id, parent: parent, time: time, score: score, line: places.count))
    }

    /// Adds a load-more row after `parent`'s replies so far, standing for `hidden` replies the
    /// file does not hold (0...2^31 - 1, as ``hiddenCount(_:_:at:)`` reads them), with an id
    /// made from `name` that no other row has.
    ///
    /// - Complexity: O(1) expected.
    mutating func loadMoreRow(_ name: String, parent: NodeID?, hidden: Int, at place: String) {
        var id = NodeID.string(name)
        var suffix = 1
        while !loadMoreRows.insert(id).inserted {
            suffix += 1
            id = .string("\(name)~\(suffix)")
        }
        precondition((0...Int(Int32.max)).contains(hidden), "a hidden count outside what a page holds")
        comment(id, parent: parent, time: nil, score: nil, at: place)
        pages.append(CorpusPage(loadMoreRow: id, hiddenReplies: hidden))
    }

    /// An error at `place` in the document.
    func failure(_ place: String, _ problem: String) -> CorpusError {
        CorpusError(file: file, problem: "\(place): \(problem)",
                    fix: "pass the \(format.name) as the service returned it, or convert it to JSON Lines ({\"id\", \"parent\", \"time\", \"score\"})")
    }

    /// The thread as a corpus. Its header names the format and `members` (the thread's title,
    /// id, URL), and holds its pages.
    ///
    /// - Throws: ``CorpusError`` for a thread without comments, a duplicate id, an unknown
    ///   parent or a cycle, each at its place in the document.
    /// - Complexity: O(*n*) expected for *n* rows.
    func corpus(_ members: [(key: String, value: JSONValue)]) throws(CorpusError) -> Corpus {
        guard count > 0 else {
            throw CorpusError(file: file, problem: "the \(format.name) holds no comments: no nodes",
                              fix: "save a thread that has replies")
        }
        var assembler = assembler
        let places = places
        assembler.placeName = { places[$0 - 1] }
        let tree = try assembler.assemble()
        // The pages in preorder of their rows, whatever order the document was walked in.
        var rank: [NodeID: Int] = [:]
        if !pages.isEmpty {
            let rows = Set(pages.map(\.loadMoreRow))
            var position = 0
            tree.forEachVisibleDescendant(of: Tree.root) { node in
                let id = tree.id(of: node)
                if rows.contains(id) { rank[id] = position }
                position += 1
            }
        }
        let pages = pages.sorted { rank[$0.loadMoreRow]! < rank[$1.loadMoreRow]! }
        var header: [(key: String, value: JSONValue)] = [("source", .string(format.name))] + members
        if !pages.isEmpty { header.append((CorpusPage.headerKey, CorpusPage.headerValue(pages))) }
        return Corpus(tree: tree, header: .object(header), file: file, pages: pages)
    }
}
