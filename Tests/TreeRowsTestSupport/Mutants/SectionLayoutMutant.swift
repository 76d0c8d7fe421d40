import TreeRows

/// Range-counts with a section layout that adds up whole subtree sizes, as if no top-level
/// node were collapsed: ``MutantBug/sectionLayoutIgnoresCollapse``.
public struct SectionLayoutMutant: ForwardingStrategy {
    public static let name = "mutant-" + MutantBug.sectionLayoutIgnoresCollapse.rawValue
    public var base: RangeCountsStrategy

    public init(base: RangeCountsStrategy) { self.base = base }

    public func sectionLayout() -> SectionLayout {
        let tree = base.tree
        var headers: [Int] = []
        var row = 0
        for node in tree.children(of: Tree.root) {
            headers.append(row)
            tree.forEachInSubtree(of: node) { _ in row += 1 }
        }
        return SectionLayout(headerRows: headers, flatRowCount: base.rowCount)
    }
}
