import ArgumentParser
import TreeRows
import TreeRowsCorpora

/// `treerows rows`: print the visible rows as `<depth><TAB><id>`.
struct RowsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rows",
        abstract: "Print the visible rows of a corpus, one per line as <depth><TAB><id>.",
        discussion: """
            Collapses are applied in order through the strategy's collapse operation. In ids, a backslash, \
            tab, line feed or carriage return is printed as \\\\, \\t, \\n or \\r, so every row is one line.
            """
    )

    @OptionGroup var corpus: CorpusOption

    @Option(help: "The strategy: \(BuiltinStrategies.names.joined(separator: ", ")).")
    var strategy = RangeCountsStrategy.name

    @Option(help: ArgumentHelp("Node ids to collapse, in order, separated by commas.", valueName: "id,id,..."))
    var collapse: String?

    func run() throws {
        let strategyType = try StrategyName.resolve(strategy)
        let loaded = try corpus.load()
        let nodes = try (collapse ?? "").split(separator: ",", omittingEmptySubsequences: true).map {
            (text: Substring) throws(CommandFailure) -> NodeIndex in
            try Self.node(named: String(text), in: loaded)
        }
        var output = OutputBuffer()
        Self.printRows(strategyType.init(tree: loaded.tree), collapsing: nodes, to: &output)
        output.flush()
    }

    /// Resolves an id typed on the command line: a string id, or else an integer id.
    static func node(named text: String, in corpus: Corpus) throws(CommandFailure) -> NodeIndex {
        if let node = corpus.tree.index(of: .string(text)) { return node }
        if let value = Int64(text), let node = corpus.tree.index(of: .integer(value)) { return node }
        throw CommandFailure(message: "unknown node id \"\(text)\" in --collapse: no node of \(corpus.file) has this id."
            + " Fix: use ids from the file's \"id\" fields")
    }

    private static func printRows<S: RowStrategy>(_ strategy: S, collapsing nodes: [NodeIndex], to output: inout OutputBuffer) {
        var strategy = strategy
        for node in nodes { _ = strategy.collapse(node) }
        let tree = strategy.tree  // once: each access through the protocol copies the tree's arrays
        // Windows of rows, as a list view would ask for them.
        for start in stride(from: 0, to: strategy.rowCount, by: 1 << 16) {
            for row in strategy.rows(in: start..<min(start + (1 << 16), strategy.rowCount)) {
                output.write("\(row.depth)\t\(escaped(tree.id(of: row.node).description))\n")
            }
        }
    }

    /// `id` with backslash, tab, line feed and carriage return escaped, so a row stays one line.
    static func escaped(_ id: String) -> String {
        guard id.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return id }
        var result = ""
        for character in id.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
