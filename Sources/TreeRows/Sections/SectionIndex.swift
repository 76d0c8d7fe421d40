/// A section layout kept up to date as operations happen (``RowStrategy/performSectioned(_:sections:)``),
/// where ``SectionLayout`` is rebuilt from every row: the top-level nodes are the section
/// headers, and the rows of a section are the visible descendants of its top-level node.
///
/// It keeps the number of flat rows of each section in an implicit treap, so the header
/// row of a section, the section of a row and the row count of a section each take
/// O(log *S*) for *S* sections, and following an operation's diff takes O(log *S*) per
/// changed section. A copy shares its storage until one of the two changes.
public struct SectionIndex: SectionLookup, Sendable {
    var sizes: SectionSizes
    /// How many diffs did not fit and had the index rebuilt from the strategy (a test
    /// hook: with a correct strategy it stays 0, so the rebuild never hides a wrong update).
    package internal(set) var misfits = 0

    /// The index of `layout`.
    ///
    /// - Complexity: O(*S*).
    public init(_ layout: SectionLayout) {
        sizes = SectionSizes(layout.headerRows.indices.map { layout.flatRows(ofSection: $0).count })
    }

    /// The index of `strategy`'s rows as they are.
    ///
    /// - Complexity: that of the strategy's ``RowStrategy/sectionLayout()``, plus O(*S*).
    public init<S: RowStrategy>(of strategy: S) {
        self.init(strategy.sectionLayout())
    }

    /// The number of sections.
    ///
    /// - Complexity: O(1).
    public var sectionCount: Int { sizes.count }

    /// The number of flat rows, headers included.
    ///
    /// - Complexity: O(1).
    public var flatRowCount: Int { sizes.total }

    /// The flat rows of `section`: its header first, then its rows.
    ///
    /// - Complexity: O(log *S*) expected.
    public func flatRows(ofSection section: Int) -> Range<Int> {
        let (start, size) = sizes.start(of: section)
        return start..<start + size
    }

    /// The flat row of `section`'s header.
    ///
    /// - Complexity: O(log *S*) expected.
    public func headerRow(ofSection section: Int) -> Int { sizes.start(of: section).row }

    /// The number of rows of `section`, not counting its header.
    ///
    /// - Complexity: O(log *S*) expected.
    public func rowCount(inSection section: Int) -> Int { sizes.start(of: section).size - 1 }

    /// The section whose header is at or before flat row `index`.
    ///
    /// - Complexity: O(log *S*) expected.
    public func section(containing index: Int) -> Int {
        precondition(index >= 0 && index < flatRowCount, "flat row \(index) is out of range 0..<\(flatRowCount)")
        return sizes.section(containing: index).section
    }

    /// The (section, row) of flat row `index`, or `nil` when it is a header.
    ///
    /// - Complexity: O(log *S*) expected.
    public func path(ofRow index: Int) -> RowPath? {
        precondition(index >= 0 && index < flatRowCount, "flat row \(index) is out of range 0..<\(flatRowCount)")
        let (section, start) = sizes.section(containing: index)
        return index == start ? nil : RowPath(section: section, row: index - start - 1)
    }

    /// The flat row of `path`.
    ///
    /// - Complexity: O(log *S*) expected.
    public func flatRow(of path: RowPath) -> Int {
        let rows = flatRows(ofSection: path.section)
        precondition(path.row >= 0 && path.row < rows.count - 1, "\(path) is out of range")
        return rows.lowerBound + 1 + path.row
    }

    /// The layout as an array of header rows.
    ///
    /// - Complexity: O(*S*).
    public var layout: SectionLayout {
        var headers: [Int] = []
        headers.reserveCapacity(sectionCount)
        var row = 0
        for size in sizes.sizes {
            headers.append(row)
            row += size
        }
        return SectionLayout(headerRows: headers, flatRowCount: row)
    }

    /// Checks the treap's counts, totals and heap order.
    ///
    /// - Throws: ``InvariantViolation`` naming the first node found wrong.
    /// - Complexity: O(*S*).
    public func checkInvariants() throws(InvariantViolation) { try sizes.checkInvariants() }
}
