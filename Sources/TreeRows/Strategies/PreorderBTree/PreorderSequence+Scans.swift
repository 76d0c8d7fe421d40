extension PreorderSequence {
    /// The minimum of the `count` numbers from `start` and how many of them reach it, eight
    /// at a time (the rest one by one): a leaf's summary, from its raw counters.
    ///
    /// - Complexity: O(`count`).
    @inline(__always)
    static func minimumAndCount(from start: UnsafePointer<Int32>, count: Int) -> (minimum: Int32, count: Int32) {
        let raw = UnsafeRawPointer(start)
        let whole = count & ~7
        var lows = SIMD8<Int32>(repeating: noMinimum)
        var offset = 0
        while offset < whole {
            lows = pointwiseMin(lows, raw.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self))
            offset &+= 8
        }
        var minimum = lows.min()
        for index in whole..<count { minimum = min(minimum, start[index]) }
        return (minimum, Self.count(minimum, from: start, count: count))
    }

    /// How many of the `count` numbers from `start` equal `target`, eight at a time (the
    /// rest one by one): the zeros among a leaf's raw counters.
    ///
    /// - Complexity: O(`count`).
    @inline(__always)
    static func count(_ target: Int32, from start: UnsafePointer<Int32>, count: Int) -> Int32 {
        let raw = UnsafeRawPointer(start)
        let whole = count & ~7
        let targets = SIMD8<Int32>(repeating: target)
        var hits = SIMD8<Int32>()
        var offset = 0
        while offset < whole {
            hits &+= SIMD8<Int32>().replacing(with: 1, where: raw.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self) .== targets)
            offset &+= 8
        }
        var found = hits.wrappedSum()
        for index in whole..<count { found &+= start[index] == target ? 1 : 0 }
        return found
    }

    /// Adds `delta` to the `count` numbers from `start`, counting those equal to `target`
    /// before and after, eight at a time (the rest one by one): a range add within a leaf.
    ///
    /// - Complexity: O(`count`).
    @inline(__always)
    static func add(
        _ delta: Int32, from start: UnsafeMutablePointer<Int32>, count: Int, counting target: Int32
    ) -> (before: Int32, after: Int32) {
        let raw = UnsafeMutableRawPointer(start)
        let whole = count & ~7
        let (targets, deltas) = (SIMD8<Int32>(repeating: target), SIMD8<Int32>(repeating: delta))
        var (before, after) = (SIMD8<Int32>(), SIMD8<Int32>())
        var offset = 0
        while offset < whole {
            var numbers = raw.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self)
            before &+= SIMD8<Int32>().replacing(with: 1, where: numbers .== targets)
            numbers &+= deltas
            after &+= SIMD8<Int32>().replacing(with: 1, where: numbers .== targets)
            raw.storeBytes(of: numbers, toByteOffset: offset &* 4, as: SIMD8<Int32>.self)
            offset &+= 8
        }
        var result = (before: before.wrappedSum(), after: after.wrappedSum())
        for index in whole..<count {
            result.before &+= start[index] == target ? 1 : 0
            start[index] &+= delta
            result.after &+= start[index] == target ? 1 : 0
        }
        return result
    }

    /// The sum of the `count` numbers from `counts` whose partner from `minimums` equals
    /// `minimum`, eight at a time (the rest one by one): how many elements reach an inner
    /// node's minimum.
    ///
    /// - Complexity: O(`count`).
    @inline(__always)
    static func countReaching(
        _ minimum: Int32, minimums: UnsafePointer<Int32>, counts: UnsafePointer<Int32>, count: Int
    ) -> Int32 {
        let (rawMinimums, rawCounts) = (UnsafeRawPointer(minimums), UnsafeRawPointer(counts))
        let whole = count & ~7
        let target = SIMD8<Int32>(repeating: minimum)
        var sums = SIMD8<Int32>()
        var offset = 0
        while offset < whole {
            let reached = rawMinimums.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self) .== target
            sums &+= SIMD8<Int32>().replacing(with: rawCounts.loadUnaligned(fromByteOffset: offset &* 4, as: SIMD8<Int32>.self), where: reached)
            offset &+= 8
        }
        var found = sums.wrappedSum()
        for index in whole..<count { found &+= minimums[index] == minimum ? counts[index] : 0 }
        return found
    }
}
