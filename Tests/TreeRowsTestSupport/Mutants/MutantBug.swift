/// The classic mistakes of this problem, each kept alive in a deliberately wrong strategy
/// so that the fuzzer's power to find (and shrink) them stays tested.
public enum MutantBug: String, CaseIterable, Sendable {
    /// Expanding a node inserts only its direct children, forgetting their expanded descendants.
    case expandInsertsOnlyChildren = "expand-inserts-only-children"
    /// Collapsing a node removes only its direct children's rows, leaving deeper rows behind.
    case collapseRemovesOnlyChildren = "collapse-removes-only-children"
    /// The deleted range of a collapse ends one row early (the rows are right, the diff is not).
    case rangeEndOffByOne = "range-end-off-by-one"
    /// Counts of ancestors above the parent are not updated after a nested collapse.
    case staleAncestorCounts = "stale-ancestor-counts"
    /// Collapsing a node resets its descendants' expanded flags to expanded.
    case hiddenStateResetOnCollapse = "hidden-state-reset-on-collapse"
    /// A reply under a hidden or collapsed parent is inserted as a row anyway (at the end).
    case insertUnderHiddenParentYieldsRow = "insert-under-hidden-parent-yields-row"
    /// Removing a subtree does not renumber the node → row map of the rows after it.
    case removeLeavesMapStale = "remove-leaves-map-stale"
    /// A sort reorders the top-level blocks of rows but not the replies inside them.
    case sortOnlyTopLevel = "sort-only-top-level"
    /// An accordion expand names its inserted rows by the expanded node's row before the
    /// siblings collapsed (old indices instead of new ones).
    case accordionInsertsAtOldIndex = "accordion-inserts-at-old-index"
    /// The last page removes the load-more row but the diff does not delete it.
    case lastPageKeepsLoadMoreRowInDiff = "last-page-keeps-load-more-row-in-diff"
    /// Row offsets are computed once and not updated when rows appear or disappear.
    case offsetsNotUpdated = "offsets-not-updated"
    /// Section headers are placed by subtree sizes, as if no top-level node were collapsed.
    case sectionLayoutIgnoresCollapse = "section-layout-ignores-collapse"
}
