import Foundation
import Testing

/// `treerows corpus list`, and built-in corpus names in `--corpus`.
@Suite("treerows corpus list", .timeLimit(.minutes(10)))
struct CorpusListCommandTests {
    static let corpora = TreeRowsExecutable.packageRoot.appendingPathComponent("Corpora")

    /// The names of the files in `Corpora/FOLDER` that end in `suffix`, without it.
    static func names(in folder: String, ending suffix: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: corpora.appendingPathComponent(folder).path)) ?? []
        return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
    }

    static let recordedNames = names(in: "recorded", ending: ".trows")
    static let syntheticNames = names(in: "synthetic", ending: ".json")

    /// One line of the listing: name, kind, node count, description.
    struct Entry {
        var name: String
        var kind: String
        var nodes: Int
        var description: String
    }

    /// Runs `corpus list` in `directory` and reads its lines.
    static func list(in directory: URL = TreeRowsExecutable.packageRoot) async throws -> ([Entry], ExecutionResult) {
        let result = try await TreeRowsExecutable.run(["corpus", "list"], in: directory)
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        let entries = try result.outputLines.map { line in
            let words = line.split(separator: " ", maxSplits: 3)
            guard words.count == 4, let nodes = Int(words[2]) else {
                throw CorpusTree.ReadError(description: "not NAME KIND NODES DESCRIPTION: \"\(line)\"")
            }
            return Entry(name: String(words[0]), kind: String(words[1]), nodes: nodes,
                         description: words[3].trimmingCharacters(in: .whitespaces))
        }
        return (entries, result)
    }

    @Test func listsEveryBuiltInCorpus() async throws {
        #expect(!Self.recordedNames.isEmpty && !Self.syntheticNames.isEmpty, "Corpora/ under \(Self.corpora.path)")
        let (entries, result) = try await Self.list()
        for (names, kind) in [(Self.recordedNames, "recorded"), (Self.syntheticNames, "synthetic")] {
            for name in names {
                let entry = entries.first { $0.name == name }
                #expect(entry?.kind == kind, "\(name) listed as \(kind)\n\(result)")
                #expect((entry?.nodes ?? 0) > 0, "\(name) has a positive node count\n\(result)")
                #expect(entry?.description.isEmpty == false, "\(name) has a description\n\(result)")
            }
        }
        // Recorded first, then synthetic, nothing else (the order within each kind is the file names').
        let names = entries.map(\.name)
        #expect(Set(names.prefix(Self.recordedNames.count)) == Set(Self.recordedNames), "\(result)")
        #expect(Set(names.dropFirst(Self.recordedNames.count)) == Set(Self.syntheticNames), "\(result)")
        #expect(names.count == Set(names).count, "each name once\n\(result)")
    }

    @Test func nodeCountsAreTheCorporaSizes() async throws {
        let (entries, result) = try await Self.list()
        for name in Self.recordedNames {
            let source = Self.corpora.appendingPathComponent("recorded/\(name).jsonl").path
            guard FileManager.default.fileExists(atPath: source) else { continue }
            let tree = try CorpusTree(contentsOf: source)
            #expect(entries.first { $0.name == name }?.nodes == tree.nodeCount, "\(name): \(source)\n\(result)")
        }
        if Self.recordedNames.contains("reddit-worldnews-forest") {
            #expect(entries.first { $0.name == "reddit-worldnews-forest" }?.nodes == 1_991_903, "\(result)")
        }
        for name in Self.syntheticNames {
            let spec = try Self.spec(name)
            #expect(entries.first { $0.name == name }?.nodes == spec["nodes"] as? Int, "\(name).json\n\(result)")
        }
    }

    @Test func sameListingFromAnotherDirectory() async throws {
        let (_, inPackage) = try await Self.list()
        let (_, elsewhere) = try await Self.list(in: FileManager.default.temporaryDirectory)
        #expect(elsewhere.standardOutput == inPackage.standardOutput, "\(elsewhere)")
    }

    @Test func listsRecordedCorporaOfTheWorkingDirectory() async throws {
        try await TemporaryFolder.with("list-cwd") { folder in
            let recorded = try folder.subfolder("Corpora").subfolder("recorded")
            let small = try folder.write("{\"description\": \"two nodes\"}\n{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n", to: "small.jsonl")
            // A header over 64 KiB: the listing reads only a file's first bytes for its metadata.
            let large = try folder.write("{\"source\": \"\(String(repeating: "x", count: 70_000))\"}\n{\"id\": 1}\n", to: "large.jsonl")
            try await CorpusImportCommandTests.importCorpus(small, to: recorded.path("local-small.trows"), nodes: 2)
            try await CorpusImportCommandTests.importCorpus(large, to: recorded.path("local-large.trows"), nodes: 1)

            let described = try await TreeRowsExecutable.run(
                ["corpus", "import", small, "-o", recorded.path("local-described.trows"), "--description", "given on the command line"])
            try #require(described.exitCode == 0, "\(described)")

            let (entries, result) = try await Self.list(in: folder.url)
            let entry = entries.first { $0.name == "local-small" }
            #expect(entry?.kind == "recorded" && entry?.nodes == 2, "\(result)")
            #expect(entries.first { $0.name == "local-described" }?.description == "given on the command line", "\(result)")
            #expect(entry?.description == "two nodes", "\(result)")
            #expect(Set(Self.recordedNames + Self.syntheticNames).isSubset(of: entries.map(\.name)), "the package's corpora too\n\(result)")
            let rows = try await TreeRowsExecutable.run(["rows", "--corpus", "local-large"], in: folder.url)
            #expect(rows.exitCode == 0 && rows.outputLines == ["0\t1"], "--corpus finds it\n\(rows)")
            #expect(entries.contains { $0.name == "local-large" && $0.nodes == 1 }, "\(result)")
        }
    }

    /// `Corpora/synthetic/NAME.json`, read by Foundation.
    static func spec(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: corpora.appendingPathComponent("synthetic/\(name).json"))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CorpusTree.ReadError(description: "\(name).json is not an object")
        }
        return object
    }

    /// Where `rows --corpus NAME` runs.
    enum Directory: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case package = "package root"
        case elsewhere = "temporary directory"
        var testDescription: String { rawValue }
        var url: URL { self == .package ? TreeRowsExecutable.packageRoot : FileManager.default.temporaryDirectory }
    }

    @Test(arguments: ["reddit-worldnews-ykrn8h", "hn-17338700"], Directory.allCases)
    func recordedNameShowsTheThread(_ name: String, _ directory: Directory) async throws {
        let source = Self.corpora.appendingPathComponent("recorded/\(name).jsonl").path
        let byName = try await TreeRowsExecutable.run(["rows", "--corpus", name, "--strategy", "reference"], in: directory.url)
        try #require(byName.exitCode == 0 && !byName.wasSignalled, "\(byName)")
        #expect(byName.standardError.isEmpty, "\(byName)")
        let expected = try CorpusTree(contentsOf: source).rows()
        let difference = RowsCommandTests.firstDifference(byName.outputLines, expected)
        #expect(difference == nil, "\(difference ?? "")\n$ \(byName.commandLine)")
    }

    @Test(arguments: ["reddit-10k", "hn-10k"], Directory.allCases)
    func syntheticNameGeneratesTheSpec(_ name: String, _ directory: Directory) async throws {
        let spec = try Self.spec(name)
        let nodes = try #require(spec["nodes"] as? Int)
        let byName = try await TreeRowsExecutable.run(["rows", "--corpus", name], in: directory.url)
        try #require(byName.exitCode == 0 && !byName.wasSignalled, "\(byName)")
        #expect(byName.standardError.isEmpty, "\(byName)")
        #expect(byName.outputLines.count == nodes, "rows --corpus \(name) | wc -l")

        // The same tree as `corpus generate` with the spec's options.
        try await TemporaryFolder.with("synthetic-name") { folder in
            let shape = try #require(spec["shape"] as? String)
            let seed = try #require(spec["seed"] as? Int)
            let expansion = spec["expansion"] as? String ?? "expanded"
            let output = folder.path("\(name).trows")
            _ = try await CorpusGenerateCommandTests.generate(
                ["--shape", shape, "--nodes", "\(nodes)", "--seed", "\(seed)", "--expansion", expansion], into: output)
            let generated = try await TreeRowsExecutable.run(["rows", "--corpus", output])
            #expect(generated.standardOutput == byName.standardOutput, "$ \(generated.commandLine)\n$ \(byName.commandLine)")
        }
        let (reported, stats) = try await CorpusStatsCommandTests.jsonStatistics(of: name)
        #expect(reported.nodes == nodes, "$ \(stats.commandLine)")
    }
}
