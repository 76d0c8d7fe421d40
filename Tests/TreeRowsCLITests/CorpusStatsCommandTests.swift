import Foundation
import Testing

/// `treerows corpus stats`: the numbers agree with an independent count.
@Suite("treerows corpus stats", .timeLimit(.minutes(10)))
struct CorpusStatsCommandTests {
    /// The shared gzip-compressed forest, `../shared/corpora/reddit-worldnews-forest.csv.gz`.
    static let forestPath = TreeRowsExecutable.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/corpora/reddit-worldnews-forest.csv.gz").path
    /// The package's conversion of the forest.
    static let recordedForestPath = TreeRowsExecutable.packageRoot
        .appendingPathComponent("Corpora/recorded/reddit-worldnews-forest.trows").path

    /// Runs `corpus stats PATH --json` and reads the result.
    static func jsonStatistics(of corpus: String) async throws -> (CorpusShape, ExecutionResult) {
        let result = try await TreeRowsExecutable.run(["corpus", "stats", corpus, "--json"])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        #expect(result.outputLines.count == 1, "one JSON line\n\(result)")
        return (try CorpusShape(json: result.standardOutput), result)
    }

    @Test(arguments: CorpusFile.recorded + CorpusFile.shared)
    func jsonMatchesAnIndependentCount(_ file: CorpusFile) async throws {
        let expected = CorpusShape(try CorpusTree(contentsOf: file.path))
        let (reported, result) = try await Self.jsonStatistics(of: file.path)
        #expect(reported == expected, "reported \(reported)\nexpected \(expected)\n$ \(result.commandLine)")
        #expect(try CorpusShape.collapsedCount(json: result.standardOutput) == 0, "a JSON Lines file has no collapsed nodes")
    }

    @Test(arguments: CorpusFile.recorded + CorpusFile.shared)
    func textNamesTheSameNumbers(_ file: CorpusFile) async throws {
        let expected = CorpusShape(try CorpusTree(contentsOf: file.path))
        let result = try await TreeRowsExecutable.run(["corpus", "stats", file.path])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        #expect(result.outputLines.first == "corpus            \(file.path)"[...], "the first line names the file\n\(result)")
        let reported = try CorpusShape(text: result.standardOutput)
        #expect(reported == expected, "reported \(reported)\nexpected \(expected)\n$ \(result.commandLine)")
    }

    @Test("A file whose name starts with a dash, after --")
    func fileNamedLikeAnOption() async throws {
        let source = try CorpusFile.hackerNews
        let expected = CorpusShape(try CorpusTree(contentsOf: source.path))
        try await TemporaryFolder.with("dash-name") { folder in
            try FileManager.default.copyItem(atPath: source.path, toPath: folder.path("-thread.jsonl"))
            let validate = try await TreeRowsExecutable.run(["corpus", "validate", "--", "-thread.jsonl"], in: folder.url)
            #expect(validate.exitCode == 0 && validate.standardOutput.hasPrefix("ok: -thread.jsonl: "), "\(validate)")
            let stats = try await TreeRowsExecutable.run(["corpus", "stats", "--json", "--", "-thread.jsonl"], in: folder.url)
            try #require(stats.exitCode == 0, "\(stats)")
            #expect(try CorpusShape(json: stats.standardOutput) == expected, "\(stats)")
        }
    }

    /// `(node, parent)` of every row of a `node,parent,…` CSV: `#` lines and the header
    /// skipped, parent `-1` or empty for top level. Written for speed in a debug build.
    static func nodesAndParents(ofCSV bytes: [UInt8]) throws -> [(node: Int, parent: Int)] {
        var rows: [(node: Int, parent: Int)] = []
        rows.reserveCapacity(bytes.count / 24)
        var sawHeader = false
        try bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let count = buffer.count
            while index < count {
                var end = index
                while end < count && buffer[end] != 0x0A { end += 1 }
                defer { index = end + 1 }
                if end == index || buffer[index] == UInt8(ascii: "#") { continue }
                if !sawHeader {
                    let header = String(decoding: UnsafeBufferPointer(rebasing: buffer[index..<end]), as: UTF8.self)
                    guard header.hasPrefix("node,parent") else {
                        throw CorpusTree.ReadError(description: "unexpected header \"\(header)\"")
                    }
                    sawHeader = true
                    continue
                }
                // Two leading fields: node, then parent (may be empty or negative).
                var fields = [0, 0]
                for field in 0..<2 {
                    var value = 0
                    var negative = false
                    var digits = 0
                    while index < end && buffer[index] != UInt8(ascii: ",") && buffer[index] != 0x0D {
                        let byte = buffer[index]
                        if byte == UInt8(ascii: "-") && digits == 0 && !negative {
                            negative = true
                        } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                            value = value * 10 + Int(byte - UInt8(ascii: "0"))
                            digits += 1
                        } else {
                            throw CorpusTree.ReadError(description: "row \(rows.count + 1): unexpected byte \(byte)")
                        }
                        index += 1
                    }
                    if field == 1 && digits == 0 { value = -1 } else if negative { value = -value }
                    fields[field] = value
                    index += 1  // the comma
                }
                rows.append((fields[0], fields[1] < 0 ? -1 : fields[1]))
            }
        }
        return rows
    }

}

/// The shared 2-million-node forest through `corpus stats`: half a minute alone in a debug
/// build, several times that beside the rest of the suite, so its own time limit.
@Suite("treerows corpus stats of the shared forest", .timeLimit(.minutes(10)))
struct ForestStatsCommandTests {
    typealias Stats = CorpusStatsCommandTests

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Stats.forestPath), "the shared corpora folder is present"))
    func gzipForestMatchesAStreamingCount() async throws {
        // The tool runs while the test counts: decompressed by the system's gzip, counted
        // here, nothing of TreeRowsCorpora involved.
        async let fromGzip = Stats.jsonStatistics(of: Stats.forestPath)
        let hasConversion = FileManager.default.fileExists(atPath: Stats.recordedForestPath)
        async let fromConversion = hasConversion ? Stats.jsonStatistics(of: Stats.recordedForestPath) : nil
        let rows = try Stats.nodesAndParents(ofCSV: try await SystemCommand.output(of: ["gzip", "-dc", Stats.forestPath]))
        try #require(rows.enumerated().allSatisfy { $0.offset == $0.element.node }, "the forest's node ids are its row indices")
        let expected = try #require(CorpusShape(parentsFirst: rows.map { Int32($0.parent) }), "parents precede children")
        #expect(expected.nodes == 1_991_903 && expected.topLevel == 484, "\(expected)")

        let (reported, result) = try await fromGzip
        #expect(reported.nodes == 1_991_903, "$ \(result.commandLine)")
        #expect(reported.topLevel == 484, "$ \(result.commandLine)")
        #expect(reported.maxDepth == expected.maxDepth, "$ \(result.commandLine)")
        #expect(reported.maxFanout == expected.maxFanout, "$ \(result.commandLine)")
        #expect(reported == expected, "reported \(reported)\nexpected \(expected)\n$ \(result.commandLine)")

        // The package's .trows conversion of the same forest has the same shape.
        if let (converted, result) = try await fromConversion {
            #expect(converted == expected, "reported \(converted)\nexpected \(expected)\n$ \(result.commandLine)")
        }
    }
}
