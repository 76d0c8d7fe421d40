import ArgumentParser
import TreeRows
import TreeRowsCorpora

/// `treerows rows`: print the visible rows as `<depth><TAB><id>`.
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows",
        abstract: "Print the visible rows of a corpus, one per line as <depth><TAB><id>[<TAB><offset>].",
        discussion: """
            The sort (siblings at every level, stably) comes first, then the collapses, in order, through the \
            strategy's own operations. With --heights every row gets a height from the model and a third column: \
            the content offset of its top (the strategy's offset of the first row of each window of 65,536 rows, \
            then the heights added on). In ids, a backslash, tab, line feed or \
            carriage return is printed as \\\\, \\t, \\n or \\r, so every row is one line.
            """
    )

    @OptionGroup var corpus: CorpusOption

    @Option(help: "The strategy: \(ToolStrategies.names.joined(separator: ", ")).")
    var strategy = RangeCountsStrategy.name

    @Option(help: ArgumentHelp("Node ids to collapse, in order, separated by commas, written as rows prints them (a comma in an id as \\,);"
                               + " int:ID or str:ID picks the kind where a file has both 1 and \"1\".",
                               valueName: "id,id,..."))
    var collapse: String?

    @Option(help: ArgumentHelp("Sort siblings at every level: time, score or replies, optionally with -desc.", valueName: "order"))
    var sort: String?

    @Flag(help: "Add the content offset of each row (heights from --height-model).")
    var heights = false

    @Option(help: ArgumentHelp("Row heights with --heights: \(RowHeightModel.names.joined(separator: ", ")) (default: text).", valueName: "model"))
    var heightModel: String?

    func run() throws {
        let strategyType = try ToolStrategies.resolve(strategy)
        let order = try sort.map { (text: String) throws(CommandFailure) -> SiblingOrder in
            guard let order = SiblingOrder(text) else {
                throw CommandFailure(message: "unknown sort order \"\(text.echoed)\" in --sort. Fix: use one of "
                    + SiblingOrder.all.map(\.description).joined(separator: ", "))
            }
            return order
        }
        if heightModel != nil && !heights {
            throw CommandFailure(message: "--height-model sets the heights that --heights adds, and --heights is not given. Fix: add --heights")
        }
        let heightModel = heightModel ?? "text"
        let model: RowHeightModel
        do { model = try RowHeightModel(validating: heightModel) } catch { throw CommandFailure(option: "--height-model", error) }
        var loaded = try corpus.load()
        if heights { model.apply(to: &loaded.tree) }
        let nodes = try (collapse.map(Self.idList) ?? []).map { (text: String) throws(CommandFailure) -> NodeIndex in
            try Self.node(named: text, in: loaded)
        }
        var output = OutputBuffer()
        Self.printRows(strategyType.init(tree: loaded.tree), sortedBy: order, collapsing: nodes, offsets: heights, to: &output)
        output.flush()
    }

    /// Resolves an id typed on the command line: `int:N` is the integer id N, `str:X` the
    /// string id X; a bare id is whichever of the two kinds the file has, and ambiguous when
    /// it has both (`1` and `"1"`).
    static func node(named text: String, in corpus: Corpus) throws(CommandFailure) -> NodeIndex {
        let candidates: [NodeID]
        if text.hasPrefix("int:"), let value = Int64(text.dropFirst(4)) {
            candidates = [.integer(value)]
        } else if text.hasPrefix("str:") {
            candidates = [.string(String(text.dropFirst(4)))]
        } else {
            candidates = [.string(text)] + (Int64(text).map { [NodeID.integer($0)] } ?? [])
        }
        let found = candidates.compactMap { id in corpus.tree.index(of: id).map { (id, $0) } }
        guard found.count < 2 else {
            throw CommandFailure(message: "node id \"\(text.echoed)\" in --collapse is ambiguous: \(corpus.file) has both the integer id \(text.echoed)"
                + " and the string id \"\(text.echoed)\". Fix: write int:\(text.echoed) or str:\(text.echoed)")
        }
        guard let (_, node) = found.first else {
            // A string id that starts like a prefix (`int:5`, `str:x`) is named with str:.
            if text.hasPrefix("int:") || text.hasPrefix("str:"), corpus.tree.index(of: .string(text)) != nil {
                throw CommandFailure(message: "node id \"\(text.echoed)\" in --collapse reads as \(text.prefix(3)): and the id after it, which no node"
                    + " of \(corpus.file) has; the string id \"\(text.echoed)\" is there. Fix: write str:\(escaped(text))")
            }
            throw CommandFailure(message: "unknown node id \"\(text.echoed)\" in --collapse: no node of \(corpus.file) has this id."
                + " Fix: use ids from the file's \"id\" fields, written as rows prints them (a comma in an id as \\,)")
        }
        return node
    }

    /// The ids of `--collapse`: split at each comma, and read with the escapes `rows` prints
    /// ids with (`\\`, `\t`, `\n`, `\r`, `\0`, `\u{HEX}`), plus `\,` for a comma in an id.
    ///
    /// - Throws: ``CommandFailure`` for an empty list, an empty item (two commas in a row, or
    ///   one at an end) or an unknown escape.
    /// - Complexity: O(*c*) for *c* characters.
    static func idList(_ text: String) throws(CommandFailure) -> [String] {
        let fix = "Fix: separate node ids by single commas, write a comma inside an id as \\, and a backslash as \\\\"
        var ids: [String] = [], current = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        func finish() throws(CommandFailure) {
            guard !current.isEmpty else {
                throw CommandFailure(message: "--collapse \"\(text.echoed)\" has an empty id (a comma at an end, or two in a row;"
                    + " the empty string id is str:). \(fix)")
            }
            ids.append(String(current))
            current = String.UnicodeScalarView()
        }
        while let scalar = scalars.next() {
            switch scalar {
            case ",": try finish()
            case "\\":
                switch scalars.next() {
                case "\\": current.append("\\")
                case ",": current.append(",")
                case "t": current.append("\t")
                case "n": current.append("\n")
                case "r": current.append("\r")
                case "0": current.append("\0")
                case "u":
                    var hex = "", closed = false
                    if scalars.next() == "{" {
                        while let digit = scalars.next() {
                            if digit == "}" { closed = true; break }
                            hex.unicodeScalars.append(digit)
                        }
                    }
                    guard closed, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
                        throw CommandFailure(message: "--collapse \"\(text.echoed)\": \\u must be followed by {HEX}, a Unicode scalar. \(fix)")
                    }
                    current.append(decoded)
                case let other:
                    throw CommandFailure(message: "--collapse \"\(text.echoed)\": unknown escape \\\(other.map { String($0) }.map { $0.echoed } ?? "at the end"). \(fix)")
                }
            default: current.append(scalar)
            }
        }
        try finish()
        return ids
    }

    private static func printRows<S: RowStrategy>(
        _ strategy: S, sortedBy order: SiblingOrder?, collapsing nodes: [NodeIndex], offsets: Bool, to output: inout OutputBuffer
    ) {
        var strategy = strategy
        if let order { _ = strategy.sortSiblings(by: order) }
        for node in nodes { _ = strategy.collapse(node) }
        let tree = strategy.tree  // once: each access through the protocol copies the tree's arrays
        // Windows of rows, as a list view would ask for them.
        for start in stride(from: 0, to: strategy.rowCount, by: 1 << 16) {
            let window = start..<min(start + (1 << 16), strategy.rowCount)
            // The window's first offset from the strategy, then its rows' heights added on.
            var offset = offsets ? strategy.offset(ofRow: start) : 0
            for row in strategy.rows(in: window) {
                output.write("\(row.depth)\t\(escaped(tree.id(of: row.node).description))")
                if offsets {
                    output.write("\t\(offset)")
                    offset += Int(tree.height(of: row.node))
                }
                output.write("\n")
            }
        }
    }

    /// `id` on one line, reversibly: a backslash doubled, then every control character
    /// shown as `escapingControls()` shows it (`\t`, `\n`,
    /// `\r`, `\0`, `\u{1B}`), so an id from a file can neither split a row nor drive the
    /// terminal.
    ///
    /// - Complexity: O(*n*) for *n* characters; the id itself when nothing needs escaping.
    static func escaped(_ id: String) -> String {
        (id.utf8.contains(0x5C) ? id.replacingOccurrences(of: "\\", with: "\\\\") : id).escapingControls()
    }
}
