import Foundation
import Testing
import TreeRowsTestSupport

/// The B-tree mutants (Tests/TreeRowsTestSupport/Mutants/BTree) are a copy of preorder-btree's
/// sequence with bugs planted in it: a change to the real B-tree must reach the copy, or the
/// mutants test code that no longer exists. So the copy may differ from the original only by
/// its planted lines (a run of changed lines that names the bug and keeps each original line
/// it replaces, and the brace that closes a planted `if`) and by its node sizes, which it stores instead of taking them from a layout
/// type. Comments may differ. (BTreeMutant.swift, the strategy around the copy, is not
/// compared: it is generic over the bug and the node sizes.)
@Suite struct BTreeMutantDriftTests {
    /// The sequence's files: the original's suffix and the copy's.
    static let files = ["", "+Building", "+Invariants", "+Queries", "+Updates"]

    /// The original's lines that the copy replaces for its stored node sizes and its bug.
    static let originalOnly: Set<String> = [
        "init(slotCount: Int, isWeighted: Bool) {",
        "slotCount: Int, isWeighted: Bool, count: Int,",
        "self.init(slotCount: slotCount, isWeighted: isWeighted)",
        "var packed = MutantSequence(slotCount: leafOf.count, isWeighted: isWeighted, count: count) { sink in forEachElement(sink) }",
        "self = MutantSequence(slotCount: leafOf.count, isWeighted: isWeighted)",
        "struct MutantSequence<Layout: PreorderLayout> {",
        "@inline(__always) var leafCapacity: Int { 1 &<< Layout.leafShift }",
        "@inline(__always) var leafShift: Int { Layout.leafShift }",
        "@inline(__always) var fanout: Int { Layout.fanout }",
        "@inline(__always) var leafFill: Int { leafCapacity &- max(1, leafCapacity &>> 3) }",
        "@inline(__always) var innerFill: Int { fanout &- max(1, fanout &>> 3) }",
        "leafStride = Self.header + (1 << Layout.leafShift) * (isWeighted ? 4 : 3)",
        "for keyPath in [\\MutantSequence<Layout>.children, \\.sizes, \\.adds, \\.minimums, \\.minimumCounts, \\.minimumKeys] {",
    ]

    /// The copy's lines in their place.
    static let copyOnly: Set<String> = [
        "struct MutantSequence {", "let leafCapacity: Int", "let leafShift: Int", "let fanout: Int", "let leafFill: Int",
        "let innerFill: Int",
        "leafStride = Self.header + leafCapacity * (isWeighted ? 4 : 3)",
        "for keyPath in [\\MutantSequence.children, \\.sizes, \\.adds, \\.minimums, \\.minimumCounts, \\.minimumKeys] {",
    ]

    /// A file's code: its lines trimmed, without blank lines, comments and imports, the
    /// original's type named as the copy's.
    static func code(_ path: String, original: Bool) throws -> [String] {
        try String(contentsOfFile: PackageFolder.root + "/" + path, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
            .map { original ? $0.replacingOccurrences(of: "PreorderSequence", with: "MutantSequence") : $0 }
    }

    /// The runs of lines that differ, each as the original's lines and the copy's, from a
    /// longest common subsequence.
    ///
    /// - Complexity: O(*n* · *m*) for files of *n* and *m* lines.
    static func hunks(_ original: [String], _ copy: [String]) -> [(removed: [String], inserted: [String])] {
        let (n, m) = (original.count, copy.count)
        var common = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                common[i][j] = original[i] == copy[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var hunks: [(removed: [String], inserted: [String])] = []
        var current: (removed: [String], inserted: [String]) = ([], [])
        func close() {
            if !current.removed.isEmpty || !current.inserted.isEmpty { hunks.append(current) }
            current = ([], [])
        }
        var (i, j) = (0, 0)
        while i < n || j < m {
            if i < n && j < m && original[i] == copy[j] {
                close()
                i += 1
                j += 1
            } else if j < m && (i == n || common[i][j + 1] >= common[i + 1][j]) {
                current.inserted.append(copy[j])
                j += 1
            } else {
                current.removed.append(original[i])
                i += 1
            }
        }
        close()
        return hunks
    }

    @Test(arguments: files) func theCopyDiffersOnlyByItsPlantedLines(_ suffix: String) throws {
        let original = try Self.code("Sources/TreeRows/Strategies/PreorderBTree/PreorderSequence\(suffix).swift", original: true)
        let copy = try Self.code("Tests/TreeRowsTestSupport/Mutants/BTree/MutantSequence\(suffix).swift", original: false)
        var afterPlant = false
        for hunk in Self.hunks(original, copy) {
            // A planted `if bug … {` around an original line closes after it.
            let closing = afterPlant && hunk.removed.isEmpty && hunk.inserted.allSatisfy { $0 == "}" }
            // A planted run keeps what it replaces (`if bug != … { the original line }`).
            let planted = hunk.inserted.contains { $0.lowercased().contains("bug") }
                && hunk.removed.allSatisfy { line in Self.originalOnly.contains(line) || hunk.inserted.contains { $0.contains(line) } }
            afterPlant = planted
            let sizes = hunk.removed.allSatisfy(Self.originalOnly.contains) && hunk.inserted.allSatisfy(Self.copyOnly.contains)
            #expect(planted || closing || sizes, """
                MutantSequence\(suffix).swift differs from PreorderSequence\(suffix).swift beyond a planted bug: \
                bring the copy in step with preorder-btree.
                original: \(hunk.removed)
                copy: \(hunk.inserted)
                """)
        }
    }

    /// The check finds a change: a line of the original that the copy lacks.
    @Test func aChangedLineIsFound() {
        let original = ["a", "b", "let x = 1", "c"]
        let copy = ["a", "b", "let x = 2", "c"]
        let hunks = Self.hunks(original, copy)
        #expect(hunks.count == 1 && hunks[0].removed == ["let x = 1"] && hunks[0].inserted == ["let x = 2"])
        #expect(Self.hunks(original, original).isEmpty)
    }
}
