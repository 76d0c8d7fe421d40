/// A broken internal invariant, found by a `checkInvariants()` that recomputed its state
/// from scratch and compared.
public struct InvariantViolation: Error, CustomStringConvertible, Sendable {
    /// What was expected and what was found.
    public var message: String

    /// Creates a violation with a message naming the node or row concerned.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// Whether this build runs `checkInvariants()` after every mutating operation.
///
/// True in builds with the package trait `InternalChecks`, which the project's test command
/// turns on (`.ci/test` runs the suite in an optimized build with it); false in every other
/// build, including a dependent's builds unless it asks for the trait. Benchmarks must not
/// run with it on: the checks are O(*n*) per operation.
public let internalChecksEnabled: Bool = {
    #if TREEROWS_INTERNAL_CHECKS
    return true
    #else
    return false
    #endif
}()
