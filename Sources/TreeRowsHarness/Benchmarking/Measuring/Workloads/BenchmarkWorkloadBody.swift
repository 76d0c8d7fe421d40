import TreeRows

/// Everything one benchmark operation does, in one value: how its inputs are drawn, the
/// untimed preparation before a sample, the timed work of one input, the change an input
/// makes (performed on the expected tree, and by the lock-step check on the strategy), and
/// the check of a query's answer. ``BenchmarkRunner`` draws, times, applies and checks
/// every operation through this protocol (it names one operation, `build`, only to report
/// the bytes per node a build keeps), so an operation is one conforming type and one
/// ``BenchmarkWorkload`` value.
///
/// Required: ``inputs(on:count:random:)`` and ``perform(_:on:tree:)``. Customization
/// points, with their defaults in the extension below: ``batch``, ``timedBatch``, ``needsHeights``,
/// ``preparation``, ``keepsSections`` with ``perform(_:on:sections:tree:)``, ``change(for:)``
/// (an operation that changes rows must give it),
/// ``checkAnswer(_:of:expecting:)`` and ``checkDiff(_:of:expecting:)``.
package protocol BenchmarkWorkloadBody: Sendable {
    /// Draws `count` inputs for the cell's tree (with its live nodes, rows and total
    /// height), the same for every strategy.
    ///
    /// - Complexity: O(*n* + `count`) for *n* nodes, unless the operation says otherwise.
    func inputs(on source: BenchmarkTree, count: Int, random: inout SplitMix64) -> [BenchmarkInput]

    /// Inputs per timed sample: queries answer in nanoseconds, so they are timed in batches
    /// that the clock does not dominate.
    var batch: Int { get }

    /// Inputs per timed sample of the median (``BenchmarkSamples``): an operation that takes
    /// nanoseconds is timed over several consecutive inputs, so that neither the clock's cost
    /// nor its resolution shows in its median. Between two such samples the runner times one
    /// input alone, for the tails. The runner times one input per sample instead when a
    /// batch would leave fewer than ``BenchmarkRunner/fewestBatchedSamples`` samples in the
    /// budget (an operation slow enough that one input already dwarfs the clock).
    var timedBatch: Int { get }

    /// Whether the cell's tree gets row heights (from the `text` model) first.
    var needsHeights: Bool { get }

    /// The untimed change before every sample, on the strategy and the expected tree alike
    /// (expand-all starts from all collapsed); `nil` for none.
    var preparation: TreeOperation? { get }

    /// Whether the timed work keeps ``BenchmarkSections`` beside the strategy (the sectioned
    /// operations): the runner builds it, untimed, before the first sample and after a
    /// verified one, and times ``perform(_:on:sections:tree:)``.
    var keepsSections: Bool { get }

    /// Whether the inputs are drawn at the thread's own pages not yet loaded
    /// (``BenchmarkTree/loadMoreRows``) when it has some.
    var drawsThreadPages: Bool { get }

    /// The timed work of one sample of an operation that ``keepsSections``: `sections` holds
    /// the strategy's index, kept up to date.
    ///
    /// - Complexity: the strategy's operation per input, plus following it in `sections`.
    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, sections: inout BenchmarkSections, tree: Tree) -> Int

    /// The change `input` makes: performed on the expected tree after every sample, and by
    /// the verified samples' ``LockstepStep`` on the strategy. `nil` for queries and builds,
    /// which change nothing.
    func change(for input: BenchmarkInput) -> TreeOperation?

    /// The timed work of one sample, every input's result folded into a checksum that the
    /// runner consumes.
    ///
    /// The loop is the operation's own and calls the strategy directly (`for case
    /// .node(let node) in inputs { … strategy.toggle(node) … }`): a call per input through
    /// the existential, or a ``TreeOperation`` built per input, adds nanoseconds to queries
    /// that take two.
    /// - Complexity: the strategy's operation per input.
    func perform<S: RowStrategy>(_ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, tree: Tree) -> Int

    /// A verified sample's check of a query: `strategy`'s answer to `input` against the
    /// rows of `expectation` (which is also the strategy's state).
    ///
    /// - Complexity: one query, plus O(log *r*) for *r* rows (after the expectation's first
    ///   O(*r*) lookup).
    func checkAnswer<S: RowStrategy>(_ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation) -> StepDisagreement?

    /// A verified sample's check of a change beyond the lock-step step's (which has no
    /// reference diff here): the form of the diff, the sections.
    func checkDiff<S: RowStrategy>(_ diff: RowDiff, of strategy: S, expecting expectation: StepExpectation) -> StepDisagreement?
}

extension BenchmarkWorkloadBody {
    /// One input per sample.
    package var batch: Int { 1 }

    /// ``batch``: operations that change the whole tree (builds, sorts, expand-all) take
    /// microseconds at least.
    package var timedBatch: Int { batch }

    /// No row heights.
    package var needsHeights: Bool { false }

    /// No preparation.
    package var preparation: TreeOperation? { nil }

    /// No sections.
    package var keepsSections: Bool { false }

    /// Inputs of its own.
    package var drawsThreadPages: Bool { false }

    /// ``perform(_:on:tree:)``, the sections left alone.
    package func perform<S: RowStrategy>(
        _ inputs: ArraySlice<BenchmarkInput>, on strategy: inout S, sections: inout BenchmarkSections, tree: Tree
    ) -> Int {
        perform(inputs, on: &strategy, tree: tree)
    }

    /// No change.
    package func change(for input: BenchmarkInput) -> TreeOperation? { nil }

    /// Nothing to check.
    package func checkAnswer<S: RowStrategy>(
        _ input: BenchmarkInput, of strategy: S, expecting expectation: inout StepExpectation
    ) -> StepDisagreement? { nil }

    /// Nothing beyond the step.
    package func checkDiff<S: RowStrategy>(_ diff: RowDiff, of strategy: S, expecting expectation: StepExpectation) -> StepDisagreement? {
        nil
    }
}

/// A cell's tree with what input drawing needs of it, computed once per cell: the source
/// every operation draws its inputs from (``BenchmarkWorkloadBody/inputs(on:count:random:)``).
package struct BenchmarkTree {
    /// The tree (with heights if the operation needs them).
    package var tree: Tree
    /// Its live nodes, in slot order.
    package var live: [NodeIndex]
    /// Its rows.
    package var rowCount: Int
    /// The sum of its rows' heights.
    package var totalHeight: Int
    /// The thread's own load-more rows (an imported Reddit or Hacker News thread's pages), if any.
    package var loadMoreRows: [NodeIndex] = []

    /// A uniformly chosen live node.
    package func randomNode(_ random: inout SplitMix64) -> NodeIndex { live[random.below(live.count)] }

    /// A new node's id named `name`, or `name~1`, `name~2`, … when the tree has that id
    /// already: a corpus may hold any string id, and an insert of one it has would be
    /// refused, so every strategy would look wrong. Names without `~` give distinct ids.
    ///
    /// - Complexity: O(1) expected (a lookup per id tried).
    package func freshID(_ name: String) -> NodeID {
        var id = NodeID.string(name)
        var suffix = 0
        while tree.index(of: id) != nil {
            suffix += 1
            id = .string("\(name)~\(suffix)")
        }
        return id
    }

    /// The live nodes that have children, or every live node if none has.
    package var parents: [NodeIndex] {
        let parents = live.filter { tree.firstChild(of: $0) != nil }
        return parents.isEmpty ? live : parents
    }
}
