import TreeRows

extension FuzzCase {
    /// The case as it acts: operations that would be skipped (a node they name is gone, an
    /// id to insert is taken) taken out, and insert positions clamped as they were applied,
    /// so that ``DifferentialRun/replay(_:strategies:)`` accepts it. A case whose tree cannot
    /// be built is returned as it is.
    ///
    /// - Complexity: one run of the reference: O(*m* · *n* log *n*) for *m* operations on
    ///   trees of *n* nodes.
    package func resolvingEveryOperation() -> FuzzCase {
        guard let tree = try? makeTree() else { return self }
        var reference = ReferenceStrategy(tree: tree)
        var kept: [FuzzOperation] = []
        for operation in operations {
            guard let resolved = operation.resolve(in: reference.tree) else { continue }
            kept.append(FuzzOperation(resolved, in: reference.tree))
            _ = try? reference.perform(resolved)
        }
        var result = self
        result.operations = kept
        return result
    }
}
