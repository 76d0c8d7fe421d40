/// A step that ran past the watchdog's standard budget without being a hang by its
/// strategy's own measured cost, stopped where a slow step is not allowed to run on (a
/// benchmark cell, ``ChildProcess/SlowStepPolicy/stop``): what it had used when stopped, a
/// lower bound of its cost.
package struct SlowStep: Sendable, Equatable {
    /// The processor time the step used (`nil` where it cannot be read; then ``wall``).
    package var processor: Duration?
    /// The wall time from the step's start to its stop.
    package var wall: Duration
    /// The standard budget it passed.
    package var budget: Duration
    /// What its strategy's own measured cost predicted (zero: nothing measured yet).
    package var predicted: Duration
    /// The tree's nodes, and the operation's elements (a page's replies, an accordion's
    /// siblings, summed over a benchmark step's inputs).
    package var nodes: Int
    package var elements: Int

    /// The least the step would have cost: the processor time it used, or its wall time.
    package var lowerBound: Duration { processor ?? wall }
}
