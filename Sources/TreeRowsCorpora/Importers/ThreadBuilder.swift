import TreeRows

/// A thread being read from a service's document: its comments and load-more rows in the
/// order the service shows them, each with its parent, then assembled into a ``Corpus``.
///
/// Siblings keep the order in which they are added, whatever order the parents come in, so a
/// reader may walk its document in any order that adds each parent's replies in display order;
/// a load-more row comes last among its siblings, whenever it was added.
///
/// A reply whose parent the document does not hold (a saved page of a longer thread) is one
/// rule for every format: it goes under a row standing for that parent (``MissingParentRows``),
/// which goes under the rows standing for the missing ancestors the service names above it,
/// so that the reply keeps the depth the service gives. A reader passes the service's parent
/// as it is, and `nil` only for a reply to the thread itself.
struct ThreadBuilder {
    /// The format being read.
    let format: ThreadFormat
    private var assembler: TreeAssembler
    /// Where each record was found, for errors.
    private var places: [String] = []
    private var pages: [CorpusPage] = []
    /// The load-more rows' ids so far, so that each is unique.
    private var loadMoreRows: Set<NodeID> = []
    /// The ancestors above a record's parent, from the top down, where its format gives them
    /// (keyed by the record's index).
    private var ancestors: [Int: [NodeID]] = [:]

    init(_ format: ThreadFormat, file: String) {
        self.format = format
        assembler = TreeAssembler(file: file)
    }

    /// The file being read.
    var file: String { assembler.file }

    /// How many comments and load-more rows were added.
    var count: Int { assembler.records.count }

    /// Adds a comment, a top-level one when `parent` is `nil`. `ancestors` are the comments
    /// above `parent`, from the top level down, where the service gives the whole path (each
    /// that the document lacks gets a row standing for it, see ``corpus(_:)``).
    ///
    /// - Complexity: O(1) amortized, and O(*a*) for *a* ancestors.
    mutating func comment(_ id: NodeID, parent: NodeID?, ancestors: [NodeID] = [], time: Int64?, score: Int64?, at place: String) {
        if !ancestors.isEmpty, parent != nil { self.ancestors[places.count] = ancestors }
        places.append(place)
        assembler.records.append(TreeAssembler.Record(id: id, parent: parent, time: time, score: score, line: places.count))
    }

    /// Adds a load-more row after `parent`'s replies (its last child, whatever is added after
    /// it), standing for `hidden` replies the file does not hold (0...2^31 - 1, as
    /// ``hiddenCount(_:_:at:)`` reads them), with an id made from `name` that no other row has.
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
    /// id, URL), and holds its pages and its rows standing for missing parents.
    ///
    /// - Throws: ``CorpusError`` for a thread without comments, a duplicate id or a cycle,
    ///   each at its place in the document.
    /// - Complexity: O(*n* + *a*) expected for *n* rows and *a* ancestors given.
    func corpus(_ members: [(key: String, value: JSONValue)]) throws(CorpusError) -> Corpus {
        guard count > 0 else {
            throw CorpusError(file: file, problem: "the \(format.name) holds no comments: no nodes",
                              fix: "save a thread that has replies")
        }
        var assembler = assembler
        let (records, places, standIns) = withMissingParents()
        // Each load-more row last among its siblings, as loading a page needs, whatever came after it.
        let rows = Set(pages.map(\.loadMoreRow))
        assembler.records = records.filter { !rows.contains($0.id) } + records.filter { rows.contains($0.id) }
        assembler.placeName = { places[$0 - 1] }
        let tree = try assembler.assemble()
        // The pages and stand-ins in preorder of their rows, whatever order the document was walked in.
        var rank: [NodeID: Int] = [:]
        if !pages.isEmpty || !standIns.isEmpty {
            let rows = rows.union(standIns)
            var position = 0
            tree.forEachVisibleDescendant(of: Tree.root) { node in
                let id = tree.id(of: node)
                if rows.contains(id) { rank[id] = position }
                position += 1
            }
        }
        let pages = pages.sorted { rank[$0.loadMoreRow]! < rank[$1.loadMoreRow]! }
        let missing = standIns.sorted { rank[$0]! < rank[$1]! }
        var header: [(key: String, value: JSONValue)] = [("source", .string(format.name))] + members
        if !pages.isEmpty { header.append((CorpusPage.headerKey, CorpusPage.headerValue(pages))) }
        if !missing.isEmpty { header.append((MissingParentRows.headerKey, MissingParentRows.headerValue(missing))) }
        return Corpus(tree: tree, header: .object(header), file: file, pages: pages, missingParents: missing)
    }

    /// The records with a row standing for each parent the document lacks (and for each
    /// missing ancestor the service names above it), each just before the first reply that
    /// needs it, so that it takes that reply's place among its own siblings; their places; and
    /// the ids of the rows added.
    ///
    /// - Complexity: O(*n* + *a*) expected.
    private func withMissingParents() -> (records: [TreeAssembler.Record], places: [String], standIns: [NodeID]) {
        let records = assembler.records
        let held = Set(records.map(\.id))
        guard records.contains(where: { $0.parent.map { !held.contains($0) } ?? false }) else { return (records, places, []) }
        var result: [TreeAssembler.Record] = []
        var resultPlaces: [String] = []
        var standIns: [NodeID] = []
        var stood = Set<NodeID>()
        result.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if let parent = record.parent, !held.contains(parent), !stood.contains(parent) {
                // From the deepest ancestor present (held, or already stood in for) down to the parent.
                let chain = (ancestors[index] ?? []) + [parent]
                let start = chain.lastIndex { held.contains($0) || stood.contains($0) }.map { $0 + 1 } ?? 0
                for position in start..<chain.count {
                    let id = chain[position]
                    stood.insert(id)
                    standIns.append(id)
                    resultPlaces.append("the comment \(TreeAssembler.quoted(id)) that \(places[index]) replies to (not in the document)")
                    result.append(TreeAssembler.Record(id: id, parent: position == 0 ? nil : chain[position - 1], time: nil, score: nil,
                                                       line: resultPlaces.count))
                }
            }
            var record = record
            resultPlaces.append(places[index])
            record.line = resultPlaces.count
            result.append(record)
        }
        return (result, resultPlaces, standIns)
    }
}
