import Foundation
import TreeRowsCorpora
import TreeRowsHarness

/// `bench --instructions`: the same cells run again under valgrind's callgrind, after the
/// timed run, and each cell's count read back into its result. Times stay the native run's;
/// counts come from the untimed passes of the run under valgrind, on the same inputs (the
/// inputs flow from the seed).
enum InstructionRun {
    /// valgrind on `PATH`, checked before any work, in a build that can count.
    ///
    /// - Throws: ``CommandFailure`` naming what is missing and how to get it.
    /// - Complexity: O(*p*) for *p* folders on `PATH`.
    static func valgrind() throws(CommandFailure) -> String {
        guard InstructionCount.isBuiltIn else {
            throw CommandFailure(message: "--instructions: this build has no valgrind client requests (valgrind's headers were missing"
                + " when it was built, or this is not Linux). Fix: install valgrind (bash .ci/setup installs it) and rebuild")
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/valgrind"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw CommandFailure(message: "--instructions needs valgrind, and none is on PATH."
            + " Fix: install valgrind (bash .ci/setup installs it), or leave --instructions out")
    }

    /// Runs this command's cells again under callgrind and sets each result's
    /// ``BenchmarkResult/instructionsPerOperation`` and its simulated cache misses (CRASHED
    /// cells stay without them).
    ///
    /// - Parameters:
    ///   - folder: A scratch folder for the dumps.
    ///   - hangTimeout: The run's watchdog base, which the run under valgrind (about 50
    ///     times slower) gets a hundredfold.
    /// - Throws: ``CommandFailure`` when the run under valgrind fails or counts no cell.
    /// - Complexity: the cells' untimed passes under valgrind.
    static func count(into results: inout [BenchmarkResult], valgrind: String, cacheMisses: Bool, folder: String,
                      hangTimeout: Double) throws(CommandFailure) {
        let dumps = folder + "/instructions"
        do { try FileManager.default.createDirectory(atPath: dumps, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create \(dumps): \(error.localizedDescription). Fix: free space in the temporary folder")
        }
        guard let own = OwnExecutable.resolvedPath else {
            throw CommandFailure(message: "--instructions cannot find this tool's own path to run it under valgrind. Fix: run it by its path")
        }
        let arguments = ["--tool=callgrind", "--instr-atstart=no", "--collect-atstart=no", "--dump-instr=no", "--dump-line=no", "-q",
                         "--callgrind-out-file=\(dumps)/cg.%p"] + (cacheMisses ? ["--cache-sim=yes"] : []) + [own]
            + childArguments(CommandLine.arguments.dropFirst())
            + ["--instruction-dumps", dumps, "--hang-timeout", String(min(86_400, hangTimeout * 100))]
        let log = folder + "/instructions.log"
        StandardError.write("instructions: the cells again under callgrind (the warm-up and counted inputs about \(cacheMisses ? 100 : 50) times slower than native)\n")
        // Hashing seeded alike in every run, so a strategy's dictionaries and sets take the
        // same probes: without it, counts of inserts moved by about 1% from run to run.
        let run = try LoggedRun.run(valgrind, arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"], log: log, lines: 4,
                                    logFix: "free space in the temporary folder") {
            "valgrind (\(valgrind)) does not start: \($0). Fix: check its installation"
        }
        guard run.succeeded else {
            throw CommandFailure(message: "the count run under valgrind failed (\(run.ending)): \(run.tail)."
                + " Fix: run valgrind " + arguments.joined(separator: " ") + " to see it whole")
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dumps)) ?? []).filter { $0.hasPrefix("cg.") }.sorted()
        let counts: [BenchmarkCellKey: InstructionCount.PerOperation]
        do { counts = try InstructionCount.counts(in: dumps, files: files) } catch { throw CommandFailure(message: error.description) }
        var counted = 0
        for index in results.indices where results[index].crash == nil {
            guard let count = counts[BenchmarkCellKey(results[index])] else { continue }
            results[index].instructionsPerOperation = count.instructions
            results[index].firstLevelMissesPerOperation = count.firstLevelMisses
            results[index].lastLevelMissesPerOperation = count.lastLevelMisses
            counted += 1
        }
        guard counted > 0 else {
            throw CommandFailure(message: "--instructions counted no cell: the run under valgrind wrote no counts (\(files.count) dump files)."
                + " Fix: check that valgrind runs this tool (valgrind --tool=callgrind \(own) --help)")
        }
        print("instructions: counted in \(counted) of \(results.count) cells (callgrind, per operation\(cacheMisses ? ", with simulated cache misses" : ""))")
    }

    /// The arguments of this command for the run under valgrind: without `--instructions`,
    /// and without `--json` (that run writes no results).
    ///
    /// - Complexity: O(*a*) for *a* arguments.
    static func childArguments(_ arguments: ArraySlice<String>) -> [String] {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext { skipNext = false; continue }
            if argument == "--instructions" || argument == "--cache-misses" || argument.hasPrefix("--json=") { continue }
            if argument == "--json" { skipNext = true; continue }
            kept.append(argument)
        }
        return kept
    }
}
