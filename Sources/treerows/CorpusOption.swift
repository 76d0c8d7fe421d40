import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora

/// `--corpus NAME|PATH`: a corpus file in any supported layout, or the name of a built-in
/// recorded or synthetic corpus.
struct CorpusOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A corpus file (.trows, JSON Lines, CSV, optionally gzip-compressed) or a built-in corpus name (see `treerows corpus list`).",
        valueName: "name|path"))
    var corpus: String

    /// Reads or generates the corpus.
    func load() throws(CommandFailure) -> Corpus {
        do { return try Catalog.shared.load(corpus) } catch { throw CommandFailure(message: error.description) }
    }
}

/// The catalog the tool uses: `./Corpora`, then the `Corpora` folder of the package this
/// tool was built from.
enum Catalog {
    static let shared = CorpusCatalog(root: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path)
}

/// Parses `--strategy` values.
enum StrategyName {
    /// The built-in strategy named `name`, or a failure listing the names.
    static func resolve(_ name: String) throws(CommandFailure) -> any RowStrategy.Type {
        guard let strategy = BuiltinStrategies.named(name) else {
            throw CommandFailure(message: "unknown strategy \"\(name)\". Fix: use one of \(BuiltinStrategies.names.joined(separator: ", "))")
        }
        return strategy
    }
}
