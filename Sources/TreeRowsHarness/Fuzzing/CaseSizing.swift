import TreeRows

/// How large a tree each strategy can take in a large case, from what its steps in the
/// worker's earlier large cases cost: a strategy that is O(*n*) a toggle (a row array
/// rebuilt after every change) or O(*n* · *k*) an accordion gets every scenario on trees as
/// large as its speed allows, while the fast strategies keep the scenarios' own sizes.
///
/// A strategy *fits* a case when its predicted worst step on the case's tree (the highest of
/// its kinds' rates near the largest steps it has had, over its sampled steps in large cases
/// (``StepCostModel``: a step's fixed cost weighs little there), times the nodes
/// and the kind's elements: the widest sibling list for an accordion, ``pageElements`` for a
/// page) is at most ``stepsPerCase``-th of the large case's time. The rates leave out the
/// harness's full and deep checks (O(*n*) for every strategy alike), and an accordion's or a
/// page's rate counts only steps of 16 elements or more. Until a strategy has sampled steps
/// of ``measuredWork`` it fits every case, as before. A strategy that does not fit runs the same draw again, held to the largest node
/// cap (halving from the tree's size) at which it fits, except that when none of the case's
/// strategies fits, the one predicted fastest keeps the whole draw if its worst step is
/// predicted within half the case's time (so the scenario's size is reached).
struct CaseSizing {
    /// Every strategy's measured cost in large cases, by kind, in this worker.
    private(set) var costs = StepCostModel()
    /// The largest tree each strategy has run a case on.
    private(set) var largestTree: [Int]
    /// The time one step may take: the large case's time over ``stepsPerCase``, in nanoseconds.
    let stepAllowance: Double

    /// The steps a case should have room for at the predicted worst cost.
    static let stepsPerCase = 4.0
    /// The elements a page is taken to have (the generator's ordinary pages hold 8 to 64).
    static let pageElements = 64.0
    /// The step allowances the fastest strategy's predicted worst step may take when it runs a
    /// draw that no strategy fits (``vanguard(among:nodes:siblings:)``): half the case's time.
    static let vanguardSteps = 2.0
    /// The work a strategy's steps must have reached before its rates size cases.
    static let measuredWork = 10_000.0

    init(strategies: Int, caseTime: Duration) {
        largestTree = Array(repeating: 0, count: strategies)
        stepAllowance = caseTime.nanoseconds / Self.stepsPerCase
    }

    /// Takes in what a case's session measured and which strategies ran on a tree of `nodes` nodes.
    ///
    /// - Parameters:
    ///   - large: Whether the case was large: only large cases' steps size later cases.
    ///   - positions: The run's position of each of the session's strategies.
    /// - Complexity: O(*s* · *k*) for *s* strategies and *k* kinds.
    mutating func record(_ session: StepCostModel, positions: [Int], nodes: Int, large: Bool) {
        if large { costs.merge(session, positions: positions) }
        for position in positions { largestTree[position] = max(largestTree[position], nodes) }
    }

    /// Whether `strategy` fits a case of `nodes` nodes whose widest sibling list has `siblings`.
    ///
    /// - Complexity: O(*k*) for *k* kinds.
    func fits(_ strategy: Int, nodes: Int, siblings: Int) -> Bool {
        guard costs.hasMeasured(strategy: strategy, work: Self.measuredWork) else { return true }
        return worstStep(strategy, nodes: Double(nodes), siblings: Double(siblings)) <= stepAllowance
    }

    /// The largest cap, halving from `nodes`, at which every strategy of `strategies` fits
    /// (the widest sibling list shrinking with the tree); at least 40 nodes.
    ///
    /// - Complexity: O(*s* · *k* · log *n*).
    func cap(for strategies: [Int], nodes: Int, siblings: Int) -> Int {
        var cap = nodes
        while cap > 40 {
            cap /= 2
            let scaled = max(1, Int(Double(siblings) * Double(cap) / Double(max(1, nodes))))
            if strategies.allSatisfy({ worstStep($0, nodes: Double(cap), siblings: Double(scaled)) <= stepAllowance }) { break }
        }
        return max(40, cap)
    }

    /// The strategy of `strategies` predicted fastest on a tree of `nodes` nodes whose widest
    /// sibling list has `siblings`, when that prediction is within ``vanguardSteps``
    /// allowances: it runs a draw that none of them fits at the draw's own size, so a
    /// scenario's threshold (a sibling list over 100,000, rows beyond 2^20) is still reached
    /// when every prediction, extrapolated far past the largest steps measured, overshoots
    /// the allowance. `nil` when even the fastest is predicted slower (a row array on a
    /// million nodes): the draw is then capped for all.
    ///
    /// - Complexity: O(*s* · *k*) for *s* strategies and *k* kinds.
    func vanguard(among strategies: [Int], nodes: Int, siblings: Int) -> Int? {
        let predicted = strategies.map { ($0, worstStep($0, nodes: Double(nodes), siblings: Double(siblings))) }
        guard let fastest = predicted.min(by: { $0.1 < $1.1 }), fastest.1 <= stepAllowance * Self.vanguardSteps else { return nil }
        return fastest.0
    }

    /// The predicted cost of `strategy`'s most expensive kind of step on such a tree, from
    /// the kinds it has sampled steps of (a kind it has none of says nothing: a strategy is
    /// not held to a cost per element it never showed).
    private func worstStep(_ strategy: Int, nodes: Double, siblings: Double) -> Double {
        (0..<OperationKindIndex.count).map { kind in
            guard costs.hasOwn(strategy: strategy, kind: kind) else { return 0 }
            let elements = kind == Self.accordion ? max(1, siblings) : kind == Self.page ? Self.pageElements : 1
            return costs.predict(strategy: strategy, kind: kind, work: nodes * elements, growing: false)
        }.max() ?? 0
    }

    private static let accordion = OperationKindIndex.of(.accordionExpand)
    private static let page = OperationKindIndex.of(.loadPage)
}

extension Tree {
    /// The longest sibling list, the top level's included.
    ///
    /// - Complexity: O(*n*).
    var widestSiblingList: Int {
        var widest = childCount(of: Tree.root)
        for node in nodes { widest = max(widest, childCount(of: node)) }
        return widest
    }
}
