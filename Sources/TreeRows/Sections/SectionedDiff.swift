/// A batch update of a sectioned list (``SectionLayout``): section changes and row changes
/// addressed as (section, row), in UIKit's terms.
///
/// - Section deletions, reloads and move sources are old section indices; insertions and
///   move destinations are new ones. A reloaded section is replaced whole (UIKit treats it
///   as a delete plus an insert), so no row change names it.
/// - Row deletions, reloads and move sources are old (section, rows); insertions and move
///   destinations are new ones. Rows of a deleted section go with it, and the rows of an
///   inserted section come with it: no row change names those sections either.
/// - A moved section carries its rows along; a row move can cross sections.
public struct SectionedDiff: Hashable, Sendable {
    /// Rows `rows` of `section`.
    public struct RowRange: Hashable, Sendable, CustomStringConvertible {
        public var section: Int
        public var rows: Range<Int>

        public init(section: Int, rows: Range<Int>) {
            self.section = section
            self.rows = rows
        }

        public var description: String { "[\(section), \(rows.lowerBound)..<\(rows.upperBound)]" }
    }

    /// A row moved from an old (section, row) to a new one.
    public struct RowPathMove: Hashable, Sendable {
        public var from: RowPath
        public var to: RowPath

        public init(from: RowPath, to: RowPath) {
            self.from = from
            self.to = to
        }
    }

    public var deletedSections: [Int] = []
    public var insertedSections: [Int] = []
    /// Old section index to new section index.
    public var movedSections: [RowMove] = []
    public var reloadedSections: [Int] = []
    public var deletedRows: [RowRange] = []
    public var insertedRows: [RowRange] = []
    public var movedRows: [RowPathMove] = []
    public var reloadedRows: [RowRange] = []

    /// Creates an empty diff; fill in the lists.
    public init() {}

    /// Whether the diff changes nothing.
    public var isEmpty: Bool { self == SectionedDiff() }
}

extension SectionedDiff: CustomStringConvertible {
    /// A compact listing: `-s[2] +s[0] s3->1 -[1, 0..<4] +[0, 2..<3] [0, 1]->[2, 0]`.
    public var description: String {
        var parts: [String] = []
        if !deletedSections.isEmpty { parts.append("-s\(deletedSections)") }
        if !insertedSections.isEmpty { parts.append("+s\(insertedSections)") }
        if !reloadedSections.isEmpty { parts.append("~s\(reloadedSections)") }
        parts += movedSections.map { "s\($0.from)->\($0.to)" }
        parts += deletedRows.map { "-\($0)" } + insertedRows.map { "+\($0)" } + reloadedRows.map { "~\($0)" }
        parts += movedRows.map { "\($0.from)->\($0.to)" }
        return parts.isEmpty ? "(no change)" : parts.joined(separator: " ")
    }
}
