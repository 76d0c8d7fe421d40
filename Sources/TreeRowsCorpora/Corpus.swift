import TreeRows

/// A tree read from a file, with what the file said about itself.
public struct Corpus: Sendable {
    /// The tree, every node expanded.
    public var tree: Tree
    /// The file's header line (source, license, …), if it had one.
    public var header: JSONValue?
    /// The file the tree came from, as the user named it.
    public var file: String
    /// The thread's pages not yet loaded (its header's `pages`): an importer's in preorder of
    /// their load-more rows, a header's in its order.
    public var pages: [CorpusPage]
    /// The rows that stand for comments a saved page does not hold (its header's
    /// `missingParents`, see ``MissingParentRows``), in preorder for an importer's.
    public var missingParents: [NodeID]

    /// Creates a corpus.
    public init(tree: Tree, header: JSONValue?, file: String, pages: [CorpusPage] = [], missingParents: [NodeID] = []) {
        self.tree = tree
        self.header = header
        self.file = file
        self.pages = pages
        self.missingParents = missingParents
    }

    /// The rows that are comments: every node but the load-more rows and the rows standing
    /// for missing parents.
    ///
    /// - Complexity: O(1).
    public var commentCount: Int { tree.nodeCount - pages.count - missingParents.count }
}
