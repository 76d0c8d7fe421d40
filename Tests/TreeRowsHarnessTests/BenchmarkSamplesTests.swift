import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// How a cell's times are taken and kept: batched samples for the median, single inputs for
/// the tails, every sample in the JSON, older files still read.
@Suite struct BenchmarkSamplesTests {
    /// Writes `text` to a fresh temporary file, passes its path to `body`, and removes it.
    func withFile<Result>(_ text: String, _ body: (String) throws -> Result) throws -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("samples-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test func medianAndTailsOfKnownSamples() {
        let samples = BenchmarkSamples(batch: 16, nanoseconds: [5, 1, 4, 2, 3, 6], singleNanoseconds: Array(stride(from: 1.0, through: 100, by: 1)))
        #expect(samples.median == 3.5)
        #expect(samples.tail(0.9) == 90 && samples.tail(0.99) == 99)
        // Without single inputs the tails come from the samples.
        let queries = BenchmarkSamples(batch: 64, nanoseconds: Array(stride(from: 10.0, through: 1, by: -1)))
        #expect(queries.median == 5.5 && queries.tail(0.9) == 9)
        #expect(BenchmarkSamples(batch: 1, nanoseconds: []).median == 0)
    }

    @Test func aSlowOperationIsTimedOneUnitASample() {
        let budget = Duration.milliseconds(250)
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 100, budget: budget) == 16)
        // 16 inputs of 0.5 ms leave fewer than 50 samples in 250 ms.
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 500_000, budget: budget) == 1)
        #expect(BenchmarkRunner.timedBatch(.rowAtRandom, nanosecondsPerInput: 500_000, budget: budget) == 64)
        #expect(BenchmarkRunner.timedBatch(.insertReply, nanosecondsPerInput: 100, budget: budget) == 8)
        #expect(BenchmarkRunner.timedBatch(.expandAll, nanosecondsPerInput: 100, budget: budget) == 1)
    }

    /// Apple silicon's clock ticks every 41.7 ns: a sample then spans 100 ticks at least, so
    /// that a tick is at most 1% of it, in whole units, up to 8 times the operation's batch.
    @Test func aCoarseClockGetsBatchesThatResolveIt() {
        let budget = Duration.milliseconds(250), tick = 125.0 / 3
        let toggle = BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 60, budget: budget, clockGranularity: tick)
        #expect(toggle == 70 && Double(toggle) * 60 >= 100 * tick)
        // Queries in whole units of 64: 2 ns a query needs the largest batch, 8 units.
        #expect(BenchmarkRunner.timedBatch(.rowAtRandom, nanosecondsPerInput: 2, budget: budget, clockGranularity: tick) == 512)
        #expect(BenchmarkRunner.timedBatch(.rowAtRandom, nanosecondsPerInput: 30, budget: budget, clockGranularity: tick) == 192)
        // Slow enough already: the operation's own batch; and a cellInputs sized before any input is timed gets the largest.
        #expect(BenchmarkRunner.timedBatch(.insertReply, nanosecondsPerInput: 3_000, budget: budget, clockGranularity: tick) == 8)
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 0, budget: budget, clockGranularity: tick) == 128)
        // A batch the budget cannot hold 50 of falls back to the operation's own, then to one unit.
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 60, budget: .microseconds(40), clockGranularity: tick) == 1)
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 60, budget: .microseconds(100), clockGranularity: tick) == 16)
        // A clock that resolves nanoseconds keeps the operations' own batches.
        #expect(BenchmarkRunner.timedBatch(.toggleRandom, nanosecondsPerInput: 60, budget: budget, clockGranularity: 1) == 16)
    }

    @Test func theClocksTickIsFoundInItsReadings() {
        // Readings 10 ns apart on a 41.7 ns clock: most fall in one tick.
        #expect(BenchmarkRunner.granularity(ofIntervals: [0, 0, 41.7, 0, 83.4, 0]) == 41.7)
        // A clock finer than its reading cost never reads the same time twice.
        #expect(BenchmarkRunner.granularity(ofIntervals: [18, 21, 19, 40]) == 1)
        #expect(BenchmarkRunner.granularity(ofIntervals: [0, 0]) == 1)
        #if os(Linux)
        #expect(BenchmarkRunner.clockGranularity == 1, "this Linux clock reads the same nanosecond twice: \(BenchmarkRunner.clockGranularity)")
        #endif
    }

    @Test("Every cell keeps its samples, batch and single inputs, and its figures are read from them")
    func cellsKeepTheirSamples() throws {
        let runner = BenchmarkRunner(
            configuration: .init(workloads: [.toggleRandom, .insertReply, .rowAtRandom, .expandAll], repetitions: 30, warmup: 2,
                                 budget: .seconds(5)),
            strategies: [PreorderBTreeStrategy.self, RangeCountsStrategy.self], allocations: nil)
        let results = runner.run(corpus: "random", tree: TreeShapes.random(300, seed: 7, collapsedPercent: 10))
        #expect(results.count == 8)
        for result in results {
            let samples = try #require(result.distribution, "\(result.strategy) \(result.operation)")
            // The operation's batch, or its unit where a batch would be too slow for the budget
            // (a debug build with invariant checks after every operation can be).
            let (unit, batch) = try #require(["toggle-random": (1, 16), "insert-reply": (1, 8), "row-at-random": (64, 64),
                                              "expand-all": (1, 1)][result.operation])
            #expect([unit, batch].contains(samples.batch), "\(result.strategy) \(result.operation): \(samples.batch)")
            #expect(result.correct && result.samples == 30 && samples.nanoseconds.count == 30)
            #expect(samples.singleNanoseconds.count == (samples.batch > unit ? 30 : 0))
            #expect(result.medianNanoseconds == samples.median)
            #expect(result.p90Nanoseconds == samples.tail(0.9) && result.p99Nanoseconds == samples.tail(0.99))
            #expect((samples.nanoseconds + samples.singleNanoseconds).allSatisfy { $0 >= 0 && $0.isFinite })
        }
    }

    @Test func samplesRoundTripThroughJSON() throws {
        var cell = BenchmarkTests.result("a")
        cell.distribution = BenchmarkSamples(batch: 16, nanoseconds: [140.9, 146.6, 0.5], singleNanoseconds: [380, 12_345])
        cell.samples = 3
        var query = BenchmarkTests.result("b", "row-at-random")
        query.distribution = BenchmarkSamples(batch: 64, nanoseconds: [8.617, 9.25])
        query.samples = 2
        let report = BenchmarkReport(machine: [("repetitions", .integer(3))], results: [cell, query], exponents: [])
        let read = try withFile(report.json) { path throws(CorpusError) in try BenchmarkReport.read(contentsOf: path) }
        #expect(read.schema == BenchmarkReport.schema && read.lacking == nil)
        #expect(read.results.map(\.distribution) == [cell.distribution, query.distribution])
    }

    @Test func aSchemaOneFileReadsAndSaysWhatItLacks() throws {
        let report = try withFile(#"""
            {"schema":1,"machine":{},"results":[{"strategy":"a","corpus":"c","operation":"toggle-random","samples":200,
            "medianNs":60,"correct":true}],"exponents":[]}
            """#) { path throws(CorpusError) in try BenchmarkReport.read(contentsOf: path) }
        #expect(report.schema == 1 && report.results.first?.distribution == nil)
        #expect(report.lacking?.contains("keep no samples (schema 1)") == true)
        try withFile(#"{"schema":3,"machine":{},"results":[],"exponents":[]}"#) { path in
            #expect(throws: CorpusError.self) { try BenchmarkReport.read(contentsOf: path) }
        }
    }

    @Test(arguments: [
        (#""batch":0,"samplesNs":[1]"#, #""batch" must be a whole number from 1, but it is 0"#),
        (#""batch":1.5,"samplesNs":[1]"#, #""batch" must be a whole number from 1, but it is 1.5"#),
        (#""samplesNs":[1]"#, #""batch" must be a whole number from 1, but it is missing"#),
        (#""batch":16,"samplesNs":"fast""#, #""samplesNs" must be an array of numbers, but it is a string"#),
        (#""batch":16,"samplesNs":[1,-2]"#, #""samplesNs"[1] must be a finite number from 0, but it is -2"#),
        (#""batch":16,"samplesNs":[1],"singleSamplesNs":[1e400]"#, #""singleSamplesNs"[0] must be a finite number from 0, but it is 1e400"#),
    ])
    func aDamagedSampleIsNamed(_ members: String, _ message: String) throws {
        let text = #"{"schema":2,"machine":{},"results":[{"strategy":"a","corpus":"c","operation":"toggle-random","#
            + #""samples":1,"medianNs":1,"correct":true,"# + members + "}],\"exponents\":[]}"
        try withFile(text) { path in
            let error = try #require(throws: CorpusError.self) { try BenchmarkReport.read(contentsOf: path) }
            #expect(error.description.contains("results[0]: " + message), "\(error)")
        }
    }
}

/// Rounds combined: the round is the unit, a cell is as wrong or crashed as its worst round.
@Suite struct BenchmarkRoundsTests {
    @Test func roundsCombineIntoOneSampleEach() throws {
        func round(_ medians: [Double], wrong: Int? = nil, allocations: Double = 1) -> BenchmarkReport {
            BenchmarkReport(machine: [], results: medians.enumerated().map { index, median in
                var result = BenchmarkTests.result("s\(index)", median: median, allocations: allocations, correct: index != wrong)
                result.distribution = BenchmarkSamples(batch: 16, nanoseconds: [median, median + 1])
                return result
            }, exponents: [])
        }
        var third = round([103, 203, 303], wrong: 1, allocations: 2)
        third.results.removeLast()
        let combined = BenchmarkReport.combining(rounds: [round([100, 200, 300]), round([101, 201, 301]), third])
        // The third cell is missing from a round.
        #expect(combined.results.map(\.strategy) == ["s0", "s1"])
        #expect(combined.results[0].distribution == BenchmarkSamples(batch: 16, nanoseconds: [100, 101, 103]))
        #expect(combined.results[0].medianNanoseconds == 101 && combined.results[0].samples == 3)
        #expect(combined.results[0].correct && !combined.results[1].correct)
        #expect(combined.results[0].allocationsPerOperation == 2)
        #expect(combined.machine.last?.key == "rounds" && combined.machine.last?.value == .integer(3))
    }
}
