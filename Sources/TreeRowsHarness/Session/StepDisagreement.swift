import TreeRows

/// What a strategy got wrong after one operation: the part of the contract it broke and
/// what was expected against what was found.
///
/// Every check of ``StepCheck`` and ``LockstepStep`` returns one (or `nil`), and so do the
/// benchmark operations' own checks; the fuzzer, `replay` and `check` report its detail,
/// and a wrong benchmark cell carries it (``BenchmarkResult/disagreement``).
public struct StepDisagreement: Error, Hashable, Sendable, CustomStringConvertible, Codable {
    /// The part of the contract a check found broken.
    public enum Aspect: String, Sendable, CaseIterable, Codable {
        /// `rowCount` differs from the reference's.
        case rowCount
        /// The diff fails the batch-update validator, or applied to the old rows does not
        /// give the new ones.
        case diff
        /// The diff reloads other rows than the reference's.
        case reloads
        /// The diff deletes (and inserts) other numbers of rows than the reference's: a row
        /// that stays was deleted and inserted again.
        case deletions
        /// The diff is not the form the operation promises (a sort without moves reloads
        /// every row).
        case diffForm
        /// `row(at:)` or `rows(in:)` differs from the reference's rows.
        case rows
        /// `index(of:)` differs, for a row or for a hidden node.
        case index
        /// `offset(ofRow:)`, `row(atOffset:)` or `totalHeight` differs from the sums of the
        /// heights.
        case heights
        /// The section layout or the sectioned diff is wrong.
        case sections
        /// `checkInvariants()` threw.
        case invariants
        /// The strategy's tree differs from the reference's.
        case tree
        /// The strategy threw on an operation the reference performed.
        case threw
        /// The strategy's instances, once released, left memory allocated: run case after
        /// case in one process, it grows until the process runs out (``RetainedMemory``).
        case retainedMemory
    }

    /// The part of the contract that broke.
    public var aspect: Aspect
    /// Expected against found, in words.
    public var detail: String
    /// The value the check expected (the reference's, or the sums of the heights), written
    /// out, where the check compares one value: `919` (a count), `2:a` (a row), `nil (a
    /// hidden node)` (an index), `4 nodes in 6 slots` (a tree's size); `nil` for a check
    /// that finds a broken rule instead (a rejected diff, an invariant, a throw).
    public var expected: String?
    /// The strategy's value in place of ``expected``, written out the same way.
    public var found: String?

    /// A disagreement about `aspect`, with the compared values when there are two.
    package init(_ aspect: Aspect, _ detail: String, expected: String? = nil, found: String? = nil) {
        self.aspect = aspect
        self.detail = detail
        self.expected = expected
        self.found = found
    }

    /// The ``detail``.
    public var description: String { detail }

    /// The same disagreement with `prefix` before its detail (`initial: `).
    package func prefixed(_ prefix: String) -> StepDisagreement { StepDisagreement(aspect, prefix + detail, expected: expected, found: found) }
}
