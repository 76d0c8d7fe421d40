import Foundation

extension BenchmarkVerdict {
    /// The widest spread of each strategy and operation: the cells whose p99 is more than
    /// ``spreadLimit`` times their own median.
    ///
    /// - Complexity: O(*r* + *s* log *s*) for *r* results and *s* kept samples.
    static func spreads(_ results: [BenchmarkResult]) -> [Spread] {
        var widest: [Key: Spread] = [:]
        var order: [Key] = []
        for result in results where result.correct && result.samples > 0 && result.medianNanoseconds > 0 {
            let ratio = result.p99Nanoseconds / result.medianNanoseconds
            guard ratio > spreadLimit else { continue }
            let key = Key(operation: result.operation, strategy: result.strategy)
            guard ratio > widest[key]?.p99Ratio ?? 0 else { continue }
            if widest[key] == nil { order.append(key) }
            let slowest = result.distribution?.tailSamples.max().map { $0 / result.medianNanoseconds }
            widest[key] = Spread(operation: result.operation, strategy: result.strategy, corpus: result.corpus, p99Ratio: ratio, maxRatio: slowest)
        }
        return order.map { widest[$0]! }
    }

    /// The exponents more than ``growthMargin`` above the least of their operation and shape.
    ///
    /// - Complexity: O(*e*) expected for *e* exponents.
    static func growths(_ exponents: [BenchmarkReport.Exponent]) -> [Growth] {
        var least: [String: BenchmarkReport.Exponent] = [:]
        for exponent in exponents {
            let key = exponent.operation + "\u{0}" + exponent.shape
            if exponent.exponent < least[key]?.exponent ?? .infinity { least[key] = exponent }
        }
        return exponents.compactMap { exponent in
            guard let best = least[exponent.operation + "\u{0}" + exponent.shape],
                  exponent.exponent > best.exponent + growthMargin else { return nil }
            return Growth(operation: exponent.operation, strategy: exponent.strategy, shape: exponent.shape, exponent: exponent.exponent,
                          best: best.strategy, bestExponent: best.exponent)
        }
    }

    /// Why the pick `strategy` is uneven, when it is (its spread, or its growth): said only
    /// when no even candidate was measured, since an even one would have been picked.
    func unevenWarning(_ strategy: String) -> String {
        if let spread = spreads.first(where: { $0.strategy == strategy }) {
            return " Beware: \(Self.possessive(strategy)) p99 on \(spread.operation) is \(Self.ratio(spread.p99Ratio)) its median;"
                + " no strategy measured without such a tail or growth was a candidate."
        }
        if let growth = growths.first(where: { $0.strategy == strategy }) {
            return " Beware: \(Self.possessive(strategy)) \(growth.operation) grows as n^\(String(format: "%.2f", growth.exponent)) over"
                + " \(growth.shape), \(Self.possessive(growth.best)) as n^\(String(format: "%.2f", growth.bestExponent));"
                + " no strategy measured without such a tail or growth was a candidate."
        }
        return ""
    }
}
