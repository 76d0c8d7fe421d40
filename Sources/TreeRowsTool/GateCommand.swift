import ArgumentParser
import Foundation
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows gate --base-tool OLD`: base and head measured in one job, in rounds in which
/// they take turns (``TurnTakingRuns``), then compared on time and allocations (and with `--instructions`, on
/// instructions per operation counted in each side's first round).
struct GateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gate",
        abstract: "Measure a base build and this one in rounds of `bench` that take turns, then gate time and allocations.",
        discussion: """
            Runs `bench` with the given options (after --) in both tools once per round. In a round the two run at \
            once on one processor, taking turns every millisecond (the side that starts alternates), so that the \
            machine's spells and a neighbour's load fall on both alike. Each round's JSON is kept in --out; base.json \
            and head.json combine the rounds, a cell's samples being its rounds' medians in round order. Time: every \
            cell gets the ratio head/base over the pairs of rounds (Wilcoxon signed-rank) with an interval that holds \
            for the whole comparison (--confidence), and regresses only when the whole interval lies beyond \
            --threshold. A base built before tools took turns runs alone; its rounds are then compared as samples. \
            Allocations (deterministic for a seed): a cell regresses beyond --allocation-threshold; a side that \
            counted none fails (exit 2) unless --no-allocations. \
            With --instructions, each side's first round also counts instructions per operation under valgrind \
            (exact for a seed, so one round is enough), and a cell regresses beyond --instruction-threshold. \
            Exit 1 on any regression or a WRONG, CRASHED, UNMEASURED or missing cell (missing from any round of \
            either side), a bench that exits non-zero, or a side past its round's budget (--round-timeout for round 1, \
            then --round-growth times round 1's time within it); \
            2 on bad input or a tool that fails to run; 130 when stopped by Ctrl-C, 143 by SIGTERM.
            """)

    @Option(help: ArgumentHelp("The base build's tool (this package's tool built at the base commit).", valueName: "path"))
    var baseTool: String
    @Option(help: ArgumentHelp("The head build's tool; this tool unless given.", valueName: "path"))
    var headTool: String?
    @Option(parsing: .unconditional, help: "Rounds, each running both tools at once, taking turns on one processor: from 2 to 100 (13 or more bound an interval over a hundred cells).")
    var rounds = 20
    @Option(help: ArgumentHelp("Time: the growth a whole interval must pass to regress.", valueName: "percent")) var threshold = "5%"
    @Option(help: ArgumentHelp("Allocations: the growth that regresses.", valueName: "percent")) var allocationThreshold = "10%"
    @Option(help: ArgumentHelp("Time: the confidence that every interval holds at once.", valueName: "percent")) var confidence = "95%"
    @Flag(help: "Also gate instructions per operation, counted under valgrind in each side's first round (bench --instructions).")
    var instructions = false
    @Option(help: ArgumentHelp("Instructions: the growth that regresses.", valueName: "percent")) var instructionThreshold = "1%"
    @Flag(help: "Gate time alone: leave allocations out (for tools built without jemalloc, which count none).")
    var noAllocations = false
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The most seconds one round may take: a side still running then is stopped, and the gate fails naming it.",
        valueName: "seconds"))
    var roundTimeout: Double = 600
    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Rounds after the first are stopped past this multiple of the first round's time (its slower side's), at least 30 s and at most --round-timeout: a tool that hangs later fails the gate without waiting out --round-timeout.",
        valueName: "factor"))
    var roundGrowth: Double = 5
    /// The least a round after the first may take under --round-growth, in seconds.
    static let roundFloor = 30.0
    @Option(help: ArgumentHelp("The folder for each round's results and the combined base.json and head.json.", valueName: "folder"))
    var out = "gate-results"
    @Argument(parsing: .postTerminator, help: "Options for `bench` in both tools (not --json), after --.")
    var benchOptions: [String] = []

    func validate() throws {
        try OptionRange.whole(rounds, "--rounds", 2...100)
        try OptionRange.seconds(roundTimeout, "--round-timeout", maximum: 86_400)
        guard roundGrowth.isFinite && roundGrowth >= 1 && roundGrowth <= 1_000 else {
            throw ValidationError("--round-growth must be a number from 1 to 1000 (got \(roundGrowth))")
        }
    }

    func run() throws {
        let timeThreshold = try PercentOption.threshold(threshold)
        let allocationFraction = try PercentOption.threshold(allocationThreshold, option: "--allocation-threshold")
        let level = try PercentOption.confidence(confidence)
        let instructionFraction = try PercentOption.threshold(instructionThreshold, option: "--instruction-threshold")
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
        try Self.checkOutputs(in: out, rounds: rounds, tools: [base, head], inputs: Self.corpora(in: benchOptions))
        try Self.makeFolder(out)
        // Ctrl-C or SIGTERM: both sides of the round are stopped, nothing is compared.
        Interruption.install(terminating: true)
        var results: [String: [BenchmarkReport]] = ["base": [], "head": []]
        // Each round on one processor, the next round on the next.
        let processors = AlternatingTurns.allowedProcessors()
        // Round 1 has --round-timeout; later rounds a multiple of round 1's time, within it.
        var roundBudget = roundTimeout, firstRound = 0.0
        for round in 1...rounds {
            // Both sides run at once, taking turns every millisecond on one processor; the side
            // that starts alternates.
            let order = round % 2 == 1 ? [("base", base), ("head", head)] : [("head", head), ("base", base)]
            let sides = order.map { side, tool in
                let json = "\(out)/\(side)-round-\(round).json", log = "\(out)/\(side)-round-\(round).txt"
                // A round reads only what this run wrote: an earlier run's file (or a link in its place) is gone first.
                unlink(json)
                unlink(log)
                // Counts repeat exactly for a seed: one round of each side counts them.
                let counting = instructions && round == 1 ? ["--instructions"] : []
                return (side: side, tool: tool, json: json, run: TurnTakingRuns.Side(executable: tool, arguments: ["bench"] + benchOptions + counting + ["--json", json], log: log))
            }
            let processor = processors.isEmpty ? nil : processors[(round - 1) % processors.count]
            let runs = try TurnTakingRuns.run(sides[0].run, sides[1].run, processor: processor,
                                              budget: .milliseconds(Int64(roundBudget * 1000)), shouldStop: Interruption.isRequested,
                                              logFix: "give --out a folder you can write to") { index, reason in
                "the \(sides[index].side) tool \(sides[index].tool.escapingControls()) does not start: \(reason). Fix: give the path of a built treerows tool"
            }
            if let exitCode = Interruption.exitCode {
                throw CommandFailure(message: "stopped by \(Interruption.name) in round \(round) of \(rounds); nothing was compared."
                    + " The rounds so far are in \(out.escapingControls())", exitCode: exitCode)
            }
            var line: [String] = []
            for (side, run) in zip(sides, runs) {
                guard !run.timedOut else {
                    let budget = round == 1 || roundBudget == roundTimeout ? "\(String(format: "%g", roundTimeout)) s (--round-timeout)"
                        : "\(String(format: "%.1f", roundBudget)) s (--round-growth \(String(format: "%g", roundGrowth)) times round 1's"
                            + " \(String(format: "%.1f", firstRound)) s, at least \(String(format: "%g", Self.roundFloor)) s)"
                    throw CommandFailure(message: "round \(round): the \(side.side) tool's bench ran past the round's budget of"
                        + " \(budget) and was stopped: \(run.tail). Fix: give the round more time (--round-timeout,"
                        + " --round-growth), or bench fewer cells; its output is in \(side.run.log.escapingControls())",
                        exitCode: 1)
                }
                guard run.succeeded else {
                    throw CommandFailure(message: "the \(side.side) tool's bench failed (\(run.ending)): \(run.tail)."
                        + " Fix: run it alone with the same options; its output is in \(side.run.log.escapingControls())")
                }
                guard FileManager.default.fileExists(atPath: side.json) else {
                    throw CommandFailure(message: "\(side.side) round \(round): the \(side.side) tool \(side.tool.escapingControls()) ran bench but wrote no"
                        + " results to \(side.json.escapingControls()), so it is not a treerows tool of this kind."
                        + " Fix: give the path of a built treerows tool; its output is in \(side.run.log.escapingControls())")
                }
                let report: BenchmarkReport
                do { report = try BenchmarkReport.readRelease(contentsOf: side.json) } catch {
                    throw CommandFailure(message: "\(side.side) round \(round): \(error.description)")
                }
                // A bench that says it failed fails its side, whatever its JSON says.
                guard run.exitedCleanly else {
                    let failing = report.results.filter { !$0.correct || $0.crash != nil }.count
                    throw CommandFailure(message: "round \(round): the \(side.side) tool \(side.tool.escapingControls()) ended its bench with"
                        + " \(run.ending)" + (failing > 0 ? ", with \(failing) cells WRONG or CRASHED in its results" : ", though its results show no failing cell")
                        + ". Fix: run it alone with the same options (\(side.tool.escapingControls()) bench \(benchOptions.joined(separator: " ").escapingControls()));"
                        + " its output is in \(side.run.log.escapingControls())", exitCode: 1)
                }
                results[side.side]!.append(report)
                line.append("\(side.side) \(String(format: "%.1f", run.seconds)) s")
            }
            print("round \(round)/\(rounds): " + line.joined(separator: ", "))
            if round == 1 {
                firstRound = runs.map(\.seconds).max() ?? 0
                roundBudget = min(roundTimeout, max(Self.roundFloor, roundGrowth * firstRound))
            }
        }
        // Rounds pair when both tools took turns (a base built before turns runs first, alone).
        let pairing = results.values.allSatisfy({ $0.allSatisfy(\.tookTurns) })
            ? "\(out) \(Date().timeIntervalSince1970) \(getpid())" : nil
        if pairing == nil { print("time: the rounds are not in pairs, as a tool did not take turns (built before gate did); compared as samples") }
        // A cell some round did not measure is missing, not left out of the comparison.
        var failures: [String] = []
        for side in ["base", "head"] {
            for (cell, rounds) in BenchmarkReport.cellsMissing(fromRounds: results[side]!) {
                failures.append("\(side): \(cell.escapingControls()) is missing from round" + (rounds.count > 1 ? "s " : " ")
                    + rounds.map(String.init).joined(separator: ", ") + " of \(self.rounds), so it is not gated."
                    + " Fix: bench the same cells in every round (a fixed --seed, no per-round options)")
            }
        }
        let combined = ["base", "head"].map { BenchmarkReport.combining(rounds: results[$0]!, pairing: pairing) }
        for (side, report) in zip(["base", "head"], combined) {
            // A link there is replaced, never written through.
            Self.removeLink("\(out)/\(side).json")
            try OutputPath.write(Array(report.json.utf8), to: "\(out)/\(side).json")
        }
        print("")
        failures += try Self.judge(combined, metric: .median, threshold: timeThreshold, confidence: level)
        print("")
        if noAllocations {
            print("allocations: not gated (--no-allocations)")
        } else {
            // The same rules as `compare --metric allocations`: a side that counted none cannot pass.
            for (side, report) in zip(["base", "head"], combined) where !report.results.contains(where: { $0.allocationsPerOperation != nil }) {
                throw CommandFailure(message: "allocations: the \(side) tool's bench counted none (it was built without jemalloc),"
                    + " so they cannot be gated. Fix: build both tools with jemalloc (bash .ci/setup installs it), or pass"
                    + " --no-allocations to gate time alone; the rounds are in \(out.escapingControls())")
            }
            failures += try Self.judge(combined, metric: .allocations, threshold: allocationFraction, confidence: level)
                .map { "allocations: " + $0 }
        }
        if instructions {
            print("")
            failures += try Self.judge(combined, metric: .instructions, threshold: instructionFraction, confidence: level)
                .map { "instructions: " + $0 }
        }
        print("rounds and combined results: \(out.escapingControls())")
        if !failures.isEmpty { throw CommandFailure(message: failures.joined(separator: "; "), exitCode: 1) }
    }

    /// The library's decision on `metric` for the combined base and head (no cell may be
    /// missing), printed; its failures in words.
    ///
    /// - Throws: ``CommandFailure`` (exit 2) when no cell could be compared.
    static func judge(_ combined: [BenchmarkReport], metric: BenchmarkComparison.Metric, threshold: Double,
                      confidence: Double) throws(CommandFailure) -> [String] {
        let gate = try ComparisonTable.decide(base: combined[0], head: combined[1], metric: metric, threshold: threshold,
                                              confidence: confidence, allowMissing: false)
        ComparisonTable.print(gate, base: combined[0], head: combined[1])
        return gate.failures.map(\.description)
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

    /// The files a gate of `rounds` rounds writes into `folder`: each round's JSON and log per
    /// side, and the combined `base.json` and `head.json`.
    static func outputs(in folder: String, rounds: Int) -> [String] {
        ["base.json", "head.json"].map { "\(folder)/\($0)" }
            + (1...rounds).flatMap { round in ["base", "head"].flatMap { ["\(folder)/\($0)-round-\(round).json", "\(folder)/\($0)-round-\(round).txt"] } }
    }

    /// The corpus files among bench options (`--corpus PATH`, `--corpus=PATH`).
    static func corpora(in options: [String]) -> [String] {
        var paths: [String] = []
        for (index, option) in options.enumerated() {
            if option == "--corpus", index + 1 < options.count { paths.append(options[index + 1]) }
            if option.hasPrefix("--corpus=") { paths.append(String(option.dropFirst("--corpus=".count))) }
        }
        return paths
    }

    /// Fails before the first round when `--out` cannot take the gate's files: it is not a
    /// folder, or a file the gate writes there is a folder, FIFO, device or socket, or is one
    /// of the tools or inputs (a link to one too), which the gate would destroy. Regular
    /// files and links there are replaced, never written through.
    ///
    /// - Complexity: O(*r* (*t* + *i*)) system calls for *r* rounds, *t* tools and *i* inputs.
    static func checkOutputs(in folder: String, rounds: Int, tools: [String], inputs: [String]) throws(CommandFailure) {
        var status = stat()
        if stat(folder, &status) == 0 && (status.st_mode & S_IFMT) != S_IFDIR {
            throw CommandFailure(message: "--out \(folder.escapingControls()) is a file, not a folder. Fix: give --out a folder (gate-results by default)")
        }
        /// The files (device and inode) `path` names, itself and, for a link, where it leads.
        func identities(_ path: String) -> [[UInt64]] {
            var found: [[UInt64]] = []
            var status = stat()
            if lstat(path, &status) == 0 { found.append([UInt64(status.st_dev), UInt64(status.st_ino)]) }
            if stat(path, &status) == 0 { found.append([UInt64(status.st_dev), UInt64(status.st_ino)]) }
            return found
        }
        let guarded = (tools.map { ($0, "the tool") } + inputs.map { ($0, "an input") }).map { (identities($0.0), $0.0, $0.1) }
        for path in outputs(in: folder, rounds: rounds) {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let here = identities(path)
            if let (_, other, what) = guarded.first(where: { !Set($0.0).isDisjoint(with: here) }) {
                throw CommandFailure(message: "--out \(folder.escapingControls()): \(path.escapingControls()) is \(what) \(other.escapingControls()),"
                    + " which the gate would overwrite. Fix: give --out a folder of its own, away from the tools and corpora")
            }
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFLNK else {
                let name = kind == S_IFDIR ? "a folder" : kind == S_IFIFO ? "a FIFO" : "a device or socket"
                throw CommandFailure(message: "--out \(folder.escapingControls()): \(path.escapingControls()) is \(name), where the gate writes"
                    + " a file. Fix: remove it, or give --out another folder")
            }
        }
    }

    /// Removes `path` if it is a symbolic link, so that what is written there replaces it.
    static func removeLink(_ path: String) {
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK { unlink(path) }
    }

    /// Creates `folder` (and its parents) if it is missing.
    static func makeFolder(_ folder: String) throws(CommandFailure) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "--out \(folder.escapingControls()): \(error.localizedDescription). Fix: give a folder you can write to")
        }
    }
}
