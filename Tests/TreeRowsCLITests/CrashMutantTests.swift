import Foundation
import Testing
import TreeRows
import TreeRowsHarness
import TreeRowsTestSupport

/// A strategy that traps, overflows its stack, hangs or exhausts memory is a finding of
/// `treerows fuzz`, not the end of it: each crash mutant (Tests/TreeRowsTestSupport's
/// `CrashMutant`, in the `treerows-mutants` tool) is caught, written as a repro that names
/// the kind of crash, shrunk, and replayed as failing with exit code 1.
enum CrashExpectations {
    /// The shrink of a scale run whose shrunk size is not asserted (a hang, runaway memory, a
    /// B-tree bug): what it checks (still failing the same way, no larger, replayed) holds
    /// at any shrink time, and the default minute would be spent on failing candidates (a
    /// hanging one costs the watchdog's 2 s). The catch is still the default run's.
    static let unsizedShrink = ["--shrink-time", "20"]

    /// The scale suites' runs, at most one a core: each is a single-worker `fuzz`.
    static let cores = RunSlots(ProcessInfo.processInfo.activeProcessorCount)

    /// The kind each mutant must be reported as, and the most nodes and operations its
    /// shrunk case may have together.
    static let expected: [String: (kind: String, size: Int)] = [
        "toggle-hidden-unwraps-row": ("trap", 6), "remove-last-child-reads-past-end": ("trap", 6),
        "score-sum-overflows": ("trap", 8), "accordion-only-child-loops": ("hang", 12),
        "empty-page-retries-forever": ("out of memory", 12), "recursive-expand-all": ("stack overflow", 400_000),
        "recursive-expand-recursively": ("stack overflow", 400_000),
        "first-toggle-stalls": ("hang", 3),
    ]

    /// Fuzzes `mutant` with `arguments` beside the defaults and checks the whole path:
    /// exit code 1, the crash line, the repro file (kind, message, frame), its size, and a
    /// replay that fails with exit code 1 and names the crash.
    ///
    /// - Parameter loose: Only require the shrunk case to be no larger than the found one.
    @discardableResult
    static func caughtAndReplayed(_ mutant: String, _ arguments: [String], loose: Bool = false) async throws -> ReproFile {
        let (kind, size) = try #require(expected[mutant])
        return try await caughtAndReplayed(mutant, arguments, kinds: [kind], frames: ["CrashMutant.", "static CrashMutant."], size: loose ? nil : size)
    }

    /// Fuzzes `mutant` and checks the whole path for a finding of one of `kinds` (a crash
    /// kind, or "disagreement"): exit code 1, the finding's line, the repro file (with a
    /// crash's kind and a top frame starting with one of `frames`), a shrunk case no larger
    /// than the found one (and at most `size` nodes and operations together), and a replay
    /// that fails with exit code 1 and names the finding.
    /// - Returns: The repro file the run wrote.
    @discardableResult
    static func caughtAndReplayed(_ mutant: String, _ arguments: [String], kinds: Set<String>, frames: [String], size: Int?) async throws
        -> ReproFile
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-mutant-\(mutant)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await TreeRowsExecutable.run(
            ["fuzz", "--strategies", "mutant-\(mutant)", "--jobs", "1", "--out", folder.path] + arguments, mutants: true)
        #expect(result.exitCode == 1 && !result.wasSignalled, "\(result)")
        // What was found is read from the repro file: the strategy, and a crash's kind and top frame.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        let file = try #require(files.first.map { folder.appendingPathComponent($0).path }, "\(result)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let finding = try #require(try ReproFile.read(contentsOf: file).disagreement, "\(text.prefix(3_000))")
        // The mutant, or its fuzzing variant (a B-tree mutant's copy with small nodes).
        let name = finding.strategy
        #expect(name == "mutant-\(mutant)" || name == "mutant-\(mutant)-small-nodes", "\(text.prefix(3_000))")
        // Every mutant here fails whenever its case runs: never recorded as flaky (a variant's
        // case replayed in a new process once ran every other strategy instead, and passed).
        #expect(try ReproFile.read(contentsOf: file).flakiness == nil && !finding.problem.contains("flaky"), "\(text.prefix(3_000))")
        let crashed = finding.crash != nil
        let kind = finding.crash?.kind.rawValue ?? "disagreement"
        #expect(kinds.contains(kind), "expected one of \(kinds.sorted()), found \(kind): \(text.prefix(3_000))")
        #expect(result.standardError.contains(crashed ? "\(name) crashed" : "\(name) disagreed with the reference"), "\(result)")
        if kind == "trap" || kind == "stack overflow" {
            // The top frame is the mutant's own function (a static one reads `static CrashMutant.…`).
            #expect(frames.contains { finding.crash?.function?.hasPrefix($0) == true }, "\(text.prefix(3_000))")
        }
        let shrunk = try #require(result.outputLines.first { $0.hasPrefix("shrunk from ") })
        let numbers = shrunk.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 4 && numbers[2] <= numbers[0] && numbers[3] <= numbers[1]
            && numbers[2] + numbers[3] <= size ?? .max, "\(shrunk)\n\(text.prefix(3_000))")
        let replay = try await TreeRowsExecutable.run(["replay", file], mutants: true)
        #expect(replay.exitCode == 1 && !replay.wasSignalled, "\(replay)")
        let failure = crashed ? "FAIL \(file): \(name) crashed: \(kind): " : "FAIL \(file): \(name) after operation "
        #expect(replay.standardOutput.contains(failure), "\(replay)")
        return try ReproFile.read(contentsOf: file)
    }
}

/// What the checked build shows of crashing strategies: a stall's own case and operation, and two
/// workers that stop at the first crash. Every crash mutant, caught, shrunk and replayed,
/// is `ScaleCrashMutantTests` (release speed: a shrink at debug speed costs minutes of a core).
@Suite("fuzz survives crashing strategies") struct CrashMutantTests {
    /// A step slow enough for the watchdog, after which the strategy goes on (its backtrace
    /// is written meanwhile): the finding is the case and operation the watchdog saw, the
    /// worker's first toggle, not wherever the worker had got to when it was stopped.
    @Test func aStepSlowOnceIsTheHangOfItsOwnCase() async throws {
        let repro = try await CrashExpectations.caughtAndReplayed(
            "first-toggle-stalls", ["--large-share", "0", "--time", "60", "--shrink-time", "30", "--hang-timeout", "0.5"])
        // Seed 1's first small case toggles in its first operation.
        #expect(repro.seed == 1 && repro.caseNumber == 1, "seed \(String(describing: repro.seed)), case \(String(describing: repro.caseNumber))")
        #expect(repro.disagreement?.crash?.kind.rawValue == "hang" && repro.disagreement?.operationIndex == 0, "\(repro.json)")
    }

    @Test func twoWorkersStopAtTheFirstCrashAndNameItsMessage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await TreeRowsExecutable.run(["fuzz", "--strategies", "mutant-toggle-hidden-unwraps-row", "--jobs", "2",
                                                       "--large-share", "0", "--iterations", "100000", "--out", folder.path], mutants: true)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("Unexpectedly found nil while unwrapping an Optional value at CrashMutant.toggle(_:)"), "\(result)")
    }
}

/// Every crash mutant, with the fuzzer's default configuration (60 seconds, both tiers):
/// at release speed, which the large tier (a chain of 100,000 nodes) needs, each run with a
/// core to itself as on a user's machine (``CrashExpectations/cores``, shared with
/// ``ScaleBTreeMutantTests``, which `.ci/test` runs beside it).
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ScaleCrashMutantTests"))
struct ScaleCrashMutantTests {
    @Test(arguments: CrashExpectations.expected.keys.sorted())
    func defaultRunCatchesShrinksAndReplays(_ mutant: String) async throws {
        // A hang or runaway memory found in a long case of the large tier costs a quarter of a
        // second per failing candidate: its shrinking is bounded by time, not by size.
        let kind = CrashExpectations.expected[mutant]?.kind
        // The recursions overflow at the top of a deep chain, which every large case's sweep of
        // extremal nodes aims at: the first deep chain (the third large case) shows them, 12 s
        // into a default run on an idle 2-core VM. Within 30 s here, with the other suite
        // beside it.
        let time = mutant.hasPrefix("recursive-") ? ["--time", "30"] : []
        let loose = kind == "hang" || kind == "out of memory"
        try await CrashExpectations.cores.run {
            try await CrashExpectations.caughtAndReplayed(mutant, time + (loose ? CrashExpectations.unsizedShrink : []), loose: loose)
        }
    }

    /// bench (release only) runs each strategy's cell in a child: a stack overflow is a
    /// CRASHED cell, named with its input in the table and the JSON, left out of the verdict,
    /// and the other strategies are measured as usual. A loop in a cell's first input is
    /// SLOW there, with its lower bound: nothing of the strategy's own on that operation says
    /// it is stuck rather than superlinear (the fuzzer, which has, calls it a hang).
    @Test func benchMarksCrashedCellsAndGoesOn() async throws {
        try await CrashExpectations.cores.run { try await Self.benchMarksCrashedCells() }
    }

    static func benchMarksCrashedCells() async throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("bench-crash-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: json) }
        let result = try await TreeRowsExecutable.run(
            ["bench", "--strategies", "reference,preorder-btree,mutant-recursive-expand-all,mutant-accordion-only-child-loops",
             "--operations", "expand-all,accordion-expand", "--sizes", "chain:100000", "--repetitions", "20", "--hang-timeout", "1",
             "--json", json], mutants: true)
        #expect(result.exitCode == 1 && !result.wasSignalled, "\(result)")
        #expect(result.standardOutput.contains("not considered: mutant-recursive-expand-all, crashed on chain:100000 · expand-all"),
                "\(result)")
        let rows = result.outputLines.map { $0.split(separator: " ") }
        #expect(rows.filter { $0.first == "preorder-btree" && $0.count > 2 && $0[1] == "20" }.count == 2, "\(result)")
        #expect(rows.filter { $0.first == "mutant-recursive-expand-all" && $0.last == "CRASHED" }.count == 1, "\(result)")
        #expect(rows.filter { $0.first == "mutant-accordion-only-child-loops" && $0.last == "SLOW" }.count == 1, "\(result)")
        #expect(result.standardError.contains("mutant-recursive-expand-all crashed"), "\(result)")
        // The crashed cell says how and in which input, in the JSON and in the line under the table.
        let cells = try BenchmarkReport.read(contentsOf: json).results
        let crashed = cells.filter { $0.crash != nil }
        let found = crashed.map { "\($0.strategy) \($0.crash!.kind.rawValue) \($0.crashStep ?? "no step")" }.sorted()
        #expect(found == ["mutant-recursive-expand-all stack overflow input 0"], "\(found)")
        let slow = try #require(cells.first { $0.strategy == "mutant-accordion-only-child-loops" && $0.operation == "accordion-expand" })
        #expect(slow.isSlow && slow.crash == nil && (slow.slowLowerBoundNanoseconds ?? 0) >= 1e9, "\(result)")
        for cell in crashed + [slow] {
            #expect(result.outputLines.contains { $0.contains("\(cell.strategy) \(cell.failureSummary!)") }, "\(cell.failureSummary ?? ""): \(result)")
        }
    }
}

/// Every B-tree mutant (a copy of preorder-btree's B-tree with a bug in a split, a packing,
/// the root's growth or collapse, or a range add, some only at level 3 and above), with the
/// fuzzer's default configuration: at release speed, one run a core. With preorder-btree's
/// own node sizes most bugs show only when a case drives a large B-tree across the
/// boundary; the mutant's fuzzing variant, the copy with small nodes, crosses every level
/// on trees of hundreds of nodes, so each is found there and shrinks to at most a few
/// thousand nodes. Each either traps in the copy's code or answers wrong, whichever the
/// case that finds it reaches first.
@Suite(.enabled(if: !internalChecksEnabled, "needs a release build: swift test -c release --filter ScaleBTreeMutantTests"))
struct ScaleBTreeMutantTests {
    @Test(arguments: MutantBug.allCases.filter { $0.rawValue.hasPrefix("btree-") }.map(\.rawValue))
    func defaultRunCatchesShrinksAndReplays(_ mutant: String) async throws {
        try await CrashExpectations.cores.run {
            try await CrashExpectations.caughtAndReplayed(
                mutant, CrashExpectations.unsizedShrink, kinds: ["trap", "disagreement"], frames: ["PreorderSequence.", "PreorderBTree.", "specialized PreorderSequence.", "specialized PreorderBTree."], size: 4_000)
        }
    }

    /// A copy of preorder-btree with its own node sizes (64 and 16) and no fuzzing variant, as
    /// a user may keep one: its inner split at level 3 needs a root of height 4, tens of
    /// thousands of elements grown at one place, which only the region churn's edge rounds
    /// of its upper bands pour in. The default minute reaches it (its repro cannot be small).
    @Test func aLoneCopysLevelThreeSplitIsCaught() async throws {
        try await CrashExpectations.cores.run {
            try await CrashExpectations.caughtAndReplayed(
                "btree-high-inner-split-keeps-parents-alone", CrashExpectations.unsizedShrink, kinds: ["trap", "disagreement"],
                frames: ["PreorderSequence.", "PreorderBTree.", "specialized PreorderSequence.", "specialized PreorderBTree."], size: nil)
        }
    }
}
