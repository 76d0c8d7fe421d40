/// Why UIKit would reject a sectioned batch update (``SectionedDiff``).
public enum SectionedBatchUpdateViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// A section index outside the sections before (`old`) or after the update.
    case sectionOutOfRange(section: Int, sectionCount: Int, old: Bool)
    /// A section deleted, reloaded or moved twice (old), or inserted or moved to twice (new).
    case sectionNamedTwice(section: Int, old: Bool)
    /// Sections after ≠ before − deleted + inserted.
    case sectionCountMismatch(before: Int, after: Int, inserted: Int, deleted: Int)
    /// A row change in a section that is deleted or reloaded (old) or inserted (new).
    case rowInReplacedSection(RowPath, old: Bool)
    /// A row outside its section's rows before (`old`) or after the update.
    case rowOutOfRange(RowPath, rowCount: Int, old: Bool)
    /// A row deleted, reloaded or moved twice (old), or inserted or moved to twice (new).
    case rowNamedTwice(RowPath, old: Bool)
    /// UIKit's "invalid number of rows in section".
    case rowCountMismatch(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)

    public var description: String {
        func side(_ old: Bool) -> String { old ? "before" : "after" }
        switch self {
        case let .sectionOutOfRange(section, count, old):
            return "section \(section) is out of range: there are \(count) sections \(side(old)) the update"
        case let .sectionNamedTwice(section, old):
            return "section \(section) (\(old ? "old" : "new") index) is named by two changes"
        case let .sectionCountMismatch(before, after, inserted, deleted):
            return "invalid number of sections: \(after) after the update must be \(before) before, plus \(inserted) inserted, minus \(deleted) deleted"
        case let .rowInReplacedSection(path, old):
            return "row \(path) is in a section that is \(old ? "deleted or reloaded" : "inserted") by the same update"
        case let .rowOutOfRange(path, count, old):
            return "row \(path) is out of range: section \(path.section) has \(count) rows \(side(old)) the update"
        case let .rowNamedTwice(path, old):
            return "row \(path) (\(old ? "old" : "new") index path) is named by two changes"
        case let .rowCountMismatch(section, before, after, inserted, deleted, movedIn, movedOut):
            return "invalid number of rows in section \(section): \(after) after the update must be \(before) before, plus or minus "
                + "\(inserted) inserted and \(deleted) deleted, plus or minus \(movedIn) moved in and \(movedOut) moved out"
        }
    }
}
