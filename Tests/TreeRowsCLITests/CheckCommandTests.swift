import Testing
import TreeRows

/// `treerows check`: all strategies in lock-step with the reference.
@Suite("treerows check", .timeLimit(.minutes(10)))
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
        // Every built-in strategy, and preorder-btree's fuzzing variant beside it.
        let strategies = RowsCommandTests.strategies + BuiltinStrategies.variants.map { $0.name }
        #expect(strategies.contains("preorder-btree-small-nodes"))
        for strategy in strategies {
            let row = try #require(rows.first { $0.first == Substring(strategy) }, "no row for \(strategy)\n\(result)")
            #expect(row.count >= 3 && row[1] == "200", "\(strategy) operations\n\(result)")
            #expect(row.count >= 3 && row[2] == "0", "\(strategy) disagreements\n\(result)")
        }
        #expect(rows.count == strategies.count, "one row per strategy\n\(result)")
    }

    /// A strategy that traps is one CRASHED row with its operation; the others are checked
    /// to the end, and the command exits 1 naming both failures.
    @Test func aCrashingStrategyIsReportedAndTheOthersGoOn() async throws {
        let result = try await TreeRowsExecutable.run(
            ["check", "--corpus", "hn-17338700", "--ops", "300", "--strategies",
             "mutant-toggle-hidden-unwraps-row,preorder-btree,mutant-expand-inserts-only-children"], mutants: true)
        #expect(result.exitCode == 1 && !result.wasSignalled, "\(result)")
        let rows = result.outputLines.map { $0.split(separator: " ") }
        let crashed = try #require(rows.first { $0.first == "mutant-toggle-hidden-unwraps-row" }, "\(result)")
        #expect(crashed.count > 2 && crashed[2] == "CRASHED" && Int(crashed[1]).map { $0 < 300 } == true, "\(result)")
        let fine = try #require(rows.first { $0.first == "preorder-btree" }, "\(result)")
        #expect(fine.count > 2 && fine[1] == "300" && fine[2] == "0", "\(result)")
        let wrong = try #require(rows.first { $0.first == "mutant-expand-inserts-only-children" }, "\(result)")
        #expect(wrong.count > 2 && wrong[1] == "300" && wrong[2] != "0" && wrong[2] != "CRASHED", "\(result)")
        #expect(result.standardOutput.contains("mutant-toggle-hidden-unwraps-row: crashed in operation ")
            && result.standardOutput.contains("(toggle #") && result.standardOutput.contains(": trap: "), "\(result)")
        #expect(result.standardError.contains("mutant-expand-inserts-only-children disagreed with the reference")
            && result.standardError.contains("mutant-toggle-hidden-unwraps-row crashed"), "\(result)")
    }

    @Test func theReferenceAloneChecksNothing() async throws {
        let result = try await TreeRowsExecutable.run(["check", "--corpus", "hn-17338700", "--strategies", "reference"])
        #expect(result.exitCode == 2 && result.standardError.contains("leaves nothing to check"), "\(result)")
    }
}
