import Foundation
import Testing
import TreeRows

/// `treerows rows`: every strategy prints the same rows, and they are the right ones.
@Suite("treerows rows", .timeLimit(.minutes(10)))
struct RowsCommandTests {
    static let strategies = ["reference", "full-rebuild", "subtree-splice", "range-counts", "fenwick-counts", "preorder-segments", "preorder-btree"]

    /// Whether a case collapses nodes before printing.
    enum Collapsing: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case nothing = "no collapses"
        case chosenNodes = "collapsing chosen nodes"
        var testDescription: String { rawValue }
    }

    /// The first line where `actual` differs from `expected`, or `nil` when they are equal.
    static func firstDifference(_ actual: [Substring], _ expected: [String]) -> String? {
        for (number, (got, wanted)) in zip(actual, expected).enumerated() where got != wanted {
            return "line \(number + 1): got \"\(got)\", expected \"\(wanted)\""
        }
        return actual.count == expected.count ? nil : "\(actual.count) lines, expected \(expected.count)"
    }

    @Test func recordedCorporaArePresent() {
        #expect(CorpusFile.recorded.count >= 6, "Corpora/recorded under \(TreeRowsExecutable.packageRoot.path)")
    }

    /// Seven strategies through every recorded thread run at release speed (`.ci/test`'s
    /// release stage): at debug speed these runs alone cost two minutes of the suite.
    @Test(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter RowsCommandTests/strategies"),
          arguments: CorpusFile.recorded + CorpusFile.shared, Collapsing.allCases)
    func strategiesPrintIdenticalRows(_ file: CorpusFile, _ collapsing: Collapsing) async throws {
        let tree = try CorpusTree(contentsOf: file.path)
        let collapsed = collapsing == .nothing ? [] : tree.collapseChoices
        if collapsing == .chosenNodes { #expect(collapsed.count >= 2, "too few nodes with children to collapse") }
        let collapseArguments = collapsed.isEmpty ? [] : ["--collapse", collapsed.map { tree.ids[$0] }.joined(separator: ",")]

        var outputs: [String: ExecutionResult] = [:]
        for strategy in Self.strategies {
            let result = try await TreeRowsExecutable.run(
                ["rows", "--corpus", file.path, "--strategy", strategy] + collapseArguments)
            try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
            #expect(result.standardError.isEmpty, "\(result)")
            outputs[strategy] = result
        }
        let reference = try #require(outputs["reference"])
        for strategy in Self.strategies.dropFirst() {
            let result = try #require(outputs[strategy])
            let difference = Self.firstDifference(result.outputLines, reference.outputLines.map(String.init))
            #expect(result.standardOutput == reference.standardOutput,
                    "\(strategy) differs from reference: \(difference ?? "?")\n$ \(result.commandLine)")
        }

        // The rows themselves, against Foundation's reading of the file.
        let expected = tree.rows(collapsing: Set(collapsed))
        let difference = Self.firstDifference(reference.outputLines, expected)
        #expect(difference == nil, "\(difference ?? "")\n$ \(reference.commandLine)")
        #expect(reference.standardOutput.hasSuffix("\n"))
        if collapsing == .chosenNodes {
            #expect(reference.outputLines.count < tree.nodeCount)
        }
    }

    @Test(arguments: CorpusFile.recorded)
    func withoutCollapsesEveryNodeIsOneLine(_ file: CorpusFile) async throws {
        let tree = try CorpusTree(contentsOf: file.path)
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", file.path, "--strategy", "reference"])
        try #require(result.exitCode == 0, "\(result)")
        let lines = result.outputLines
        #expect(lines.count == tree.nodeCount, "$ \(result.commandLine)")
        #expect(lines.first?.hasPrefix("0\t") == true, "first line: \(lines.first ?? "none")")
        var previousDepth = -1
        var printedIDs: Set<Substring> = []
        for (number, line) in lines.enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let depth = Int(fields[0]), depth >= 0, !fields[1].isEmpty,
                  !fields[1].contains(where: \.isWhitespace) else {
                Issue.record("line \(number + 1) is not <depth>\\t<id>: \"\(line)\"\n$ \(result.commandLine)")
                return
            }
            #expect(depth <= previousDepth + 1, "line \(number + 1) jumps from depth \(previousDepth) to \(depth)")
            previousDepth = depth
            printedIDs.insert(fields[1])
        }
        #expect(printedIDs == Set(tree.ids.map { Substring($0) }), "every id printed exactly once")
    }

    @Test func hackerNewsWithCollapsesMatchesAnIndependentWalk() async throws {
        let file = try CorpusFile.hackerNews
        let tree = try CorpusTree(contentsOf: file.path)
        // The top-level comment with the most replies, then one of its replies that has replies.
        let widestRoot = try #require(tree.roots.max { tree.children[$0].count < tree.children[$1].count })
        let reply = try #require(tree.children.indices.first { node in
            tree.parents[node] != nil && tree.parents[node] != widestRoot && !tree.children[node].isEmpty
        })
        let collapsed = [reply, widestRoot]
        let result = try await TreeRowsExecutable.run([
            "rows", "--corpus", file.path, "--strategy", "reference",
            "--collapse", collapsed.map { tree.ids[$0] }.joined(separator: ","),
        ])
        try #require(result.exitCode == 0, "\(result)")
        #expect(result.standardError.isEmpty)
        let expected = tree.rows(collapsing: Set(collapsed))
        #expect(expected.count < tree.nodeCount - tree.children[widestRoot].count)
        let difference = Self.firstDifference(result.outputLines, expected)
        #expect(difference == nil, "\(difference ?? "")\n$ \(result.commandLine)")
    }

    @Test("Ids with tabs, line feeds or backslashes stay on one escaped line")
    func controlCharactersInIDsAreEscaped() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-escape-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = [#"{"id": "a\tb", "parent": null}"#, #"{"id": "c\nd\\e", "parent": "a\tb"}"#]
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", file.path])
        try #require(result.exitCode == 0, "\(result)")
        #expect(result.outputLines == ["0\ta\\tb", "1\tc\\nd\\\\e"], "$ \(result.commandLine)")
    }

    @Test("Ids 1 and \"1\" in one file: a bare 1 is ambiguous, int:1 and str:1 reach each")
    func collidingIDsAreAddressable() async throws {
        try await TemporaryFolder.with("rows-ids") { folder in
            let file = try folder.write([
                #"{"id": 1}"#, #"{"id": 10, "parent": 1}"#, #"{"id": "1"}"#, #"{"id": "s", "parent": "1"}"#,
            ].joined(separator: "\n") + "\n", to: "ids.jsonl")
            let bare = try await TreeRowsExecutable.run(["rows", "--corpus", file, "--collapse", "1"])
            #expect(bare.exitCode == 2 && bare.standardOutput.isEmpty, "\(bare)")
            #expect(bare.standardError.contains("ambiguous") && bare.standardError.contains("int:1 or str:1"), "\(bare)")
            let integer = try await TreeRowsExecutable.run(["rows", "--corpus", file, "--collapse", "int:1"])
            #expect(integer.outputLines == ["0\t1", "0\t1", "1\ts"], "\(integer)")
            let string = try await TreeRowsExecutable.run(["rows", "--corpus", file, "--collapse", "str:1"])
            #expect(string.outputLines == ["0\t1", "1\t10", "0\t1"], "\(string)")
            let unique = try await TreeRowsExecutable.run(["rows", "--corpus", file, "--collapse", "10,s"])
            #expect(unique.exitCode == 0, "\(unique)")
        }
    }

    @Test func collapsingTwiceIsCollapsingOnce() async throws {
        let file = try CorpusFile.hackerNews
        let tree = try CorpusTree(contentsOf: file.path)
        let node = try #require(tree.collapseChoices.dropFirst().first)
        for strategy in Self.strategies {
            let result = try await TreeRowsExecutable.run([
                "rows", "--corpus", file.path, "--strategy", strategy, "--collapse", "\(tree.ids[node]),\(tree.ids[node])",
            ])
            try #require(result.exitCode == 0, "\(result)")
            let difference = Self.firstDifference(result.outputLines, tree.rows(collapsing: [node]))
            #expect(difference == nil, "\(difference ?? "")\n$ \(result.commandLine)")
        }
    }

    @Test("--sort equals an independent stable sort of siblings, then a preorder walk",
          .enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter RowsCommandTests/sorted"),
          arguments: CorpusFile.shared, ["score-desc", "time"])
    func sortedRowsMatchAnIndependentSort(_ file: CorpusFile, _ order: String) async throws {
        let tree = try CorpusTree(contentsOf: file.path)
        let expected = tree.sorted(by: order.hasPrefix("score") ? "score" : "time", descending: order.hasSuffix("-desc")).rows()
        for strategy in Self.strategies {
            let result = try await TreeRowsExecutable.run(["rows", "--corpus", file.path, "--strategy", strategy, "--sort", order])
            try #require(result.exitCode == 0, "\(result)")
            let difference = Self.firstDifference(result.outputLines, expected)
            #expect(difference == nil, "\(difference ?? "")\n$ \(result.commandLine)")
        }
    }

    @Test("--heights adds each row's offset: the sum of the heights above it")
    func heightsAddOffsets() async throws {
        let file = try CorpusFile.hackerNews
        let tree = try CorpusTree(contentsOf: file.path)
        let collapse = try #require(tree.collapseChoices.first)
        var outputs: [String] = []
        for strategy in Self.strategies {
            let result = try await TreeRowsExecutable.run([
                "rows", "--corpus", file.path, "--strategy", strategy, "--heights", "--height-model", "depth",
                "--collapse", tree.ids[collapse],
            ])
            try #require(result.exitCode == 0, "\(result)")
            var offset = 0
            for line in result.outputLines {
                let fields = line.split(separator: "\t")
                try #require(fields.count == 3, "\(line)")
                #expect(Int(fields[2]) == offset, "\(line)\n$ \(result.commandLine)")
                offset += 44 + 6 * Int(fields[0])!
            }
            #expect(result.outputLines.map { $0.split(separator: "\t").prefix(2).joined(separator: "\t") }
                    == tree.rows(collapsing: [collapse]))
            outputs.append(try await TreeRowsExecutable.run(
                ["rows", "--corpus", file.path, "--strategy", strategy, "--heights", "--sort", "time-desc"]).standardOutput)
        }
        #expect(Set(outputs).count == 1, "the text model gives every strategy the same offsets")
    }

    @Test(arguments: [
        (["--sort", "likes"], "unknown sort order \"likes\""),
        (["--heights", "--height-model", "uniform:0"], "--height-model \"uniform:0\": its H is out of range"),
    ])
    func badSortOrHeightModelExitsTwo(_ arguments: [String], _ message: String) async throws {
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", try CorpusFile.hackerNews.path] + arguments)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.standardError.contains(message) && result.standardError.contains("Fix:"), "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func recordedCorpusByNameFromAnyDirectory() async throws {
        let file = try CorpusFile.hackerNews
        let byPath = try await TreeRowsExecutable.run(["rows", "--corpus", file.path])
        let byName = try await TreeRowsExecutable.run(
            ["rows", "--corpus", "hn-17338700"], in: FileManager.default.temporaryDirectory)
        try #require(byName.exitCode == 0, "\(byName)")
        #expect(byName.standardOutput == byPath.standardOutput)
        #expect(!byName.standardOutput.isEmpty)
    }
}
