import TreeRows

/// Told of every step a driver takes: the ``DifferentialSession`` (the build, the initial
/// check, the reference's and each strategy's step of every operation) and the bench's
/// cells (their build, each batch of inputs, their final check).
///
/// A driver is handed its observer and never asks what is behind it. In an ordinary process
/// it is ``SilentObserver``; a wrapper that runs the driver elsewhere passes one that reports
/// each step to whoever watches (the isolation wrapper's heartbeat and step budget). Every
/// requirement has a default that does nothing, in the extension below.
///
/// Steps are numbered by the driver: `strategy` is a position among the strategies it runs
/// (-1: the reference or the harness itself), `operation` a position in its case or among
/// its inputs (-1: the build and the initial check; a bench cell's final check is -2).
package protocol StepObserver: AnyObject {
    /// Whether the observer uses the sizes of steps (``beginOperation(_:nodes:elements:)``'s
    /// and ``beginInputs(_:elements:nodes:)``'s arguments): a driver may skip counting them
    /// when it does not. `false` by default.
    var measuresSteps: Bool { get }

    /// A case on a tree of `nodes` nodes begins: its build and its initial checks.
    func beginCase(nodes: Int)

    /// An operation begins on a tree of `nodes` nodes; it has `elements` elements (a page's
    /// replies, the siblings an accordion collapses; 1 for any other operation).
    func beginOperation(_ operation: TreeOperation, nodes: Int, elements: Int)

    /// A bench cell's next steps each time `inputs` inputs of `elements` elements in all on a
    /// tree of `nodes` nodes.
    func beginInputs(_ inputs: Int, elements: Int, nodes: Int)

    /// A step begins: `strategy` on `operation` (see the numbering above).
    func step(strategy: Int, operation: Int)

    /// The step under way is alive but waiting on another process (a turn of
    /// ``AlternatingTurns``).
    func pulse()
}

extension StepObserver {
    package var measuresSteps: Bool { false }
    package func beginCase(nodes: Int) {}
    package func beginOperation(_ operation: TreeOperation, nodes: Int, elements: Int) {}
    package func beginInputs(_ inputs: Int, elements: Int, nodes: Int) {}
    package func step(strategy: Int, operation: Int) {}
    package func pulse() {}

    /// ``beginOperation(_:nodes:elements:)`` for `operation` on `tree` as it stands before it.
    ///
    /// - Complexity: O(1), or O(*k*) for an accordion among *k* siblings when the observer
    ///   ``measuresSteps``.
    package func beginOperation(_ operation: TreeOperation, in tree: Tree) {
        guard measuresSteps else { return }
        beginOperation(operation, nodes: tree.nodeCount, elements: StepCostModel.elements(of: operation, in: tree))
    }
}

/// The observer of a driver that nobody watches: every step is ignored.
package final class SilentObserver: StepObserver, Sendable {
    package init() {}
}
