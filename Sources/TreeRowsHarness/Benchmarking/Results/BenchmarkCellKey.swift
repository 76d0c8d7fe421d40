/// What names a benchmark cell: its strategy, corpus and operation, compared as three
/// strings (a name may hold any text, the separator of ``description`` too, so the joined
/// text is for people only).
public struct BenchmarkCellKey: Hashable, Sendable, CustomStringConvertible {
    public var strategy: String
    public var corpus: String
    public var operation: String

    /// The key of `result`'s cell.
    public init(_ result: BenchmarkResult) {
        self.init(strategy: result.strategy, corpus: result.corpus, operation: result.operation)
    }

    public init(strategy: String, corpus: String, operation: String) {
        self.strategy = strategy
        self.corpus = corpus
        self.operation = operation
    }

    /// `strategy · corpus · operation`.
    public var description: String { "\(strategy) · \(corpus) · \(operation)" }
}
