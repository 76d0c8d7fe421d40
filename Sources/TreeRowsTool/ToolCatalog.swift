import TreeRowsCorpora

/// The catalog the tool uses: `./Corpora` (a user's own named corpora), then the corpora
/// that ship with TreeRows, found from the package.
enum ToolCatalog {
    /// The catalog of every command that takes a corpus name.
    static let shared = CorpusCatalog(folders: ["Corpora"] + CorpusCatalog.builtin.corporaFolders)
}
