import TreeRows

/// Steers the fuzzer's region-churn cases towards the structural events it has seen least
/// (``StructuralEvent``, as strategies report them): it keeps how often each event happened
/// in the run's large cases and how many of each an arm (a ``RegionChurn``) produced per
/// unit of work, and picks arms in proportion to what their yields are worth, each event
/// weighed by how rare it is so far: an arm's worth is the sum over events of its yield per
/// unit of work divided by one plus the event's count. So an event seen once weighs most, but an arm
/// that made it once in a long, costly case is worth less than one that makes a slightly
/// less rare event every case: the steering spends the time where it buys rare events,
/// not where one may come after minutes (an event only the largest trees can show).
///
/// It knows nothing of what an event means, so a user's strategy that reports its own
/// events is steered alike. Every arm is tried once first, in order; after that a quarter
/// of the picks, and every pick while no arm has yielded an event, go to the arm tried
/// least, so every arm keeps its chance to show what it yields. The work of a case is
/// the sum, over its operations, of the tree's nodes (what an operation of a flat strategy
/// costs), not its seconds, so the picks are the same on any machine.
package struct EventSteering: Sendable {
    /// Events seen in the run, by feature name (`strategy · event`).
    package private(set) var seen: [String: Int] = [:]
    /// Cases run by arm.
    private var cases = [Int](repeating: 0, count: RegionChurn.all.count)
    /// Events produced by arm.
    private var yields = [[String: Int]](repeating: [:], count: RegionChurn.all.count)
    /// Work done by arm.
    private var work = [Double](repeating: 0, count: RegionChurn.all.count)

    package init() {}

    /// The arm of the next churn case: drawn in proportion to what the arms' yields are worth
    /// (see the type's description), or (every arm's first time, a quarter of the time after, or while no
    /// arm has yielded an event) the one tried least.
    ///
    /// - Complexity: O(*a* · *e*) for *a* arms and *e* events seen.
    package func choose(using random: inout SplitMix64) -> RegionChurn {
        let leastTried = cases.indices.min { (cases[$0], $0) < (cases[$1], $1) }!
        guard cases[leastTried] > 0, !random.chance(1, in: 4) else { return RegionChurn(arm: leastTried) }
        let worths = cases.indices.map(worth(of:))
        let total = worths.reduce(0, +)
        guard total > 0 else { return RegionChurn(arm: leastTried) }
        // In proportion to worth, so that two arms that each make a different rare event both
        // get their turns.
        var draw = Double(random.next() >> 11) / Double(1 << 53) * total
        for arm in worths.indices where worths[arm] > 0 {
            draw -= worths[arm]
            if draw < 0 { return RegionChurn(arm: arm) }
        }
        return RegionChurn(arm: worths.indices.last { worths[$0] > 0 }!)
    }

    /// What `arm`'s yields are worth per unit of work: each event's yield divided by one
    /// plus its count so far.
    private func worth(of arm: Int) -> Double {
        guard work[arm] > 0 else { return 0 }
        return yields[arm].reduce(0) { sum, event in sum + Double(event.value) / Double(1 + seen[event.key, default: 0]) } / work[arm]
    }

    /// Records what a large case produced, and for a churn case its arm's yield and work
    /// (the sum of the tree's nodes over its operations). Only large cases count, so the
    /// picks depend on the seed and the large cases alone, not on how many small cases a
    /// machine ran between them (a large case cut short by its time limit is the one
    /// exception; the arm is in the case's identity all the same).
    ///
    /// - Complexity: O(*e*) for *e* events.
    package mutating func record(_ events: [String: Int], churn: RegionChurn?, work: Double) {
        seen.merge(events, uniquingKeysWith: +)
        guard let churn else { return }
        cases[churn.arm] += 1
        self.work[churn.arm] += max(1, work)
        yields[churn.arm].merge(events, uniquingKeysWith: +)
    }
}
