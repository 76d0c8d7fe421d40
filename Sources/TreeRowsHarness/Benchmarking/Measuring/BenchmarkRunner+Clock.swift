extension BenchmarkRunner {
    /// 1,001 intervals between two consecutive readings of the clock, in nanoseconds, measured
    /// once per process.
    static let clockIntervals: [Double] = {
        let clock = ContinuousClock()
        var intervals: [Double] = []
        intervals.reserveCapacity(1_001)
        for _ in 0..<1_001 {
            let start = clock.now
            intervals.append((clock.now - start).nanoseconds)
        }
        return intervals
    }()

    /// What one reading of the clock adds to a timed interval, in nanoseconds: the median of
    /// ``clockIntervals``. Taken off single inputs' times, so that their tails and the batched
    /// medians (where it vanishes) speak of the same thing.
    package static let clockCost: Double = BenchmarkSamples.median(of: clockIntervals)

    /// The clock's tick in nanoseconds, as ``granularity(ofIntervals:)`` finds it in
    /// ``clockIntervals``: 1 where the clock resolves nanoseconds (Linux), 41.7 on Apple
    /// silicon. ``timedBatch(_:nanosecondsPerInput:budget:clockGranularity:)`` times more
    /// inputs a sample on a coarse clock.
    package static let clockGranularity: Double = granularity(ofIntervals: clockIntervals)

    /// The tick of a clock whose consecutive readings were `intervals` apart: where some
    /// readings fell within one tick (an interval of 0), the smallest interval that is not 0;
    /// else 1 ns, as the clock then resolves finer than a reading takes.
    ///
    /// - Complexity: O(*k*) for *k* intervals.
    static func granularity(ofIntervals intervals: [Double]) -> Double {
        guard intervals.contains(0), let smallest = intervals.filter({ $0 > 0 }).min() else { return 1 }
        return smallest
    }
}
