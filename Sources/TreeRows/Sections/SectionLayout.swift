/// Where the sections of a sectioned list start: the top-level nodes are the section
/// headers, and the rows of a section are the visible descendants of its top-level node.
///
/// Built from the flat rows (``RowStrategy/sectionLayout()``): header *s* is the flat row
/// ``headerRows``[*s*], and section *s*'s rows are the flat rows after it, up to the next
/// header. A collapsed top-level node is a section with no rows.
public struct SectionLayout: Hashable, Sendable {
    /// The flat row index of each section's header (its top-level node), ascending.
    public var headerRows: [Int]
    /// The number of flat rows, headers included.
    public var flatRowCount: Int

    /// Creates a layout; `headerRows` must be ascending, start at 0 when not empty, and lie
    /// in `0..<flatRowCount`.
    @inlinable
    public init(headerRows: [Int], flatRowCount: Int) {
        precondition(headerRows.first.map { $0 == 0 } ?? (flatRowCount == 0), "the first flat row is a header")
        self.headerRows = headerRows
        self.flatRowCount = flatRowCount
    }

    /// The layout of flat rows: every depth-0 row is a header.
    ///
    /// - Complexity: O(*r*) for *r* rows.
    @inlinable
    public init<Rows: Collection<Row>>(rows: Rows) {
        var headers: [Int] = []
        var index = 0
        for row in rows {
            if row.depth == 0 { headers.append(index) }
            index += 1
        }
        self.init(headerRows: headers, flatRowCount: index)
    }

    /// The number of sections.
    public var sectionCount: Int { headerRows.count }

    /// The number of rows of `section`, not counting its header.
    ///
    /// - Complexity: O(1).
    public func rowCount(inSection section: Int) -> Int {
        let end = section + 1 < headerRows.count ? headerRows[section + 1] : flatRowCount
        return end - headerRows[section] - 1
    }

    /// The row count of every section.
    public var rowCounts: [Int] { headerRows.indices.map(rowCount(inSection:)) }

    /// The section whose header is at or before flat row `index`.
    ///
    /// - Complexity: O(log *S*) for *S* sections.
    public func section(containing index: Int) -> Int {
        precondition(index >= 0 && index < flatRowCount, "flat row \(index) is out of range 0..<\(flatRowCount)")
        var low = 0
        var high = headerRows.count  // headerRows[low] <= index < headerRows[high]
        while high - low > 1 {
            let middle = (low + high) / 2
            if headerRows[middle] <= index { low = middle } else { high = middle }
        }
        return low
    }

    /// The (section, row) of flat row `index`, or `nil` when it is a header.
    ///
    /// - Complexity: O(log *S*).
    public func path(ofRow index: Int) -> RowPath? {
        let section = section(containing: index)
        let row = index - headerRows[section] - 1
        return row < 0 ? nil : RowPath(section: section, row: row)
    }

    /// The flat row index of `path`.
    ///
    /// - Complexity: O(1).
    public func flatRow(of path: RowPath) -> Int {
        precondition(path.row >= 0 && path.row < rowCount(inSection: path.section), "\(path) is out of range")
        return headerRows[path.section] + 1 + path.row
    }
}

/// A row of a sectioned list: UIKit's `IndexPath(row:section:)`.
public struct RowPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }

    public static func < (a: RowPath, b: RowPath) -> Bool { (a.section, a.row) < (b.section, b.row) }

    /// `[section, row]`, as `IndexPath` prints.
    public var description: String { "[\(section), \(row)]" }
}
