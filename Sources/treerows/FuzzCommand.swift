import ArgumentParser
import Foundation
import Synchronization
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// Set by Ctrl-C; the fuzzer polls it between operations.
let interrupted = Atomic<Bool>(false)

/// `treerows fuzz`: differential fuzzing of every strategy against the reference.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Fuzz strategies against the reference; shrink any disagreement to a replayable repro file.",
        discussion: """
            Trees: synthetic shapes at small sizes and subtrees of the recorded threads, with random expansion \
            states. Operations: every operation of the core, with adversarial choices. After every operation each \
            strategy must have the reference's rows, a diff that passes the validator and turns the old rows into \
            the new ones, agreeing row(at:) and index(of:), and intact invariants. Exit code 0: no disagreement; \
            1: a disagreement, shrunk and written to --out; 130: stopped by Ctrl-C.
            """)

    @Option(help: "The seed from which every tree and operation flows.") var seed: UInt64 = 1
    @Option(help: "The number of operations.") var iterations: Int?
    @Option(help: ArgumentHelp("Run for this many seconds instead of a number of operations.", valueName: "seconds"))
    var time: Double?
    @Option(help: "The largest tree drawn.") var maxNodes = Fuzzer.Configuration().maximumNodes
    @Option(help: ArgumentHelp("all, or strategy names separated by commas.", valueName: "all|a,b"))
    var strategies = "all"
    @Option(help: ArgumentHelp("Where to write repro files (default: a new folder fuzz-findings-seed<S> here).", valueName: "dir"))
    var out: String?

    func validate() throws {
        if iterations != nil && time != nil { throw ValidationError("give --iterations or --time, not both") }
        if let iterations, iterations <= 0 { throw ValidationError("--iterations must be positive") }
        if let time, !(time > 0) { throw ValidationError("--time must be a positive number of seconds") }
        if maxNodes < 1 { throw ValidationError("--max-nodes must be positive") }
    }

    func run() throws {
        let selected: [any RowStrategy.Type] = strategies == "all" ? BuiltinStrategies.all
            : try strategies.split(separator: ",").map { (name: Substring) throws(CommandFailure) -> any RowStrategy.Type in
                try StrategyName.resolve(String(name))
            }
        // Recorded threads to cut subtrees from (not the 2M-node forest: too slow to load for this).
        let recorded = Catalog.shared.list().filter { $0.kind == "recorded" && $0.nodes <= 100_000 }
            .compactMap { try? Catalog.shared.load($0.name).tree }
        var configuration = Fuzzer.Configuration(seed: seed, maximumNodes: maxNodes)
        if let time {
            configuration.operations = .max
            configuration.timeLimit = .milliseconds(Int(time * 1000))
        } else if let iterations {
            configuration.operations = iterations
        }
        let fuzzer = Fuzzer(configuration: configuration, strategies: selected, recorded: recorded)
        signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
        let onTerminal = isatty(STDERR_FILENO) == 1
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = fuzzer.run(shouldStop: { interrupted.load(ordering: .relaxed) }) { operations, cases in
            guard onTerminal else { return }
            let seconds = (clock.now - start).nanoseconds / 1e9
            StandardError.write("\rfuzz: \(operations) operations, \(cases) cases, \(Int(Double(operations) / max(seconds, 1e-9))) operations/s   ")
        }
        if onTerminal { StandardError.write("\r\u{1B}[K") }
        let names = fuzzer.strategies.map { $0.name }.joined(separator: ", ")
        let summary = "\(outcome.operations) operations in \(outcome.cases) cases on \(names) beside the reference;"
            + " \(Int(outcome.operationsPerSecond)) operations/s; seed \(seed)"
        guard let failure = outcome.failure else {
            print("fuzz: \(summary); no disagreement" + (outcome.wasStopped ? " (stopped by Ctrl-C)" : ""))
            if outcome.wasStopped { throw CommandFailure(message: "stopped by Ctrl-C; nothing found", exitCode: 130) }
            return
        }
        let folder = try outputFolder()
        let file = "\(folder)/\(failure.disagreement.strategy)-seed\(seed)-case\(failure.caseNumber).json"
        let repro = ReproFile(fuzzCase: failure.shrunk, strategy: failure.disagreement.strategy, seed: seed,
                              caseNumber: failure.caseNumber, disagreement: failure.disagreement)
        do { try AtomicFile.write(Array(repro.json.utf8), to: file) } catch { throw CommandFailure(message: error.description) }
        print("fuzz: \(summary)")
        print("disagreement: \(failure.disagreement.strategy) in case \(failure.caseNumber): \(failure.disagreement.problem)")
        print("shrunk from \(failure.found.nodes.count) nodes and \(failure.found.operations.count) operations"
            + " to \(failure.shrunk.nodes.count) nodes and \(failure.shrunk.operations.count) operations")
        print("repro: \(file)")
        print("replay: treerows replay \(file)")
        throw CommandFailure(message: "\(failure.disagreement.strategy) disagreed with the reference", exitCode: 1)
    }

    /// `--out`, or a new folder `fuzz-findings-seed<S>[-K]` in the working directory.
    private func outputFolder() throws(CommandFailure) -> String {
        var folder = out ?? "fuzz-findings-seed\(seed)"
        if out == nil {
            var suffix = 2
            while FileManager.default.fileExists(atPath: folder) {
                folder = "fuzz-findings-seed\(seed)-\(suffix)"
                suffix += 1
            }
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create the folder \(folder): \(error.localizedDescription). Fix: choose a writable --out")
        }
        return folder
    }
}
