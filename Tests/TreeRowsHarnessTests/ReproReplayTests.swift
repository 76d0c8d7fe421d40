import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// Every regression case in Corpora/repros passes on the strategies it names, and repro
/// files round-trip.
@Suite struct ReproReplayTests {
    static let folder = PackageFolder.root + "/Corpora/repros"
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

    @Test func thereAreRegressionCases() { #expect(Self.files.count >= 5) }

    @Test(arguments: files)
    func replays(_ file: String) throws {
        let repro = try ReproFile.read(contentsOf: "\(Self.folder)/\(file)")
        let strategies = repro.strategy == "all" ? BuiltinStrategies.all : [try #require(BuiltinStrategies.named(repro.strategy))]
        #expect(!repro.fuzzCase.operations.isEmpty)
        let disagreement = DifferentialRun.firstDisagreement(repro.fuzzCase, strategies: strategies)
        #expect(disagreement == nil, "\(file): \(disagreement.map { "\($0.strategy): \($0.problem)" } ?? "")")
    }

    @Test func reproFilesRoundTrip() throws {
        let fuzzCase = FuzzCase(nodes: [.init(id: "a", parent: nil, isExpanded: false, time: -3, score: 12, height: 61),
                                        .init(id: 7, parent: "a", isExpanded: true)],
                                operations: [.toggle("a"), .insert("n", under: 7, at: 0), .insert(9, under: nil, at: 3), .expandAll,
                                             .remove(7), .reload("a"), .collapseRecursively("a"), .expandRecursively("a"),
                                             .sort(SiblingOrder(.replies, descending: true)), .accordionExpand(7),
                                             .loadPage(["p", 8], under: "a", before: 7, removingLoadMoreRow: true),
                                             .loadPage([10], under: nil, before: nil, removingLoadMoreRow: false)])
        let written = ReproFile(fuzzCase: fuzzCase, strategy: "range-counts", seed: 5, caseNumber: 2, disagreement: nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("repro-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try written.json.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try ReproFile.read(contentsOf: path)
        #expect(read.fuzzCase == fuzzCase && read.strategy == "range-counts" && read.seed == 5 && read.caseNumber == 2)
        #expect(read.disagreement == nil)
    }

    /// A finding's `failure` reads back with its typed aspect; one written before the aspect
    /// was kept reads without it, and one this version cannot read is refused by name.
    @Test func aFindingsAspectRoundTrips() throws {
        let fuzzCase = FuzzCase(nodes: [.init(id: "a", parent: nil, isExpanded: true)], operations: [.toggle("a")])
        var finding = Disagreement(strategy: "mine", operationIndex: 0, problem: "row count 1, reference 0", expectedRows: [],
                                   actualRows: ["0:a"], diff: "(no change)")
        finding.aspect = .rowCount
        (finding.expected, finding.found) = ("0", "1")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("repro-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = ReproFile(fuzzCase: fuzzCase, strategy: "mine", seed: 1, caseNumber: 0, disagreement: finding).json
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try ReproFile.read(contentsOf: path).disagreement == finding)
        try text.replacingOccurrences(of: #","aspect":"rowCount""#, with: "").write(toFile: path, atomically: true, encoding: .utf8)
        var old = finding
        old.aspect = nil
        #expect(try ReproFile.read(contentsOf: path).disagreement == old)
        // Before the two values were kept: read without them.
        try text.replacingOccurrences(of: #","expected":"0","found":"1""#, with: "").write(toFile: path, atomically: true, encoding: .utf8)
        var withoutValues = finding
        (withoutValues.expected, withoutValues.found) = (nil, nil)
        #expect(try ReproFile.read(contentsOf: path).disagreement == withoutValues)
        try text.replacingOccurrences(of: #""aspect":"rowCount""#, with: #""aspect":"vibes""#).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: CorpusError.self) { try ReproFile.read(contentsOf: path) }
        // A failure of an early version, without its strategy (the file's) or its rows.
        try text.replacingOccurrences(of: #""strategy":"mine","#, with: "").replacingOccurrences(of: #","actualRows":["0:a"]"#, with: "")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let early = try #require(try ReproFile.read(contentsOf: path).disagreement)
        #expect(early.strategy == "mine" && early.actualRows.isEmpty && early.aspect == .rowCount && early.problem == finding.problem)
    }

    @Test("A repro file still catches its mutant")
    func reproCatchesMutant() throws {
        let repro = try ReproFile.read(contentsOf: "\(Self.folder)/stale-ancestor-counts.json")
        #expect(DifferentialRun.firstDisagreement(repro.fuzzCase, strategies: [StaleCountsMutant.self]) != nil)
    }
}
