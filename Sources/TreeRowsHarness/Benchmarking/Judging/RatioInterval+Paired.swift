#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension RatioInterval {
    /// The ratio of `head` to `base` measured in pairs (the *i*-th of each in one round of
    /// `treerows gate`, the two sides taking turns on one processor), with its interval at
    /// `confidence`; `nil` when the sides are empty or of different lengths.
    ///
    /// A pair's difference `log(head) - log(base)` keeps what changed in the code and loses
    /// what the round shared (the machine's spell, the load beside it). The estimate is the
    /// Hodges–Lehmann one for pairs, the median of every Walsh average (the mean of two pairs'
    /// differences, a pair with itself included), and the interval inverts the Wilcoxon
    /// signed-rank test: its bounds are order statistics of those averages, with the exact
    /// distribution of the signed-rank statistic (no approximation, however few the pairs).
    /// The pairs are taken to be independent, each difference drawn from one distribution
    /// symmetric about the change; an unchanged build measured against itself, the side that
    /// starts alternating, meets that by construction.
    ///
    /// - Complexity: O(*n*² log *n*) for *n* pairs.
    public init?(pairedBase base: [Double], head: [Double], confidence: Double) {
        guard !base.isEmpty, base.count == head.count else { return nil }
        let differences = zip(base, head).map { log(max($1, 0.001)) - log(max($0, 0.001)) }
        var averages: [Double] = []
        averages.reserveCapacity(differences.count * (differences.count + 1) / 2)
        for i in differences.indices {
            for j in i..<differences.count { averages.append((differences[i] + differences[j]) / 2) }
        }
        averages.sort()
        let count = averages.count
        let middle = count % 2 == 1 ? averages[count / 2] : (averages[count / 2 - 1] + averages[count / 2]) / 2
        if let cut = Self.signedRankCut(pairs: differences.count, confidence: confidence) {
            self.init(estimate: exp(middle), lower: exp(averages[cut]), upper: exp(averages[count - 1 - cut]))
        } else {
            self.init(estimate: exp(middle), lower: 0, upper: .infinity)
        }
    }

    /// The fewest pairs that bound an interval at `confidence`: the *n* with 2⁻ⁿ at most
    /// half of 1 - `confidence` (all *n* differences on one side is the least likely outcome).
    ///
    /// - Complexity: O(*n*) for the answer *n*.
    package static func smallestBoundedPairs(confidence: Double) -> Int {
        var pairs = 1
        while pow(0.5, Double(pairs)) > (1 - confidence) / 2 && pairs < 1_000 { pairs += 1 }
        return pairs
    }

    /// The bounds' place among the Walsh averages of `pairs` pairs, counted from 0 at each
    /// end: the largest *c* with P(T ≤ *c*) ≤ (1 - `confidence`) / 2, where T is the
    /// signed-rank statistic with no change; the interval from the (*c*+1)-th smallest to the
    /// (*c*+1)-th largest average then holds the change with at least `confidence`. `nil`
    /// when even *c* = 0 is too likely (too few pairs).
    ///
    /// - Complexity: O(*n*³) for *n* pairs (the exact distribution; *n* ≤ a few hundred).
    static func signedRankCut(pairs: Int, confidence: Double) -> Int? {
        let tail = (1 - confidence) / 2
        var atMost = 0.0, cut: Int?
        for (value, chance) in signedRankDistribution(pairs: pairs).enumerated() {
            atMost += chance
            guard atMost <= tail else { break }
            cut = value
        }
        return cut
    }

    /// The chance of each value 0…*n*(*n*+1)/2 of the signed-rank statistic (the sum of the
    /// ranks of the positive differences) of `pairs` differences with no change: each rank's
    /// sign is a fair coin.
    ///
    /// - Complexity: O(*n*³) for *n* pairs.
    static func signedRankDistribution(pairs: Int) -> [Double] {
        var chances = [1.0]
        for rank in stride(from: 1, through: max(0, pairs), by: 1) {
            var next = [Double](repeating: 0, count: chances.count + rank)
            for (value, chance) in chances.enumerated() where chance > 0 {
                next[value] += chance / 2
                next[value + rank] += chance / 2
            }
            chances = next
        }
        return chances
    }
}
