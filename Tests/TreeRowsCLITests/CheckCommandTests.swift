import Testing

/// `treerows check`: all strategies in lock-step with the reference.
@Suite("treerows check", .timeLimit(.minutes(2)))
struct CheckCommandTests {
    @Test func everyStrategyAgreesOnTheHackerNewsThread() async throws {
        let result = try await TreeRowsExecutable.run(["check", "--corpus", "hn-17338700", "--ops", "200", "--seed", "3"])
        try #require(result.exitCode == 0 && !result.wasSignalled, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        let lines = result.outputLines
        #expect(lines.contains("replay: treerows check --corpus hn-17338700 --ops 200 --seed 3"), "\(result)")
        let header = try #require(lines.firstIndex { $0.hasPrefix("strategy") }, "no table\n\(result)")
        #expect(lines[header].split(separator: " ").starts(with: ["strategy", "operations", "disagreements"]))
        let rows = lines[(header + 1)...].map { $0.split(separator: " ") }
        for strategy in RowsCommandTests.strategies {
            let row = try #require(rows.first { $0.first == Substring(strategy) }, "no row for \(strategy)\n\(result)")
            #expect(row.count >= 3 && row[1] == "200", "\(strategy) operations\n\(result)")
            #expect(row.count >= 3 && row[2] == "0", "\(strategy) disagreements\n\(result)")
        }
        #expect(rows.count == RowsCommandTests.strategies.count, "one row per strategy\n\(result)")
    }
}
