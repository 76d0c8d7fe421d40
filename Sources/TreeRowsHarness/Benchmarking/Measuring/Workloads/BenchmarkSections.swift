import TreeRows

/// What a sectioned operation keeps beside the strategy from one sample to the next: the
/// strategy's ``SectionIndex``, and a ``SectionedDiff`` whose storage each operation reuses,
/// so that a toggle in sections allocates nothing in steady state, as an app would keep them.
package struct BenchmarkSections {
    /// The strategy's section index, kept up to date.
    package var index: SectionIndex
    /// The last operation's diff in sections.
    package var diff = SectionedDiff()

    /// The sections of `strategy` as it is.
    ///
    /// - Complexity: that of ``SectionIndex/init(of:)``.
    package init<S: RowStrategy>(of strategy: S) {
        index = SectionIndex(of: strategy)
        // Room for a toggle's one run, as the diff an app keeps has after its first toggles.
        diff.deletedRows.reserveCapacity(4)
        diff.insertedRows.reserveCapacity(4)
    }
}
