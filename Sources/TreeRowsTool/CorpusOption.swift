import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora

/// `--corpus NAME|PATH`: a corpus file in any supported layout, or the name of a built-in
/// recorded or synthetic corpus.
struct CorpusOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A corpus file (.trows, JSON Lines, CSV, optionally gzip-compressed) or a built-in corpus name (see `corpus list`).",
        valueName: "name|path"))
    var corpus: String

    /// Reads or generates the corpus.
    func load() throws(CommandFailure) -> Corpus {
        do { return try ToolCatalog.shared.load(corpus) } catch { throw CommandFailure(message: error.description) }
    }
}
