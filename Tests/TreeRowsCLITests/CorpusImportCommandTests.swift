import Foundation
import Testing
import TreeRows

/// `treerows corpus import` and `corpus validate`: a converted file shows the same tree.
@Suite("treerows corpus import", .timeLimit(.minutes(10)))
struct CorpusImportCommandTests {
    /// Runs `corpus import INPUT -o OUTPUT` and checks its report.
    static func importCorpus(_ input: String, to output: String, nodes: Int) async throws {
        let result = try await TreeRowsExecutable.run(["corpus", "import", input, "-o", output])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        #expect(result.standardOutput == "wrote \(output): \(nodes) nodes\n", "\(result)")
    }

    /// Runs `corpus validate PATH` and checks that it passes with the right counts.
    static func expectValid(_ path: String, nodes: Int, topLevel: Int) async throws {
        let result = try await TreeRowsExecutable.run(["corpus", "validate", path])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        #expect(result.outputLines.count == 1, "\(result)")
        #expect(result.standardOutput.hasPrefix("ok: \(path): \(nodes) nodes, \(topLevel) top-level;"), "\(result)")
    }

    /// `rows --corpus PATH --strategy reference`.
    static func rows(_ path: String) async throws -> ExecutionResult {
        let result = try await TreeRowsExecutable.run(["rows", "--corpus", path, "--strategy", "reference"])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        return result
    }

    @Test(arguments: CorpusFile.recorded)
    func importedRecordedThreadShowsTheSameRows(_ file: CorpusFile) async throws {
        let tree = try CorpusTree(contentsOf: file.path)
        try await TemporaryFolder.with("import") { folder in
            let output = folder.path("imported.trows")
            try await Self.importCorpus(file.path, to: output, nodes: tree.nodeCount)
            #expect(try folder.entries() == ["imported.trows"], "no temporary file left behind")

            let fromJSONLines = try await Self.rows(file.path)
            let fromImport = try await Self.rows(output)
            let difference = RowsCommandTests.firstDifference(fromImport.outputLines, fromJSONLines.outputLines.map(String.init))
            #expect(fromImport.standardOutput == fromJSONLines.standardOutput,
                    "\(difference ?? "?")\n$ \(fromImport.commandLine)\n$ \(fromJSONLines.commandLine)")
            #expect(fromImport.outputLines.count == tree.nodeCount)

            try await Self.expectValid(output, nodes: tree.nodeCount, topLevel: tree.roots.count)
            let (imported, _) = try await CorpusStatsCommandTests.jsonStatistics(of: output)
            #expect(imported == CorpusShape(tree), "stats of \(output)")

            // The package's own conversion, Corpora/recorded/NAME.trows, shows the same rows too.
            let committed = String(file.path.dropLast(".jsonl".count)) + ".trows"
            if FileManager.default.fileExists(atPath: committed) {
                let fromCommitted = try await Self.rows(committed)
                #expect(fromCommitted.standardOutput == fromJSONLines.standardOutput, "$ \(fromCommitted.commandLine)")
            }
        }
    }

    /// A Reddit thread too big to load at once: its `more` stubs survive `corpus import`
    /// (`ReleaseThreadPagesTests` benches them).
    @Test func aThreadsPagesSurviveAnImport() async throws {
        try await TemporaryFolder.with("import-pages") { folder in
            let output = folder.path("ama.trows")
            try await Self.importCorpus(ReleaseThreadPagesTests.saved, to: output, nodes: 364)
            for corpus in [ReleaseThreadPagesTests.saved, output] {
                let result = try await TreeRowsExecutable.run(["corpus", "stats", corpus, "--json"])
                #expect(result.exitCode == 0, "\(result)")
                #expect(try CorpusShape.statistic("pages", json: result.standardOutput) == 167, "\(result)")
                #expect(try CorpusShape.statistic("hiddenReplies", json: result.standardOutput) == 27_284, "\(result)")
                // The nodes are told apart: 197 comments and 167 load-more rows.
                for (key, value) in [("nodes", 364), ("comments", 197), ("loadMoreRows", 167), ("missingParentRows", 0), ("topLevel", 44),
                                     ("topLevelComments", 43)] {
                    #expect(try CorpusShape.statistic(key, json: result.standardOutput) == value, "\(key)\n\(result)")
                }
                let text = try await TreeRowsExecutable.run(["corpus", "stats", corpus])
                for line in ["nodes             364", "comments          197", "loadMoreRows      167 hiding 27284 replies", "missingParentRows 0"] {
                    #expect(text.outputLines.contains(line[...]), "\(line)\n\(text)")
                }
            }
        }
    }

    /// A page from the middle of a Discourse topic: replies to posts on other pages stay
    /// under rows standing for those posts, through an import, and are counted apart.
    @Test func aPageOfATopicKeepsItsMissingParentsThroughAnImport() async throws {
        try await TemporaryFolder.with("import-topic-page") { folder in
            let page = folder.path("topic-page.json")
            // Posts 452 to 455 of 500: 453 replies to 300, 455 to 452, 454 to 301.
            let posts = [(452, "null"), (453, "300"), (454, "301"), (455, "452")].map { number, reply in
                #"{"id":\#(9_000 + number),"post_number":\#(number),"reply_to_post_number":\#(reply),"created_at":"2020-01-01T00:00:00Z","score":1}"#
            }
            try #"{"post_stream":{"posts":[\#(posts.joined(separator: ","))]},"id":5,"posts_count":480,"highest_post_number":500}"#
                .write(toFile: page, atomically: true, encoding: .utf8)
            let output = folder.path("topic-page.trows")
            try await Self.importCorpus(page, to: output, nodes: 7)
            for corpus in [page, output] {
                let result = try await TreeRowsExecutable.run(["corpus", "stats", corpus, "--json"])
                #expect(result.exitCode == 0, "\(result)")
                // 4 posts, 2 rows for posts 300 and 301, and one load-more row for the 499 - 4 - 2 others.
                for (key, value) in [("nodes", 7), ("comments", 4), ("missingParentRows", 2), ("loadMoreRows", 1), ("hiddenReplies", 493),
                                     ("topLevel", 4), ("topLevelComments", 1), ("maxDepth", 1)] {
                    #expect(try CorpusShape.statistic(key, json: result.standardOutput) == value, "\(key)\n\(result)")
                }
                let rows = try await TreeRowsExecutable.run(["rows", "--corpus", corpus])
                #expect(rows.outputLines == ["0\t9452", "1\t9455", "0\tpost-300", "1\t9453", "0\tpost-301", "1\t9454", "0\tmore-posts"], "\(rows)")
            }
        }
    }

    @Test func reimportKeepsCollapsedNodes() async throws {
        try await TemporaryFolder.with("import-trows") { folder in
            let generated = folder.path("generated.trows")
            _ = try await CorpusGenerateCommandTests.generate(
                ["--shape", "reddit", "--nodes", "2000", "--seed", "3", "--expansion", "random:30"], into: generated)
            let output = folder.path("reimported.trows")
            try await Self.importCorpus(generated, to: output, nodes: 2_000)
            let before = try await TreeRowsExecutable.run(["corpus", "stats", generated, "--json"])
            let after = try await TreeRowsExecutable.run(["corpus", "stats", output, "--json"])
            #expect(after.standardOutput == before.standardOutput, "$ \(after.commandLine)\n$ \(before.commandLine)")
            #expect(try CorpusShape.collapsedCount(json: after.standardOutput) > 0, "$ \(after.commandLine)")
            let rowsBefore = try await Self.rows(generated)
            let rowsAfter = try await Self.rows(output)
            #expect(rowsAfter.standardOutput == rowsBefore.standardOutput, "$ \(rowsAfter.commandLine)")
            #expect(rowsAfter.outputLines.count < 2_000, "collapsed nodes hide rows")
        }
    }

    /// A small CSV file with comment lines, empty and `-1` parents and empty fields.
    static let smallCSV = """
        # a hand-made forest
        # second comment line
        node,parent,time,score
        0,-1,100,5
        1,0,110,
        2,0,,3
        3,1,120,-1
        4,-1,200,2
        5,,210,0
        6,3,130,1

        """
    /// Its rows: children under their parent in file order, top level in file order.
    static let smallCSVRows = ["0\t0", "1\t1", "2\t3", "3\t6", "1\t2", "0\t4", "0\t5"]

    /// Plain or gzip-compressed input.
    enum Compression: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case plain, gzip
        var testDescription: String { rawValue }

        /// Writes `text` to `name` (plus `.gz`, compressed by the system's gzip) and returns the path.
        func write(_ text: String, named name: String, in folder: TemporaryFolder) async throws -> String {
            let plain = try folder.write(text, to: name)
            guard self == .gzip else { return plain }
            let compressed = try await SystemCommand.gzip(plain)
            try #require(compressed.starts(with: [0x1F, 0x8B]), "gzip output")
            try FileManager.default.removeItem(atPath: plain)
            return try folder.write(compressed, to: name + ".gz")
        }
    }

    @Test(arguments: Compression.allCases)
    func smallCSVImports(_ compression: Compression) async throws {
        try await TemporaryFolder.with("import-csv") { folder in
            let input = try await compression.write(Self.smallCSV, named: "small.csv", in: folder)
            let output = folder.path("small.trows")
            try await Self.importCorpus(input, to: output, nodes: 7)
            for path in [input, output] {
                let rows = try await Self.rows(path)
                #expect(rows.outputLines == Self.smallCSVRows.map { Substring($0) }, "$ \(rows.commandLine)")
            }
            try await Self.expectValid(output, nodes: 7, topLevel: 3)
            try await Self.expectValid(input, nodes: 7, topLevel: 3)
            let (reported, stats) = try await CorpusStatsCommandTests.jsonStatistics(of: output)
            let expected = CorpusShape(nodes: 7, topLevel: 3, maxDepth: 3, maxFanout: 2, leaves: 4, depthHistogram: [3, 2, 1, 1])
            #expect(reported == expected, "$ \(stats.commandLine)")
        }
    }

    /// CSV inputs whose rows are not in tree order, and their expected rows.
    struct OrderCase: Sendable, CustomTestStringConvertible {
        var name: String
        var csv: String
        var rows: [String]
        var testDescription: String { name }
    }

    static let orderCases = [
        OrderCase(name: "children before parents, empty parent fields", csv: """
            node,parent,time,score
            30,20,3,1
            10,,1,1
            20,10,2,1
            11,10,,
            40,,4,
            21,20,5,
            50,30,6,

            """, rows: ["0\t10", "1\t20", "2\t30", "3\t50", "2\t21", "1\t11", "0\t40"]),
        OrderCase(name: "columns in another order, an extra column, CRLF line ends", csv:
            "score,parent,extra,node\r\n7,2,x,1\r\n8,-1,y,2\r\n9,1,z,3\r\n1,2,w,4\r\n",
            rows: ["0\t2", "1\t1", "2\t3", "1\t4"]),
        OrderCase(name: "negative and large ids", csv: "node,parent\n-5,9000000000\n9000000000,-1\n-7,-5\n",
                  rows: ["0\t9000000000", "1\t-5", "2\t-7"]),
    ]

    @Test(arguments: orderCases)
    func csvInAnyOrderImports(_ example: OrderCase) async throws {
        try await TemporaryFolder.with("import-order") { folder in
            let input = try folder.write(example.csv, to: "order.csv")
            let output = folder.path("order.trows")
            try await Self.importCorpus(input, to: output, nodes: example.rows.count)
            for path in [input, output] {
                let rows = try await Self.rows(path)
                #expect(rows.outputLines == example.rows.map { Substring($0) }, "$ \(rows.commandLine)")
            }
            try await Self.expectValid(output, nodes: example.rows.count, topLevel: example.rows.filter { $0.hasPrefix("0\t") }.count)
        }
    }

    /// How the rows of the deep chain are ordered in the file.
    enum ChainOrder: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Ids `0..<n`, each replying to the previous one: the reader's fast path.
        case parentsFirst = "parents first"
        /// Ids `n…1`, the deepest first: every row names a parent not read yet.
        case childrenFirst = "children first"
        var testDescription: String { rawValue }
    }

    /// At release speed (`.ci/test`'s release stage): a million rows through a debug build's
    /// reader and `corpus stats` cost a minute of the suite.
    @Test(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter millionDeepChainImports"),
          arguments: ChainOrder.allCases)
    func millionDeepChainImports(_ order: ChainOrder) async throws {
        let nodes = 1_000_000
        try await TemporaryFolder.with("import-chain") { folder in
            var csv: [UInt8] = Array("# a chain of \(nodes)\nnode,parent\n".utf8)
            csv.reserveCapacity(16 * nodes)
            switch order {
            case .parentsFirst:
                csv += Array("0,-1\n".utf8)
                for node in 1..<nodes { csv += Array("\(node),\(node - 1)\n".utf8) }
            case .childrenFirst:
                for node in stride(from: nodes, to: 1, by: -1) { csv += Array("\(node),\(node - 1)\n".utf8) }
                csv += Array("1,\n".utf8)
            }
            let input = try folder.write(csv, to: "chain.csv")
            let output = folder.path("chain.trows")
            try await Self.importCorpus(input, to: output, nodes: nodes)
            let (reported, stats) = try await CorpusStatsCommandTests.jsonStatistics(of: output)
            #expect(reported.nodes == nodes && reported.topLevel == 1, "$ \(stats.commandLine)")
            #expect(reported.maxDepth == nodes - 1, "$ \(stats.commandLine)")
            #expect(reported.maxFanout == 1 && reported.leaves == 1, "$ \(stats.commandLine)")
            #expect(reported.depthHistogram.count == nodes && reported.depthHistogram.allSatisfy { $0 == 1 }, "$ \(stats.commandLine)")
            try await Self.expectValid(output, nodes: nodes, topLevel: 1)
        }
    }
}

/// `bench` on a thread with pages not yet loaded, as saved and as imported, loads load-page's
/// pages at the thread's own load-more rows, and says so in the table and the JSON.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ReleaseThreadPagesTests"))
struct ReleaseThreadPagesTests {
    static let saved = "Corpora/recorded/reddit-iama-z1c9z.json"

    @Test func benchLoadsTheThreadsOwnPages() async throws {
        try await TemporaryFolder.with("bench-pages") { folder in
            let imported = folder.path("ama.trows")
            try await CorpusImportCommandTests.importCorpus(Self.saved, to: imported, nodes: 364)
            for corpus in [Self.saved, imported] {
                let json = folder.path("bench.json")
                let result = try await TreeRowsExecutable.run([
                    "bench", "--corpus", corpus, "--strategies", "reference,preorder-btree", "--operations", "toggle-random,load-page",
                    "--repetitions", "4", "--budget", "20", "--json", json,
                ])
                try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
                let entries = try #require(
                    (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])?["results"]
                        as? [[String: Any]])
                let pages = entries.map {
                    "\($0["operation"] as? String ?? "?") \($0["threadPages"] as? Int ?? 0) \($0["correct"] as? Bool ?? false) \($0["nodes"] as? Int ?? 0)"
                }
                #expect(pages.sorted() == ["load-page 167 true 364", "load-page 167 true 364", "toggle-random 0 true 364", "toggle-random 0 true 364"],
                        "\(corpus)")
                #expect(result.standardOutput.contains("(364 nodes) · load-page · at the thread's 167 load-more rows\n"), "\(result)")
            }
        }
    }
}
