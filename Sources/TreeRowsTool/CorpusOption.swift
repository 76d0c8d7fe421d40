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
        do { return try Catalog.shared.load(corpus) } catch { throw CommandFailure(message: error.description) }
    }
}

/// The catalog the tool uses: `./Corpora` (a user's own named corpora), then the corpora
/// that ship with TreeRows, found from the package.
enum Catalog {
    static let shared = CorpusCatalog(folders: ["Corpora"] + CorpusCatalog.builtin.corporaFolders)
}
