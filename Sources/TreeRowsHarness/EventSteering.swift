import TreeRows

/// Steers the fuzzer's region-churn cases towards the structural events it has seen least
/// (``StructuralEvent``, as strategies report them): it keeps how often each event happened
/// in the run's large cases and how many of each an arm (a ``RegionChurn``) produced per
/// case, and picks the arm that yields the rarest event best.
///
/// It knows nothing of what an event means, so a user's strategy that reports its own
/// events is steered alike. The rarest event is the rarest that some arm has yielded (an
/// event only another scenario makes cannot be steered to); a quarter of the picks, and
/// every pick before any arm yielded an event, go to the arm tried least, so every arm
/// keeps its chance to show what it yields.
package struct EventSteering: Sendable {
    /// Events seen in the run, by feature name (`strategy · event`).
    package private(set) var seen: [String: Int] = [:]
    /// Cases run by arm.
    private var cases = [Int](repeating: 0, count: RegionChurn.all.count)
    /// Events produced by arm.
    private var yields = [[String: Int]](repeating: [:], count: RegionChurn.all.count)

    package init() {}

    /// The arm of the next churn case: the one that yielded the rarest event it can yield
    /// most per case, or (a quarter of the time, or while no arm has yielded an event) the
    /// one tried least.
    ///
    /// - Complexity: O(*a* · *e*) for *a* arms and *e* events seen.
    package func choose(using random: inout SplitMix64) -> RegionChurn {
        let leastTried = cases.indices.min { (cases[$0], $0) < (cases[$1], $1) }!
        let yielded = seen.filter { event in yields.contains { $0[event.key, default: 0] > 0 } }
        guard !random.chance(1, in: 4), let rarest = yielded.min(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key else {
            return RegionChurn(arm: leastTried)
        }
        let best = cases.indices.max { left, right in
            let (a, b) = (rate(of: rarest, arm: left), rate(of: rarest, arm: right))
            return a != b ? a < b : (cases[left], left) > (cases[right], right)
        }!
        return RegionChurn(arm: best)
    }

    /// How many of `event` a case of `arm` yielded on average.
    private func rate(of event: String, arm: Int) -> Double {
        cases[arm] == 0 ? 0 : Double(yields[arm][event, default: 0]) / Double(cases[arm])
    }

    /// Records what a large case produced, and for a churn case its arm's yield. Only large
    /// cases count, so the picks depend on the seed and the large cases alone, not on how
    /// many small cases a machine ran between them (a large case cut short by its time
    /// limit is the one exception; the arm is in the case's identity all the same).
    ///
    /// - Complexity: O(*e*) for *e* events.
    package mutating func record(_ events: [String: Int], churn: RegionChurn?) {
        seen.merge(events, uniquingKeysWith: +)
        guard let churn else { return }
        cases[churn.arm] += 1
        yields[churn.arm].merge(events, uniquingKeysWith: +)
    }
}
