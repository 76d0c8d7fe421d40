import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows cliffs`: the cost search.
struct CliffsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cliffs",
        abstract: "Search for the tree shapes and nodes that make a strategy's step slow; write a cost repro file per cliff.",
        discussion: """
            For each strategy (default: all but the reference, the oracle) and step (\(CostedStep.allCases.map(\.name).joined(separator: ", "))), with an equal share of \
            --time: the typical cost (random nodes of Reddit-shaped trees of 100 to 1e6 nodes, 512 steps timed one by one \
            for the tail and the memory kept); then every shape family (\(CostCandidate.families.joined(separator: ", "))) \
            with every prelude (\(CostPrelude.allCases.map(\.rawValue).joined(separator: ", "))) at \(CostSearch.explorationSize) \
            nodes, every locus (\(CostLocus.allCases.map(\.rawValue).joined(separator: ", "))) measured, keeping what raises the \
            most a locus has cost against the typical cost; then the \(CostSearch.grownCandidates) costliest grown from 100 to \
            1e6 nodes while the time allows (two decades at least), the exponent k of cost = c n^k fitted with its 90% interval. \
            A cliff: the interval's low end above the yardstick's exponent by more than \(CostSearch.margin), and the largest \
            size more than \(Int(CostSearch.ratioFloor)) times what the yardstick's growth allows; or a tail (at least \
            \(Int(CostSearch.tailShare * 100))% of the single steps past 16 times the median at every size, their cost growing \
            so); or at least \(Int(CostSearch.keptFloor)) bytes kept per step that changes nothing; or a crash. The yardstick is \
            the strategy's declared cost of the step (RowStrategy.declaredCost(of:)) at the same nodes, or, without one (or with \
            --ignore-declarations), the least growth among the built-in strategies but the reference measured on the same \
            trees. --time holds for the whole search (a probe still running then is stopped). Each probe runs in a child process: a step past the watchdog (--hang-timeout, 1 microsecond a node) is \
            measured as at least that long, a crash is a finding. Exit code 0: no cliff; 1: cliffs, each written to --out; \
            2: bad input; 130: stopped by Ctrl-C (143: SIGTERM), the cliffs found so far written.
            """)

    @OptionGroup var strategySelection: StrategyOptions
    @Option(help: ArgumentHelp("all, or steps separated by commas: \(CostedStep.allCases.map(\.name).joined(separator: ", ")).", valueName: "all|a,b"))
    var steps: NameList?
    @Option(parsing: .unconditional, help: ArgumentHelp("Search for this many seconds in all, shared equally by every strategy and step.", valueName: "seconds"))
    var time: Double = 120
    @Option(parsing: .unconditional, help: "The seed of every tree and node drawn, 0 to 2^64-1.")
    var seed: UInt64 = 1
    @Flag(help: "Judge every step against the best built-in strategy measured on the same trees, not the strategy's declared cost.")
    var ignoreDeclarations = false
    @Option(help: ArgumentHelp("Where to write cost repro files (default: a new folder cliffs-seed<S> here, made on a finding).", valueName: "dir"))
    var out: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The watchdog: the seconds one measured step may take on a small tree (each node adds a microsecond); past it the step is measured as at least that long.", valueName: "seconds"))
    var hangTimeout: Double = 0.5
    @OptionGroup var memory: MemoryLimitOption

    func validate() throws {
        try OptionRange.seconds(time, "--time")
        try OptionRange.seconds(hangTimeout, "--hang-timeout", maximum: 86_400)
    }

    func run() throws {
        BacktraceSettings.restartIfNeeded()
        Interruption.install(terminating: true)
        // The reference is the oracle, O(n) by design: searched when named, not by default.
        let strategies = try strategySelection.strategies == nil
            ? ToolStrategies.all.filter { $0 != ReferenceStrategy.self } : strategySelection.selected()
        let chosen = try selectedSteps()
        if let out { try OutputPath.checkFolder(out, option: "--out") }
        let folder = try Self.scratchFolder()
        let limits = CostIsolation.limits(hangTimeout: hangTimeout)
        var configuration = CostSearch.Configuration(strategies: strategies,
                                                     yardsticks: CostSearch.Configuration.builtinYardsticks)
        configuration.steps = chosen
        configuration.ignoreDeclarations = ignoreDeclarations
        configuration.seed = seed
        configuration.time = .milliseconds(Int64(time * 1000))
        if let counter = JemallocCounter() { configuration.counter = counter }
        let start = ContinuousClock.now
        let elapsed = { Self.since(start) }
        print("cliffs: \(strategies.map { $0.name }.joined(separator: ", ")) × \(chosen.map(\.name).joined(separator: ", ")); "
            + "\(Int(time)) s; seed \(seed)\(ignoreDeclarations ? "; declarations set aside" : "")")
        let search = CostSearch(configuration, host: CostIsolation(limits: limits, folder: folder.path),
                                shouldStop: { Interruption.requested }, progress: { print("[\(elapsed())] \($0)") })
        let (cliffs, units) = search.run()
        let took = "\(elapsed().trimmingCharacters(in: .whitespaces)) (\(units.map(\.probes).reduce(0, +)) probes)"
        print("")
        print(Self.table(units))
        // Stopped by a signal, the cliffs found so far are still written: a search of hours
        // stopped at its end keeps what it found.
        let stopped = Interruption.exitCode.map { (code: $0, message: "stopped by \(Interruption.name) after \(took)") }
        guard !cliffs.isEmpty else {
            if let stopped { throw CommandFailure(message: stopped.message + "; no cliff so far", exitCode: stopped.code) }
            print("no cliff in \(took)")
            return
        }
        let target = try outputFolder()
        print("\(cliffs.count) cliff\(cliffs.count == 1 ? "" : "s") in \(took)")
        print("")
        for (index, cliff) in cliffs.enumerated() {
            let file = "\(target)/\(cliff.strategy)-\(cliff.candidate.step.name)-\(cliff.kind.rawValue)-\(index + 1).json"
            try OutputPath.write(CostRepro(cliff: cliff, command: ToolStrategies.commandName).bytes, to: file)
            print("cliff: \(cliff.summary)" + (cliff.foundAfterSeconds.map { String(format: "; found after %.1f s", $0) } ?? ""))
            print("  repro: \(file.escapingControls()); replay: \(ToolStrategies.commandName) replay \(file.escapingControls())")
        }
        let named = Set(cliffs.map(\.strategy)).sorted()
        let found = "\(cliffs.count) cliff\(cliffs.count == 1 ? "" : "s") in \(named.joined(separator: ", "))"
        if let stopped { throw CommandFailure(message: "\(stopped.message); \(found) so far, written", exitCode: stopped.code) }
        throw CommandFailure(message: found, exitCode: 1)
    }

    /// The seconds since `start`, e.g. ` 12.5 s`.
    static func since(_ start: ContinuousClock.Instant) -> String {
        String(format: "%5.1f s", (ContinuousClock.now - start).nanoseconds / 1e9)
    }

    /// The steps `--steps` names, in its order; every step without it.
    ///
    /// - Throws: ``CommandFailure`` for an unknown or repeated name.
    func selectedSteps() throws(CommandFailure) -> [CostedStep] {
        guard let steps, steps.names != nil else { return CostedStep.allCases }
        return try steps.resolve(in: CostedStep.allCases, option: "--steps", kind: "step") { $0.name }
    }

    /// A scratch folder for the probes' children.
    static func scratchFolder() throws(CommandFailure) -> ScratchFolder {
        do { return try ScratchFolder() } catch { throw CommandFailure(message: "\(error)") }
    }

    /// One row per strategy and step: the typical growth, the costliest growth found and
    /// what it was judged against.
    static func table(_ units: [CostSearch.UnitSummary]) -> String {
        func fit(_ growth: CostGrowth?) -> String {
            guard let growth else { return "-" }
            return String(format: "%.2f [%.2f, %.2f]", growth.exponent, growth.low, growth.high)
        }
        let rows = [["strategy", "step", "typical k", "costliest found", "its k", "yardstick", "cliffs", "s"]] + units.map { unit in
            [unit.strategy, unit.step.name, fit(unit.typical), unit.worst.map { "\($0.candidate.locus.rawValue) of \($0.candidate.shape)"
                + ($0.candidate.prelude == .none ? "" : ", \($0.candidate.prelude.rawValue)") } ?? "-",
             fit(unit.worst?.growth), unit.yardstick.map { String(format: "%.2f ", $0.exponent) + $0.source } ?? "-",
             String(unit.cliffs), String(format: "%.0f", unit.seconds)]
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `--out`, or a new folder `cliffs-seed<S>[-K]` in the working directory.
    private func outputFolder() throws(CommandFailure) -> String {
        try OutputPath.findingsFolder(out, orNew: "cliffs-seed\(seed)")
    }
}
