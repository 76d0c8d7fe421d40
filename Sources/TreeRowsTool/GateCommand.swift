import ArgumentParser
import Foundation
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows gate --base-tool OLD`: base and head measured in one job, in alternating
/// rounds, then compared on time and allocations (and with `--instructions`, on
/// instructions per operation counted in each side's first round).
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Measure a base build and this one in alternating rounds of `bench`, then gate time and allocations.",
        discussion: """
            Runs `bench` with the given options (after --) once per round in each tool, the base first in odd rounds \
            and this tool first in even ones, so that drift and a neighbour's load fall on both alike. Each round's \
            JSON is kept in --out; base.json and head.json combine the rounds, a cell's samples being its rounds' \
            medians (the round is the unit of the test). Time: every cell gets the ratio head/base with an interval \
            that holds for the whole comparison (--confidence) and regresses only when the whole interval lies beyond \
            --threshold. Allocations (deterministic for a seed): a cell regresses beyond --allocation-threshold. \
            With --instructions, each side's first round also counts instructions per operation under valgrind \
            (exact for a seed, so one round is enough), and a cell regresses beyond --instruction-threshold. \
            Exit 1 on any regression or a WRONG, CRASHED, UNMEASURED or missing cell; 2 on bad input or a tool \
            that fails to run.
            """)

    @Option(help: ArgumentHelp("The base build's tool (this package's tool built at the base commit).", valueName: "path"))
    var baseTool: String
    @Option(help: ArgumentHelp("The head build's tool; this tool unless given.", valueName: "path"))
    var headTool: String?
    @Option(parsing: .unconditional, help: "Rounds of each tool, from 2 to 100 (9 or more bound an interval over a hundred cells).")
    var rounds = 10
    @Option(help: ArgumentHelp("Time: the growth a whole interval must pass to regress.", valueName: "percent")) var threshold = "10%"
    @Option(help: ArgumentHelp("Allocations: the growth that regresses.", valueName: "percent")) var allocationThreshold = "10%"
    @Option(help: ArgumentHelp("Time: the confidence that every interval holds at once.", valueName: "percent")) var confidence = "95%"
    @Flag(help: "Also gate instructions per operation, counted under valgrind in each side's first round (bench --instructions).")
    var instructions = false
    @Option(help: ArgumentHelp("Instructions: the growth that regresses.", valueName: "percent")) var instructionThreshold = "1%"
    @Option(help: ArgumentHelp("The folder for each round's results and the combined base.json and head.json.", valueName: "folder"))
    var out = "gate-results"
    @Argument(parsing: .postTerminator, help: "Options for `bench` in both tools (not --json), after --.")
    var benchOptions: [String] = []

    func validate() throws {
        try OptionRange.whole(rounds, "--rounds", 2...100)
    }

    func run() throws {
        let timeThreshold = try CompareCommand.threshold(threshold)
        let allocationFraction = try CompareCommand.threshold(allocationThreshold, option: "--allocation-threshold")
        let level = try CompareCommand.confidence(confidence)
        let instructionFraction = try CompareCommand.threshold(instructionThreshold, option: "--instruction-threshold")
        if let option = benchOptions.first(where: { $0 == "--json" || $0.hasPrefix("--json=") }) {
            throw CommandFailure(message: "\(option) among the bench options: gate writes each round's JSON to --out itself."
                + " Fix: leave it out, and read \(out)/base.json and \(out)/head.json")
        }
        if benchOptions.contains("--instructions") {
            throw CommandFailure(message: "--instructions among the bench options would count in every round."
                + " Fix: give it to gate (treerows gate --instructions ... -- OPTIONS), which counts in each side's first round")
        }
        // Checked before any round: this build counts, and valgrind is there.
        if instructions { _ = try InstructionRun.valgrind() }
        let head = try headTool.map(Self.executable) ?? Self.currentExecutable()
        let base = try Self.executable(baseTool)
        try Self.makeFolder(out)
        var results: [String: [BenchmarkReport]] = ["base": [], "head": []]
        for round in 1...rounds {
            let order = round % 2 == 1 ? [("base", base), ("head", head)] : [("head", head), ("base", base)]
            var line: [String] = []
            for (side, tool) in order {
                let json = "\(out)/\(side)-round-\(round).json", log = "\(out)/\(side)-round-\(round).txt"
                // A round reads only what this run wrote: an earlier run's file is gone first.
                unlink(json)
                // Counts repeat exactly for a seed: one round of each side counts them.
                let counting = instructions && round == 1 ? ["--instructions"] : []
                let seconds = try Self.bench(tool, side: side, options: benchOptions + counting + ["--json", json], log: log)
                guard FileManager.default.fileExists(atPath: json) else {
                    throw CommandFailure(message: "\(side) round \(round): the \(side) tool \(tool.escapingControls()) ran bench but wrote no"
                        + " results to \(json.escapingControls()), so it is not a treerows tool of this kind."
                        + " Fix: give the path of a built treerows tool; its output is in \(log.escapingControls())")
                }
                do { results[side]!.append(try BenchmarkReport.readRelease(contentsOf: json)) } catch {
                    throw CommandFailure(message: "\(side) round \(round): \(error.description)")
                }
                line.append("\(side) \(String(format: "%.1f", seconds)) s")
            }
            print("round \(round)/\(rounds): " + line.joined(separator: ", "))
        }
        let combined = ["base", "head"].map { BenchmarkReport.combining(rounds: results[$0]!) }
        for (side, report) in zip(["base", "head"], combined) {
            try OutputPath.write(Array(report.json.utf8), to: "\(out)/\(side).json")
        }
        print("")
        var failures = try CompareCommand.verdict(base: combined[0], head: combined[1], metric: .median, threshold: timeThreshold,
                                                  confidence: level, allowMissing: false).failures
        print("")
        // Allocations need jemalloc in both tools; without it time alone gates.
        if combined.allSatisfy({ $0.results.contains { $0.allocationsPerOperation != nil } }) {
            failures += try CompareCommand.verdict(base: combined[0], head: combined[1], metric: .allocations, threshold: allocationFraction,
                                                   confidence: level, allowMissing: false).failures
                .map { "allocations: " + $0 }
        } else {
            print("allocations: not compared, as a tool did not count them (jemalloc)")
        }
        if instructions {
            print("")
            failures += try CompareCommand.verdict(base: combined[0], head: combined[1], metric: .instructions, threshold: instructionFraction,
                                                   confidence: level, allowMissing: false).failures
                .map { "instructions: " + $0 }
        }
        print("rounds and combined results: \(out.escapingControls())")
        if !failures.isEmpty { throw CommandFailure(message: failures.joined(separator: "; "), exitCode: 1) }
    }

    /// Runs `tool bench OPTIONS`, its output to `log`; returns the seconds it took.
    ///
    /// - Throws: ``CommandFailure`` when it cannot start or exits other than 0 or 1 (1: a
    ///   WRONG or CRASHED cell, which the comparison reports).
    static func bench(_ tool: String, side: String, options: [String], log: String) throws(CommandFailure) -> Double {
        let run = try LoggedRun.run(tool, ["bench"] + options, log: log, logFix: "give --out a folder you can write to") {
            "the \(side) tool \(tool.escapingControls()) does not start: \($0). Fix: give the path of a built treerows tool"
        }
        guard run.succeeded else {
            throw CommandFailure(message: "the \(side) tool's bench failed (\(run.ending)): \(run.tail)."
                + " Fix: run it alone with the same options; its output is in \(log.escapingControls())")
        }
        return run.seconds
    }

    /// `path` if it names an executable file (a folder's search permission is no tool).
    static func executable(_ path: String) throws(CommandFailure) -> String {
        var status = stat()
        if stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw CommandFailure(message: "\(path.escapingControls()) is a folder, not a tool."
                + " Fix: give the path of the treerows executable, e.g. \(path.escapingControls())/.build/release/treerows")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CommandFailure(message: "\(path.escapingControls()) is not an executable file."
                + " Fix: build the tool first (swift build -c release --product treerows) and give its path")
        }
        return path
    }

    /// This process's own executable.
    static func currentExecutable() throws(CommandFailure) -> String {
        guard let path = OwnExecutable.path else {
            throw CommandFailure(message: "cannot find this tool's own path. Fix: give --head-tool")
        }
        return path
    }

    /// Creates `folder` (and its parents) if it is missing.
    static func makeFolder(_ folder: String) throws(CommandFailure) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "--out \(folder.escapingControls()): \(error.localizedDescription). Fix: give a folder you can write to")
        }
    }
}
