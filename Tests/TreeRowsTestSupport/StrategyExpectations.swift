import Testing
import TreeRows

/// Checks one step of a strategy against the reference: same rows, and a diff that passes
/// the validator and turns the old rows into the new ones.
public enum StrategyExpectations {
    /// Performs `operation` on both, and records expectation failures naming `context`.
    ///
    /// - Returns: The strategy's diff.
    @discardableResult
    public static func step<S: RowStrategy>(
        _ strategy: inout S, _ reference: inout ReferenceStrategy, _ operation: TreeOperation,
        _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> RowDiff {
        let oldRows = strategy.rows
        let diff = try! strategy.perform(operation)
        _ = try! reference.perform(operation)
        let newRows = strategy.rows
        #expect(newRows == reference.rows, "\(context): \(S.name) rows differ after \(operation)", sourceLocation: sourceLocation)
        do {
            let applied = try diff.apply(to: oldRows, rowCountAfter: strategy.rowCount, inserted: strategy.row(at:))
            #expect(applied == newRows, "\(context): \(S.name) diff \(diff) after \(operation) does not give the new rows",
                    sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(context): \(S.name) diff \(diff) after \(operation) rejected: \(error)", sourceLocation: sourceLocation)
        }
        #expect(diff.isNormalized, "\(context): \(S.name) diff \(diff) is not normalized", sourceLocation: sourceLocation)
        for (index, row) in newRows.enumerated() where strategy.index(of: row.node) != index {
            Issue.record("\(context): \(S.name) index(of: \(row.node)) wrong after \(operation)", sourceLocation: sourceLocation)
            break
        }
        do { try strategy.checkInvariants() } catch {
            Issue.record("\(context): \(S.name) invariant after \(operation): \(error)", sourceLocation: sourceLocation)
        }
        return diff
    }
}
