import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows bench`: every strategy measured side by side.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure strategies side by side: time percentiles, allocations, scaling; check every result.",
        discussion: """
            Per cell (strategy x corpus x operation): samples, the median time per operation (fast operations are \
            timed several inputs a sample), p90 and p99 of single operations, operations per \
            second, allocations and bytes per operation (jemalloc), peak resident memory, and the ratio to the \
            reference and to the fastest strategy. Each strategy takes a cell's samples in one block (the order \
            rotates from cell to cell), so no strategy pays for another's cache misses; a cell's time budget \
            limits slow strategies. Build cells also give the bytes per node the tree and each strategy keep. \
            Every cell ends with a correctness check: a wrong strategy is marked WRONG. Each strategy's cell runs \
            in a child process: a strategy that traps, overflows its stack, hangs or runs out of memory is marked \
            CRASHED, with the input it crashed in, and the run goes on. \
            Release builds only.
            """)

    @Option(help: ArgumentHelp("Corpora to measure (repeatable; names or paths).", valueName: "name|path"))
    var corpus: [String] = []
    @OptionGroup var strategySelection: StrategyOptions
    @OptionGroup var operationSelection: OperationOptions
    @Option(help: ArgumentHelp("A size sweep of a synthetic shape, e.g. reddit:1e3,1e4,1e5.", valueName: "shape:n,n,..."))
    var sizes: String?
    @Option(parsing: .unconditional, help: "Timed samples per strategy and cell, 1 to 1000000 (fewer when the budget runs out); the JSON keeps every one.")
    var repetitions = 200
    @Option(parsing: .unconditional, help: ArgumentHelp("Time a strategy may spend on one cell, in milliseconds, from 1.", valueName: "ms")) var budget = 250
    @Option(parsing: .unconditional, help: "The seed of every input, 0 to 2^64-1.") var seed: UInt64 = 1
    @Flag(help: "Start every sample with cold caches: read a buffer of twice the largest cache first (untimed).")
    var cold = false
    @Option(help: ArgumentHelp("Also write the results as JSON.", valueName: "file")) var json: String?
    @OptionGroup var memory: MemoryLimitOption
    @OptionGroup var isolation: IsolationOptions
    @Flag(help: "Measure the strategies in this process: a strategy that traps, hangs or runs out of memory ends the run.")
    var inProcess = false
    @Flag(help: "Also count instructions per operation, exact for a seed: the cells run again under valgrind's callgrind, which counts the strategy's calls on the inputs whose allocations are counted (needs valgrind).")
    var instructions = false
    @Flag(help: "With --instructions, also simulate this machine's caches (callgrind --cache-sim=yes): first- and last-level misses per operation, at about twice the count's time.")
    var cacheMisses = false
    /// The run under callgrind that --instructions starts: counts, dumps each cell's count
    /// into this folder, times nothing.
    @Option(help: ArgumentHelp(visibility: .private)) var instructionDumps: String?

    func validate() throws {
        try OptionRange.whole(repetitions, "--repetitions", 1...1_000_000)
        try OptionRange.whole(budget, "--budget", 1...Int(OptionRange.maximumSeconds) * 1_000, "a whole number of milliseconds")
        if cacheMisses && !instructions {
            throw ValidationError("--cache-misses comes with the count of instructions. Fix: add --instructions, or leave --cache-misses out")
        }
    }

    func run() throws {
        let clock = ContinuousClock()
        let start = clock.now
        var treeTime = Duration.zero
        /// Loads or generates a tree, adding the time to `treeTime`.
        func timed<T>(_ load: () throws(CommandFailure) -> T) throws(CommandFailure) -> T {
            let loadStart = clock.now
            defer { treeTime += clock.now - loadStart }
            return try load()
        }
        if let json { try OutputPath.check(json, inputs: corpus) }
        let valgrind = instructions ? try InstructionRun.valgrind() : nil
        // Each cell runs in a child, whose crash report needs the backtracer set at start.
        if !inProcess { BacktraceSettings.restartIfNeeded() }
        // `gate` runs base and head at once, taking turns (see AlternatingTurns).
        let tookTurns = AlternatingTurns.join()
        defer { AlternatingTurns.leave() }
        let selected = try strategySelection.selected()
        let selectedOperations = try operationSelection.selected()
        let sweepSizes = try sizes.map(Self.parseSizes)
        // A corpus measured twice gives two results for one cell, and a second read of a pipe finds it empty.
        if let repeated = Self.firstRepeated(corpus) {
            throw CommandFailure(message: "--corpus \(repeated) is named twice. Fix: name each corpus once")
        }
        if let (shape, counts) = sweepSizes, let largest = counts.max() {
            try memory.require(
                BenchmarkMemoryEstimate.bytes(nodes: largest, operations: selectedOperations),
                for: "bench of \(shape.name):\(largest) with \(selected.count) strategies and \(selectedOperations.count) operations",
                fix: "measure fewer nodes, or only the build, toggles and queries")
        }
        var counter: JemallocCounter?
        switch JemallocCounter.probe() {
        case .success(let proven): counter = proven
        case .failure(let unavailable):
            StandardError.write("note: allocations are not counted: \(unavailable). Times are measured; `compare` then needs --metric median\n")
        }
        // Named corpora are read first, so a bad file stops the run before anything is measured;
        // the trees of a sweep are generated when their turn comes, so only one is held at a time.
        var corpora: [(name: String, load: () throws(CommandFailure) -> (Tree, Double?))] = []
        // The load-more rows of each named corpus that has pages not yet loaded.
        var loadMoreRows: [String: [NodeID]] = [:]
        var namedNodes: [Int] = []
        for name in corpus.isEmpty && sizes == nil ? ["reddit-worldnews-sxvem7"] : corpus {
            let loaded = try timed { () throws(CommandFailure) in
                try keptBytesPerNode(by: counter, nodes: \.nodeCount) { () throws(CommandFailure) in
                    do throws(CorpusError) {
                        let corpus = try ToolCatalog.shared.load(name)
                        loadMoreRows[name] = corpus.pages.map(\.loadMoreRow)
                        return corpus.tree
                    } catch { throw CommandFailure(message: error.description) }
                }
            }
            // An empty tree would time no-ops and still print a verdict.
            guard loaded.0.nodeCount > 0 else {
                throw CommandFailure(message: "--corpus \(name): the tree has no nodes, so every operation on it would measure nothing."
                    + " Fix: bench a corpus with nodes")
            }
            corpora.append((name, { () throws(CommandFailure) in loaded }))
            namedNodes.append(loaded.0.nodeCount)
            try memory.require(
                BenchmarkMemoryEstimate.bytes(corpusNodes: namedNodes, operations: selectedOperations),
                for: "bench of \(namedNodes.count) \(namedNodes.count == 1 ? "corpus" : "corpora") (\(namedNodes.reduce(0, +)) nodes, the largest \(namedNodes.max()!))"
                    + " with \(selectedOperations.count) operations",
                fix: "measure smaller or fewer corpora, or only the build, toggles and queries")
        }
        if let build = BenchmarkRunner.unmeasurableBuild {
            throw CommandFailure(message: "this is \(build); its times mean nothing."
                + " Fix: swift build -c release (without --traits InternalChecks) and run .build/release/\(ToolStrategies.commandName) bench")
        }
        var sweep: [(shape: String, corpus: String)] = []
        if let (shape, counts) = sweepSizes {
            for count in counts {
                let name = "\(shape.name):\(count)"
                sweep.append((shape.name, name))
                corpora.append((name, { () throws(CommandFailure) in
                    try keptBytesPerNode(by: counter, nodes: \.nodeCount) { () throws(CommandFailure) in
                        TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: count, seed: seed))
                    }
                }))
            }
        }
        var configuration = BenchmarkRunner.Configuration(workloads: selectedOperations, repetitions: repetitions,
                                                          budget: .milliseconds(budget), seed: seed,
                                                          eviction: cold ? CacheEviction(bytes: CacheEviction.defaultBytes) : nil)
        if instructionDumps != nil {
            // The count run: the untimed passes count; no sample is timed under valgrind.
            configuration.countsInstructions = true
            (configuration.repetitions, configuration.warmup) = (0, 0)
        }
        // Kept until the run ends: the children's files go there.
        var scratch: ScratchFolder?
        if !inProcess {
            do { scratch = try ScratchFolder() } catch { throw CommandFailure(message: "\(error)") }
            let machine = Int(clamping: ProcessInfo.processInfo.physicalMemory >> 20)
            var limits = try isolation.limits(memoryOrElse: max(2_048, machine / 4 * 3))
            // A step past the watchdog's budget (2 s and 10 µs a node, whatever the inputs'
            // elements) that its strategy's own cost says is no hang: the cell is SLOW, with
            // the least an operation costs, instead of running on.
            limits.slowSteps = .stop
            limits.budget.perNodeElement = .zero
            configuration.cellHost = BenchmarkIsolation(limits: limits, folder: scratch!.path)
        }
        var runner = BenchmarkRunner(configuration: configuration, strategies: selected, allocations: counter)
        // Ctrl-C or SIGTERM: the cell under way is dropped, the cells measured are summed up.
        Interruption.install(terminating: true)
        runner.shouldStop = Interruption.isRequested
        let onTerminal = isatty(STDERR_FILENO) == 1
        let cells = corpora.count * selectedOperations.count
        var done = 0
        var results: [BenchmarkResult] = []
        for (index, (name, load)) in corpora.enumerated() where !Interruption.requested {
            let (tree, treeBytes) = try timed(load)
            _ = runner.run(corpus: name, tree: tree, loadMoreRows: loadMoreRows[name] ?? [], firstCell: index * selectedOperations.count) { measured in
                let cell = measured.map { var result = $0; result.treeBytesPerNode = treeBytes; return result }
                results += cell
                // Each block as soon as its cell is measured: a run cut short keeps what it measured.
                if onTerminal { StandardError.write("\r\u{1B}[K") }
                print(BenchTable.cell(cell).joined(separator: "\n"))
                done += 1
                if onTerminal {
                    let filled = 24 * done / max(1, cells)
                    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 24 - filled)
                    StandardError.write("\r\u{1B}[Kbench [\(bar)] \(done)/\(cells) \(name) \(cell.first?.operation ?? "")")
                }
            }
        }
        if onTerminal { StandardError.write("\r\u{1B}[K") }
        if let exitCode = Interruption.exitCode {
            // What was measured, without the file: a run cut short is no result to compare.
            let report = BenchmarkReport(machine: [], results: results, exponents: [])
            print(BenchTable.summary(report).joined(separator: "\n"))
            throw CommandFailure(message: "stopped by \(Interruption.name) after \(done) of \(cells) cells"
                + (json.map { "; \($0.escapingControls()) is not written" } ?? ""), exitCode: exitCode)
        }
        // The count run's figures are its dumps, read by the run that started it.
        if instructionDumps != nil { return }
        // The peer runs on alone: the count times nothing.
        AlternatingTurns.leave()
        if let valgrind {
            do { scratch = try scratch ?? ScratchFolder() } catch { throw CommandFailure(message: "\(error)") }
            try InstructionRun.count(into: &results, valgrind: valgrind, cacheMisses: cacheMisses, folder: scratch!.path,
                                     hangTimeout: isolation.hangTimeout)
        }
        let report = BenchmarkReport(
            machine: BenchmarkReport.currentMachine(seed: seed, command: CommandLine.arguments.joined(separator: " "))
                + [("cacheEvictionBytes", .integer(runner.configuration.eviction?.bytes ?? 0)),
                   ("repetitions", .integer(repetitions)), ("warmup", .integer(runner.configuration.warmup)), ("budgetMs", .integer(budget)),
                   ("clockCostNs", BenchmarkResult.number(BenchmarkRunner.clockCost)),
                   ("clockTickNs", BenchmarkResult.number(BenchmarkRunner.clockGranularity))]
                + (tookTurns ? [(BenchmarkReport.tookTurnsKey, .bool(true))] : []),
            results: results, exponents: BenchmarkReport.exponents(of: results, sweeps: sweep))
        // Every cell ran out of inputs (a tree too small for the operations): nothing was timed.
        guard report.measuredAnything else {
            throw CommandFailure(message: "no cell took a timed sample (too few inputs for \(selectedOperations.map(\.rawValue).joined(separator: ", "))"
                + " on \(results.count == 0 ? "any corpus" : "these trees")), so nothing was measured\(json == nil ? "" : " and \(json!) is not written")."
                + " Fix: bench a larger corpus, or other operations")
        }
        if let json {
            try OutputPath.write(Array(report.json.utf8), to: json, inputs: corpus)
            print("wrote \(json.escapingControls())")
        }
        print(BenchTable.timeLine(results, trees: treeTime.nanoseconds / 1e9, wall: (clock.now - start).nanoseconds / 1e9))
        // The exponents, then the verdict: the last lines of the output.
        print(BenchTable.summary(report).joined(separator: "\n"))
        withExtendedLifetime(scratch) {}
        if let failure = CommandFailure.failing(wrong: Set(results.filter { !$0.correct && $0.crash == nil }.map(\.strategy)).sorted(),
                                                "gave wrong rows (marked WRONG above)",
                                                crashed: Set(results.filter { $0.crash != nil }.map(\.strategy)).sorted(),
                                                crashedNote: " (marked CRASHED above)") {
            throw failure
        }
    }

    /// Parses `shape:n,n,...` with sizes like `1000`, `1e6` or `2.5e5`.
    static func parseSizes(_ text: String) throws(CommandFailure) -> (SyntheticShape, [Int]) {
        let fix = " Fix: write --sizes SHAPE:N,N,..., e.g. reddit:1e3,1e4,1e5"
        guard let colon = text.lastIndex(of: ":") else { throw CommandFailure(message: "--sizes \(text.echoed): no sizes." + fix) }
        let shape: SyntheticShape
        do { shape = try SyntheticShape(validating: String(text[..<colon])) } catch {
            throw CommandFailure(message: "--sizes \(text.echoed): the shape \(error.problem). Fix: \(error.fix)")
        }
        var counts: [Int] = []
        for part in text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false) {
            guard !part.isEmpty else {
                throw CommandFailure(message: "--sizes \(text.echoed): an empty size (a comma at an end, or two in a row)." + fix)
            }
            guard let value = Double(part), value >= 1, value <= Double(SyntheticSpec.maximumNodes), value == value.rounded() else {
                throw CommandFailure(message: "--sizes \(text): \"\(part)\" is not a node count from 1 to \(SyntheticSpec.maximumNodes)." + fix)
            }
            counts.append(Int(value))
        }
        guard !counts.isEmpty else { throw CommandFailure(message: "--sizes \(text): no sizes." + fix) }
        if let repeated = firstRepeated(counts) {
            throw CommandFailure(message: "--sizes \(text): \(repeated) nodes is named twice, and would give two results for each of its cells."
                + " Fix: name each size once")
        }
        return (shape, counts)
    }

    /// The first value of `values` that an earlier one equals, if any.
    ///
    /// - Complexity: O(*n*) expected.
    static func firstRepeated<Value: Hashable>(_ values: [Value]) -> Value? {
        var seen = Set<Value>()
        return values.first { !seen.insert($0).inserted }
    }
}
