import TreeRows

/// A strategy that disagreed with the reference on a ``FuzzCase``.
public struct Disagreement: Hashable, Sendable, Codable {
    /// The strategy's name.
    public var strategy: String
    /// The index (in the case's operations) of the operation after which it disagreed;
    /// -1 for the initial rows.
    public var operationIndex: Int
    /// What was wrong (expected against found).
    public var problem: String
    /// The reference's rows after the operation, as `depth:id`.
    public var expectedRows: [String]
    /// The strategy's rows after the operation, as `depth:id` (empty if it could not list them).
    public var actualRows: [String]
    /// The strategy's diff, as text.
    public var diff: String
    /// How the strategy crashed, when it did not answer at all (run by a wrapper that outlives it).
    public var crash: Crash? = nil
    /// The part of the contract the strategy broke; `nil` for a crash, an invalid case, or a
    /// repro file written before it was kept.
    public var aspect: StepDisagreement.Aspect? = nil
    /// The value the check expected, where it compared one (``StepDisagreement/expected``).
    public var expected: String? = nil
    /// The strategy's value in its place (``StepDisagreement/found``).
    public var found: String? = nil

    /// The ``strategy`` of a disagreement that no strategy caused: the case itself is
    /// invalid (its tree cannot be built).
    public static let invalidCaseStrategy = "harness"

    /// The ``strategy`` of a crash in TreeRows' own code: the reference, the checks or a
    /// drawing of the case (a bug of TreeRows, to report).
    public static let harnessStrategy = "treerows"

    /// A case whose tree cannot be built: `problem` says why.
    static func invalidCase(_ problem: String) -> Disagreement {
        Disagreement(strategy: invalidCaseStrategy, operationIndex: -1, problem: "invalid case: \(problem)",
                     expectedRows: [], actualRows: [], diff: "")
    }

    /// Whether the case itself is invalid, rather than a strategy wrong.
    public var isInvalidCase: Bool { strategy == Self.invalidCaseStrategy }
}
