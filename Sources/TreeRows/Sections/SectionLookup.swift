/// What turning a flat diff into sections asks of a layout: where each section's rows
/// are, and which section holds a flat row. ``SectionLayout`` answers from an array of
/// header rows; ``SectionIndex`` keeps the answers up to date as operations happen.
public protocol SectionLookup {
    /// The number of sections.
    var sectionCount: Int { get }
    /// The number of flat rows, headers included.
    var flatRowCount: Int { get }
    /// The flat rows of `section`: its header first, then its rows.
    func flatRows(ofSection section: Int) -> Range<Int>
    /// The section whose header is at or before flat row `index`.
    func section(containing index: Int) -> Int
}

extension SectionLayout: SectionLookup {
    /// The flat rows of `section`, header first.
    ///
    /// - Complexity: O(1).
    public func flatRows(ofSection section: Int) -> Range<Int> {
        headerRows[section]..<(section + 1 < headerRows.count ? headerRows[section + 1] : flatRowCount)
    }
}
