/// A problem with an input file: where it is, what is wrong, and how to fix it.
///
/// Its description reads `FILE:LINE: what is wrong. Fix: what to do` (`FILE: byte N: …` for
/// binary input).
public struct CorpusError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The file as the user named it.
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// The 0-based byte offset, for binary input.
    public var byteOffset: Int?
    /// What is wrong.
    public var problem: String
    /// What to do about it.
    public var fix: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, byteOffset: Int? = nil, problem: String, fix: String) {
        self.file = file
        self.line = line
        self.byteOffset = byteOffset
        self.problem = problem
        self.fix = fix
    }

    /// `FILE:LINE: problem. Fix: fix`.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? byteOffset.map { "\(file): byte \($0)" } ?? file
        return "\(place): \(problem). Fix: \(fix)"
    }
}
