import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// A failed check names the first element that differs, wherever it lies: a layout whose
/// 21st header is wrong, a window whose last row is, and the inner offsets probed per row.
@Suite struct StepCheckMessageTests {
    @Test func firstDifferenceNamesThePositionAndBothSides() {
        #expect(StepCheck.firstDifference([1, 2, 3], [1, 2, 3]) == nil)
        let changed = StepCheck.firstDifference(Array(0..<40).map { $0 == 30 ? -1 : $0 }, Array(0..<40))
        #expect(changed.map { "\($0.position) \($0.expected) \($0.found)" } == "30 30 -1")
        let short = StepCheck.firstDifference([1, 2], [1, 2, 3])
        #expect(short.map { "\($0.position) \($0.expected) \($0.found)" } == "2 3 no element")
    }

    /// A section layout that differs only past its eighth header (the message once printed
    /// the first eight of each, which looked the same).
    @Test func aLayoutDifferencePastTheEighthHeaderIsNamed() {
        let tree = TreeShapes.random(300, seed: 5, topLevelOdds: 2)
        let strategy = LayoutOffByOne(tree: tree)
        let rows = ReferenceStrategy(tree: tree).rows
        #expect(SectionLayout(rows: rows).headerRows.count > 21)
        let problem = StepCheck.checkSections(strategy, diff: .empty, oldRows: rows, newRows: rows)
        #expect(problem?.description.contains("section 20's header row is") == true, "\(String(describing: problem))")
    }

    @Test func innerOffsetsLieInsideTheRow() {
        for height in 1...9 {
            for salt: UInt64 in 0..<20 {
                let probes = StepCheck.offsets(inRowAt: 100, height: height, salt: salt)
                #expect(probes.allSatisfy { (100..<100 + height).contains($0) } && probes.contains(100) && probes.contains(99 + height))
                if height > 2 { #expect(probes.contains(100 + height / 2)) }
            }
        }
    }
}

/// A strategy whose section layout leaves out its 21st header.
private struct LayoutOffByOne: ForwardingStrategy {
    static let name = "layout-off-by-one"
    var base: ReferenceStrategy
    func sectionLayout() -> SectionLayout {
        let layout = base.sectionLayout()
        var headers = layout.headerRows
        headers.remove(at: 20)
        return SectionLayout(headerRows: headers, flatRowCount: layout.flatRowCount)
    }
}
