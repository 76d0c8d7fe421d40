import Foundation
import Testing

/// `treerows corpus generate`: repeatable files of the requested size and shape.
@Suite("treerows corpus generate", .timeLimit(.minutes(10)))
struct CorpusGenerateCommandTests {
    static let shapes = ["reddit", "hn", "balanced:3", "chain", "wide", "random", "caterpillar:2"]
    static let nodes = 3_000

    /// Runs `corpus generate` with `options` into `path` and checks its report.
    static func generate(_ options: [String], into path: String) async throws -> [UInt8] {
        let result = try await TreeRowsExecutable.run(["corpus", "generate"] + options + ["-o", path])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        let nodes = options.firstIndex(of: "--nodes").map { options[$0 + 1] } ?? "?"
        #expect(result.standardOutput == "wrote \(path): \(nodes) nodes\n", "\(result)")
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `rows --corpus PATH --strategy reference`, as a tree.
    static func rowsTree(_ path: String) async throws -> (CorpusTree, ExecutionResult) {
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", path, "--strategy", "reference"])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        return (try CorpusTree(rows: result.outputLines), result)
    }

    /// The tree a deterministic shape must give, built from the shape's definition; `nil`
    /// for the random shapes. Ids are `0..<nodes` in generation order.
    static func expectedTree(_ shape: String, nodes: Int) -> CorpusTree? {
        var parents: [Int?] = []
        switch shape {
        case "balanced:3": parents = (0..<nodes).map { $0 == 0 ? nil : ($0 - 1) / 3 }
        case "chain": parents = (0..<nodes).map { $0 == 0 ? nil : $0 - 1 }
        case "wide": parents = Array(repeating: nil, count: nodes)
        case "caterpillar:2":
            // A spine node, then up to two leaves under it; the next spine node replies to it.
            var spine: Int?
            while parents.count < nodes {
                parents.append(spine)
                spine = parents.count - 1
                for _ in 0..<min(2, nodes - parents.count) { parents.append(spine) }
            }
        default: return nil
        }
        return CorpusTree(ids: (0..<nodes).map(String.init), parents: parents)
    }

    @Test(arguments: shapes)
    func sameOptionsGiveIdenticalBytes(_ shape: String) async throws {
        try await TemporaryFolder.with("generate") { folder in
            let options = ["--shape", shape, "--nodes", "\(Self.nodes)", "--seed", "7"]
            let first = try await Self.generate(options, into: folder.path("first.trows"))
            let second = try await Self.generate(options, into: folder.path("second.trows"))
            #expect(!first.isEmpty)
            #expect(first == second, "replay: treerows corpus generate \(options.joined(separator: " ")) -o FILE (twice)")

            let (reported, stats) = try await CorpusStatsCommandTests.jsonStatistics(of: folder.path("first.trows"))
            #expect(reported.nodes == Self.nodes, "$ \(stats.commandLine)")
            #expect(try CorpusShape.collapsedCount(json: stats.standardOutput) == 0, "expanded by default")
            switch shape {
            case "chain":
                #expect(reported.maxDepth == Self.nodes - 1 && reported.topLevel == 1 && reported.maxFanout == 1, "\(reported)")
            case "wide":
                #expect(reported.topLevel == Self.nodes && reported.maxDepth == 0 && reported.leaves == Self.nodes, "\(reported)")
            case "balanced:3":
                #expect(reported.maxFanout == 3 && reported.topLevel == 1, "\(reported)")
            default: break
            }

            // The rows show the whole tree, and the statistics describe that tree.
            let (shown, rows) = try await Self.rowsTree(folder.path("first.trows"))
            #expect(shown.nodeCount == Self.nodes, "$ \(rows.commandLine)")
            #expect(Set(shown.ids) == Set((0..<Self.nodes).map(String.init)), "ids are 0..<nodes\n$ \(rows.commandLine)")
            #expect(CorpusShape(shown) == reported, "rows show \(CorpusShape(shown))\nstats say \(reported)")
            if let expected = Self.expectedTree(shape, nodes: Self.nodes) {
                let difference = RowsCommandTests.firstDifference(rows.outputLines, expected.rows())
                #expect(difference == nil, "\(difference ?? "")\n$ \(rows.commandLine)")
                #expect(reported == CorpusShape(expected), "stats \(reported)\nexpected \(CorpusShape(expected))")
            }
        }
    }

    @Test(arguments: shapes)
    func differentSeedsGiveDifferentFiles(_ shape: String) async throws {
        try await TemporaryFolder.with("generate-seeds") { folder in
            let options = ["--shape", shape, "--nodes", "\(Self.nodes)"]
            let one = try await Self.generate(options + ["--seed", "1"], into: folder.path("one.trows"))
            let two = try await Self.generate(options + ["--seed", "2"], into: folder.path("two.trows"))
            #expect(one != two, "seeds 1 and 2 of \(shape) give the same file")
            if ["reddit", "hn", "random"].contains(shape) {
                // These shapes draw their structure from the seed, not only times and scores.
                let (first, _) = try await Self.rowsTree(folder.path("one.trows"))
                let (second, _) = try await Self.rowsTree(folder.path("two.trows"))
                #expect(first.rows() != second.rows(), "seeds 1 and 2 of \(shape) give the same tree")
            }
        }
    }

    /// An `--expansion` value and what it must do to a generated tree.
    enum Expansion: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case collapsed
        case collapsedBelowTwo = "collapsed-below:2"
        case randomThirty = "random:30"
        var testDescription: String { rawValue }
    }

    @Test(arguments: ["reddit", "balanced:3"], Expansion.allCases)
    func expansionPatterns(_ shape: String, _ expansion: Expansion) async throws {
        try await TemporaryFolder.with("generate-expansion") { folder in
            let options = ["--shape", shape, "--nodes", "\(Self.nodes)", "--seed", "11"]
            let expanded = try await Self.generate(options, into: folder.path("expanded.trows"))
            let first = try await Self.generate(options + ["--expansion", expansion.rawValue], into: folder.path("first.trows"))
            let second = try await Self.generate(options + ["--expansion", expansion.rawValue], into: folder.path("second.trows"))
            #expect(first == second, "replay: treerows corpus generate \(options.joined(separator: " ")) --expansion \(expansion.rawValue) -o FILE (twice)")
            #expect(first != expanded, "--expansion \(expansion.rawValue) changes nothing")

            let (reported, stats) = try await CorpusStatsCommandTests.jsonStatistics(of: folder.path("first.trows"))
            let (full, _) = try await CorpusStatsCommandTests.jsonStatistics(of: folder.path("expanded.trows"))
            #expect(reported == full, "the pattern changes only the expanded flags\n$ \(stats.commandLine)")
            let collapsed = try CorpusShape.collapsedCount(json: stats.standardOutput)
            // Every strategy starts from the file's collapsed flags and shows the same rows.
            var rowsByStrategy: [String: ExecutionResult] = [:]
            for strategy in RowsCommandTests.strategies {
                let result = try await TreeRowsExecutable.run(["rows", "--corpus", folder.path("first.trows"), "--strategy", strategy])
                try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
                rowsByStrategy[strategy] = result
            }
            let rows = try #require(rowsByStrategy["reference"])
            for (strategy, result) in rowsByStrategy {
                #expect(result.standardOutput == rows.standardOutput, "\(strategy) differs from reference\n$ \(result.commandLine)")
            }
            // The rows of the expanded tree with the pattern's nodes collapsed, where the pattern says which.
            let (tree, _) = try await Self.rowsTree(folder.path("expanded.trows"))
            var depths: [Int] = []
            for node in 0..<tree.nodeCount {
                let depth = tree.parents[node].map { depths[$0] + 1 } ?? 0  // rows are in preorder: parents first
                depths.append(depth)
            }
            let patternNodes: Set<Int>? = switch expansion {
            case .collapsed: Set(0..<tree.nodeCount)
            case .collapsedBelowTwo: Set((0..<tree.nodeCount).filter { depths[$0] >= 2 })
            case .randomThirty: nil
            }
            if let patternNodes {
                let difference = RowsCommandTests.firstDifference(rows.outputLines, tree.rows(collapsing: patternNodes))
                #expect(difference == nil, "\(difference ?? "")\n$ \(rows.commandLine)")
            }
            switch expansion {
            case .collapsed:
                #expect(collapsed == Self.nodes, "$ \(stats.commandLine)")
                #expect(rows.outputLines.count == reported.topLevel, "only top-level rows\n$ \(rows.commandLine)")
            case .collapsedBelowTwo:
                let deep = reported.depthHistogram.dropFirst(2).reduce(0, +)
                #expect(collapsed == deep, "nodes at depth 2 or more\n$ \(stats.commandLine)")
                #expect(rows.outputLines.count == reported.depthHistogram.prefix(3).reduce(0, +),
                        "rows down to depth 2\n$ \(rows.commandLine)")
            case .randomThirty:
                #expect(collapsed > Self.nodes / 5 && collapsed < Self.nodes * 2 / 5, "about 30% of \(Self.nodes): \(collapsed)")
                #expect(rows.outputLines.count < Self.nodes, "$ \(rows.commandLine)")
            }
        }
    }
}
