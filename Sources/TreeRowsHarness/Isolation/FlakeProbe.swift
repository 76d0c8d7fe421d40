import Foundation
import TreeRows

/// Replays a finding that did not fail again when its case ran alone in a forked child,
/// in new processes of the tool (``ExecutedReplay``), to learn how flaky it is and under
/// which ``Flakiness/Condition`` it fails most: new processes (another hashing seed each),
/// deterministic hashing, or one process repeating the case (what builds up across runs).
/// Then shrinks it against that rate: a candidate keeps the failure when it fails at least
/// once in as many runs as make a miss unlikely at the rate found.
package struct FlakeProbe {
    /// Runs per condition.
    package var runs = 20
    /// How many times a warm process repeats the case at most.
    package var warmRepetitions = 10_000
    /// How long the probe may take, all conditions together.
    package var timeLimit: Duration = .seconds(40)
    /// The resident memory a replaying process may take.
    package var memoryLimit: Int?
    /// Where repro files, requests and answers are written.
    package let folder: String
    /// Polled before each process is started (Ctrl-C): once it holds, no more start, and
    /// what ran so far is the answer.
    package var shouldStop: () -> Bool = { false }

    package init(folder: String, memoryLimit: Int?) {
        self.folder = folder
        self.memoryLimit = memoryLimit
    }

    /// How flaky `fuzzCase` is for `strategy`: `runs` new processes, then as many with
    /// deterministic hashing, then (when neither failed) a few processes repeating the case.
    /// `nil` when this executable cannot replay in new processes (``ExecutedReplay/isAvailable``).
    ///
    /// - Complexity: up to 2 · ``runs`` + 5 process starts, within ``timeLimit``; none after
    ///   ``shouldStop`` holds.
    package func probe(_ fuzzCase: FuzzCase, strategy: String) -> Flakiness? {
        guard ExecutedReplay.isAvailable, let path = write(fuzzCase, strategy: strategy) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ContinuousClock()
        let start = clock.now
        func tally(_ condition: Flakiness.Condition, processes: Int, share: Double) -> (runs: Int, failures: Int, repetition: Int) {
            let until = start + timeLimit * share
            var (done, failures, repetition) = (0, 0, 0)
            while done < processes && clock.now < until && !shouldStop() {
                let outcome = ExecutedReplay.run(
                    reproPath: path, strategy: strategy, repetitions: condition == .warmProcess ? warmRepetitions : 1,
                    deterministicHashing: condition == .deterministicHashing, timeLimit: max(.seconds(1), until - clock.now),
                    memoryLimit: memoryLimit, folder: folder)
                if case .noAnswer = outcome { break }
                done += 1
                if case .failed(let at, _) = outcome {
                    failures += 1
                    repetition = max(repetition, at ?? warmRepetitions)
                }
            }
            return (done, failures, repetition)
        }
        let fresh = tally(.freshProcess, processes: runs, share: 0.4)
        var best = (condition: Flakiness.Condition.freshProcess, runs: fresh.runs, failures: fresh.failures, repetitions: 1)
        func rate(_ failures: Int, _ runs: Int) -> Double { runs > 0 ? Double(failures) / Double(runs) : 0 }
        if fresh.failures < fresh.runs {
            let hashed = tally(.deterministicHashing, processes: runs, share: 0.7)
            if rate(hashed.failures, hashed.runs) > rate(best.failures, best.runs) {
                best = (.deterministicHashing, hashed.runs, hashed.failures, 1)
            }
        }
        if best.failures == 0 {
            let warm = tally(.warmProcess, processes: 5, share: 1)
            if warm.failures > 0 { best = (.warmProcess, warm.runs, warm.failures, warmRepetitions) }
        }
        return Flakiness(runs: fresh.runs, failures: fresh.failures, condition: best.condition, conditionRuns: best.runs,
                         conditionFailures: best.failures, repetitions: best.repetitions)
    }

    /// `fuzzCase` run `runs` times (10 by default) in new processes, stopping at the first
    /// pass: whether a finding that failed again in a fork fails every time (a flaky one that
    /// fails half the time passes 10 runs with a chance of 1 in 1,024). `nil` when this
    /// executable cannot replay in new processes.
    ///
    /// - Complexity: up to `runs` process starts.
    package func confirm(_ fuzzCase: FuzzCase, strategy: String, runs: Int = 10) -> (runs: Int, failures: Int)? {
        guard ExecutedReplay.isAvailable, let path = write(fuzzCase, strategy: strategy) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        var (done, failures) = (0, 0)
        for _ in 0..<runs where !shouldStop() {
            let outcome = ExecutedReplay.run(reproPath: path, strategy: strategy, repetitions: 1, deterministicHashing: false,
                                             timeLimit: .seconds(10), memoryLimit: memoryLimit, folder: folder)
            if case .noAnswer = outcome { continue }
            done += 1
            guard outcome.isFailure else { break }
            failures += 1
        }
        return done > 0 ? (done, failures) : nil
    }

    /// Whether `fuzzCase` fails for `strategy` under `flakiness`'s condition: in up to as
    /// many runs as leave a 5% chance of missing a failure at its rate (at most 10).
    ///
    /// A run counts only when it fails like `original`: a crash for a crash (its kind and
    /// frame are not known here: the run's backtracer is off), a disagreement that is not an
    /// invalid case for a disagreement; another failure is another bug.
    ///
    /// - Parameter original: The finding being shrunk; a crash that fails like it is taken
    ///   to show it.
    /// - Returns: The failure, or `nil` when every run passed.
    /// - Complexity: up to 10 process starts.
    package func failure(of fuzzCase: FuzzCase, strategy: String, under flakiness: Flakiness, timeLimit: Duration,
                         like original: Disagreement) -> Disagreement? {
        guard let path = write(fuzzCase, strategy: strategy) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        for _ in 0..<flakiness.runsToSee(chance: 0.05, limit: 10) where !shouldStop() {
            let outcome = ExecutedReplay.run(reproPath: path, strategy: strategy, under: flakiness, timeLimit: timeLimit,
                                             memoryLimit: memoryLimit, folder: folder)
            guard case .failed(_, let found) = outcome else { continue }
            switch (found, original.crash) {
            case (nil, .some): return original
            case (let found?, nil) where !found.isInvalidCase: return found
            default: continue
            }
        }
        return nil
    }

    /// Writes `fuzzCase` as a repro file for `strategy` into ``folder``; its path.
    private func write(_ fuzzCase: FuzzCase, strategy: String) -> String? {
        let path = "\(folder)/flake-\(UInt64.random(in: 0 ... .max)).json"
        let file = ReproFile(fuzzCase: fuzzCase, strategy: strategy, seed: nil, caseNumber: nil, disagreement: nil)
        return FileManager.default.createFile(atPath: path, contents: Data(file.json.utf8)) ? path : nil
    }
}
