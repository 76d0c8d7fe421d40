import Foundation
import TreeRows

extension CostSearch.Unit {
    /// Whether `record` (the growth of `candidate`) is a cliff, and the yardstick it was
    /// judged against: the growth of the declaration's mean over the nodes measured at each
    /// size (the random nodes of the typical candidate: their mean cost is judged by their
    /// mean bound, not by one node's) or, without one, the
    /// least growth among the built-in strategies measured on the same candidate (measured
    /// cheapest-declared first; the first that shows a cliff ends the search).
    ///
    /// A growth that is no cliff over all its sizes may still jump in one step: a size
    /// threshold past which the cost is another order. Its steepest step
    /// (``steepestJump(_:_:)``) is measured again at its two sizes alone, and judged so: a
    /// cliff when the jump is there again.
    mutating func judge(_ candidate: CostCandidate, _ record: CostSearch.GrowthRecord) -> (Cliff?, Cliff.Yardstick?) {
        let (found, yardstick) = judgeGrowth(candidate, record)
        guard found == nil, let growth = record.growth, growth.sizes.count > 2, let yardstick,
              let (small, large) = steepestJump(growth, yardstick), !outOfTime else { return (found, yardstick) }
        let again = grow(candidate, strategy, sizes: [small, large], singles: false)
        guard let sizes = again.growth?.sizes, sizes.first == small, sizes.last == large else { return (nil, yardstick) }
        return (judgeGrowth(candidate, again).0, yardstick)
    }

    /// The steepest step between two consecutive sizes of `growth` (a factor of 3 or more
    /// apart, the smaller cost exact) whose cost rises more than ``CostSearch/jumpFactor``
    /// times what the yardstick allows: the sizes on either side, or `nil`.
    func steepestJump(_ growth: CostGrowth, _ yardstick: Cliff.Yardstick) -> (small: Int, large: Int)? {
        var steepest: (small: Int, large: Int, exponent: Double)?
        for index in growth.sizes.indices.dropFirst() where !growth.lowerBounds[index - 1] {
            let factor = Double(growth.sizes[index]) / Double(growth.sizes[index - 1])
            let rise = growth.nanoseconds[index] / growth.nanoseconds[index - 1]
            guard factor >= 3 else { continue }
            let local = log(rise) / log(factor)
            if rise > CostSearch.jumpFactor * pow(factor, max(0, yardstick.exponent)), local > steepest?.exponent ?? -.infinity {
                steepest = (growth.sizes[index - 1], growth.sizes[index], local)
            }
        }
        return steepest.map { ($0.small, $0.large) }
    }

    /// ``judge(_:_:)`` over every size of `record` at once.
    mutating func judgeGrowth(_ candidate: CostCandidate, _ record: CostSearch.GrowthRecord) -> (Cliff?, Cliff.Yardstick?) {
        guard let growth = record.growth else { return (nil, nil) }
        if let declared {
            let bound = record.declared(declared)
            guard let exponent = CostGrowth.exponent(of: bound.values, at: bound.sizes) else { return (nil, nil) }
            let yardstick = Cliff.Yardstick(exponent: exponent, source: "declared \(declared)")
            return (isCliff(growth, yardstick) ? cliff(.growth, candidate, growth, yardstick) : nil, yardstick)
        }
        var least: Cliff.Yardstick?
        // A growth no yardstick of a constant cost could make a cliff of needs one yardstick
        // to show, not every built-in strategy measured.
        let ranked = rankedYardsticks(record)
        let hopeless = growth.low < CostSearch.margin - CostSearch.constantSpread
        for other in hopeless ? Array(ranked.prefix(1)) : ranked where !outOfTime {
            guard let theirs = yardstickGrowth(candidate, other, sizes: growth.sizes) else { continue }
            let yardstick = Cliff.Yardstick(exponent: theirs.exponent, source: "\(other.name), measured", strategy: other.name)
            if yardstick.exponent < least?.exponent ?? .infinity { least = yardstick }
            if isCliff(growth, yardstick) { return (cliff(.growth, candidate, growth, yardstick), yardstick) }
        }
        return (nil, least)
    }

    /// The yardstick strategies but this one, the one whose declaration grows least at
    /// `record`'s points first.
    func rankedYardsticks(_ record: CostSearch.GrowthRecord) -> [any RowStrategy.Type] {
        let others = search.configuration.yardsticks.filter { $0.name != strategy.name }
        guard record.growth != nil else { return others }
        func declaredExponent(_ other: any RowStrategy.Type) -> Double {
            guard let bound = other.declaredCost(of: step) else { return .infinity }
            let values = record.declared(bound)
            return CostGrowth.exponent(of: values.values, at: values.sizes) ?? .infinity
        }
        return others.map { ($0, declaredExponent($0)) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// `other`'s growth on `candidate` at `sizes`, measured once per run.
    mutating func yardstickGrowth(_ candidate: CostCandidate, _ other: any RowStrategy.Type, sizes: [Int]) -> CostGrowth? {
        let key = YardstickCache.key(other.name, candidate, sizes)
        if let known = yardsticks.growths[key] { return known }
        let measured = grow(candidate, other, sizes: sizes, singles: false).growth
        if let measured, measured.sizes == sizes { yardsticks.growths[key] = measured }
        return measured?.sizes == sizes ? measured : nil
    }

    /// The low end of the exponent's interval above the yardstick by more than the margin,
    /// and the largest size's cost more than ``CostSearch/ratioFloor`` times what the
    /// yardstick's growth from the smallest size allows.
    func isCliff(_ growth: CostGrowth, _ yardstick: Cliff.Yardstick) -> Bool {
        guard let first = growth.nanoseconds.first, let last = growth.nanoseconds.last,
              let small = growth.sizes.first, let large = growth.sizes.last, large >= small * 10 else { return false }
        let allowed = first * pow(Double(large) / Double(small), max(0, yardstick.exponent))
        return growth.low > yardstick.exponent + CostSearch.margin && last > CostSearch.ratioFloor * allowed
    }

    func cliff(_ kind: Cliff.Kind, _ candidate: CostCandidate, _ growth: CostGrowth, _ yardstick: Cliff.Yardstick) -> Cliff {
        Cliff(kind: kind, strategy: strategy.name, candidate: candidate, growth: growth, declared: declared?.description,
              yardstick: yardstick, seed: seed)
    }

    func crashCliff(_ candidate: CostCandidate, _ record: CostSearch.GrowthRecord, _ crash: (size: Int, message: String)) -> Cliff {
        let growth = record.growth ?? CostGrowth(sizes: [crash.size, crash.size * 10], nanoseconds: [1, 1])!
        var found = cliff(.crash, candidate, growth, Cliff.Yardstick(exponent: 0, source: "none"))
        found.crash = crash.message
        found.crashNodes = crash.size
        return found
    }

    /// A tail of the typical steps: at every size timed one by one (two at least), a share of
    /// at least ``CostSearch/tailShare`` past ``Cliff/TailShape/factor`` times the median,
    /// whose median grows faster than the yardstick by the margin.
    func tailCliff(_ record: CostSearch.GrowthRecord, _ yardstick: Cliff.Yardstick) -> Cliff? {
        guard record.singles.count >= 2 else { return nil }
        var shape = Cliff.TailShape(medians: [], shares: [], tailMedians: [])
        for (_, times) in record.singles {
            let median = BenchmarkSamples.median(of: times)
            let tail = times.filter { $0 > Cliff.TailShape.factor * max(median, 1) }
            shape.medians.append(median)
            shape.shares.append(Double(tail.count) / Double(times.count))
            shape.tailMedians.append(tail.isEmpty ? 0 : BenchmarkSamples.median(of: tail))
        }
        guard shape.shares.allSatisfy({ $0 >= CostSearch.tailShare }),
              let growth = CostGrowth(sizes: record.singles.map(\.size), nanoseconds: shape.tailMedians), isCliff(growth, yardstick) else { return nil }
        var found = cliff(.tail, .typical(step), growth, yardstick)
        found.tail = shape
        return found
    }

    /// Memory kept by steps that leave the tree as it was: at least ``CostSearch/keptFloor``
    /// bytes a step at every size measured (two at least), beyond the yardstick strategy's.
    func memoryCliff(_ record: CostSearch.GrowthRecord, _ yardstick: Cliff.Yardstick?) -> Cliff? {
        guard record.kept.count >= 2, record.kept.allSatisfy({ $0 >= CostSearch.keptFloor }), let growth = record.growth else { return nil }
        var found = cliff(.memory, .typical(step), growth, yardstick ?? Cliff.Yardstick(exponent: 0, source: "none"))
        found.keptBytesPerStep = record.kept
        return found
    }

    /// The simplest candidate that still shows `found`: the first of the
    /// ``CostSearch/shrinkFamilies`` simplest families (with its locus and prelude) that
    /// does, then no prelude, then a decade smaller; each judged against the same yardstick
    /// source.
    mutating func shrink(_ found: Cliff) -> Cliff {
        var current = found
        let families = CostCandidate.families.prefix { $0 != found.candidate.shape }.prefix(CostSearch.shrinkFamilies)
        let attempts = families.map {
            (CostCandidate(step: step, shape: $0, locus: found.candidate.locus, prelude: found.candidate.prelude), found.growth.sizes)
        }
        var index = 0
        while index < attempts.count + 2, !outOfTime {
            let (candidate, sizes): (CostCandidate, [Int])
            if index < attempts.count {
                (candidate, sizes) = attempts[index]
            } else if index == attempts.count {
                guard current.candidate.prelude != .none else { index += 1; continue }
                var plain = current.candidate
                plain.prelude = .none
                (candidate, sizes) = (plain, current.growth.sizes)
            } else {
                let smaller = current.growth.sizes.map { $0 / 10 }
                guard smaller[0] >= 100 else { break }
                (candidate, sizes) = (current.candidate, smaller)
            }
            index += 1
            if index <= attempts.count && current.candidate.shape != found.candidate.shape { continue }
            let record = grow(candidate, strategy, sizes: sizes, singles: false)
            guard let growth = record.growth, growth.sizes.count >= 2 else { continue }
            let yardstick: Cliff.Yardstick?
            if let other = found.yardstick.strategy.flatMap({ name in search.configuration.yardsticks.first { $0.name == name } }) {
                yardstick = yardstickGrowth(candidate, other, sizes: growth.sizes).map {
                    Cliff.Yardstick(exponent: $0.exponent, source: "\(other.name), measured", strategy: other.name)
                }
            } else {
                yardstick = judgeGrowth(candidate, record).1
            }
            if let yardstick, isCliff(growth, yardstick) {
                current = cliff(.growth, candidate, growth, yardstick)
            }
        }
        return current
    }
}
