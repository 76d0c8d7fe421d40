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

    // Bugs beyond a size threshold: invisible on a tree of 32 nodes.
    /// `index(of:)` keeps rows in 16 bits: wrong beyond 65,535 rows.
    case rowIndexIn16Bits = "row-index-in-16-bits"
    /// Rows keep their depth in 16 bits: wrong below depth 65,535.
    case depthIn16Bits = "depth-in-16-bits"
    /// An insert keeps the child position in 16 bits: lands elsewhere in a sibling list
    /// longer than 65,536.
    case childPositionIn16Bits = "child-position-in-16-bits"
    /// An expand's or collapse's range keeps its length in 16 bits: a wrong diff for a
    /// block of more than 65,535 rows.
    case blockLengthIn16Bits = "block-length-in-16-bits"
    /// `row(at:)` and `rows(in:)` keep the row in 20 bits: wrong beyond 1,048,575 rows.
    case rowsIn20Bits = "rows-in-20-bits"
    /// Offsets and the total height are kept in 32 bits: wrong past 2^31 points.
    case offsetsIn32Bits = "offsets-in-32-bits"
    /// A journal compacted after 400 changes leaves toggles reporting their range one row late.
    case compactionAfter400Changes = "compaction-after-400-changes"

    // Bugs behind a parameter's edge value or a combination of two operations.
    /// An insert drops its `time`: a later sort by time differs.
    case insertDropsTime = "insert-drops-time"
    /// The reloading sort (`reportingMoves: false`) reports moves instead of reloading every row.
    case sortReloadReportsMoves = "sort-reload-reports-moves"
    /// An empty last page forgets to remove the load-more row.
    case emptyPageKeepsLoadMoreRow = "empty-page-keeps-load-more-row"
    /// An id reused after its node was removed is taken for the removed node: the reply gets no row.
    case reusedIDStaysHidden = "reused-id-stays-hidden"
    /// A last page deletes only the load-more row's own row, not the replies shown under it.
    case loadMoreRowRepliesLeft = "load-more-row-replies-left"
    /// A page loaded after a sort is placed by the order before the sort: its inserted
    /// rows one row off.
    case pageAfterSortMisplaced = "page-after-sort-misplaced"
    /// `row(atOffset:)` answers the next row at exactly a row's midpoint (rows of more than
    /// two points): right at every row's top and bottom.
    case rowAtOffsetMidpoint = "row-at-offset-midpoint"

    // Bugs that crash instead of answering wrong: the fuzzer survives them only isolated.
    /// Removing a last child reads the sibling after it: index out of range.
    case removeLastChildReadsPastEnd = "remove-last-child-reads-past-end"
    /// A sort by score adds every score up first: arithmetic overflow past Int64.max.
    case scoreSumOverflows = "score-sum-overflows"
    /// A toggle force-unwraps the node's row: nil for a hidden node.
    case toggleHiddenUnwrapsRow = "toggle-hidden-unwraps-row"
    /// Expanding everything measures the tree's height by recursion: a stack overflow on a
    /// chain of 100,000 nodes.
    case recursiveExpandAll = "recursive-expand-all"
    /// Expanding a subtree recursively counts its nodes first by recursion: a stack
    /// overflow at the top of a chain of 100,000 nodes.
    case recursiveExpandRecursively = "recursive-expand-recursively"
    /// An accordion expand looks for another sibling to collapse, round and round: an only
    /// child never finds one.
    case accordionOnlyChildLoops = "accordion-only-child-loops"
    /// An empty page is retried into a growing buffer until replies come, which they never do.
    case emptyPageRetriesForever = "empty-page-retries-forever"
    /// The process's first toggle warms a cache with a scan that takes longer than the
    /// watchdog's budget, then answers right: a step that is slow once, after which the
    /// strategy goes on (while its backtrace is written, into later steps and cases).
    case firstToggleStalls = "first-toggle-stalls"

    // Bugs that show only sometimes (``FlakyMutant``): found, then passing when run again.
    /// A toggle is dropped when a `Set` built for it yields the node first, which depends on
    /// the process's hashing seed and the set's address.
    case setOrderFlaky = "set-order-flaky"
    /// Every 1,000th toggle of the process (that changes rows) is dropped: a global counter.
    case everyThousandthToggle = "every-1000th-toggle"
    /// Every toggle (that changes rows) keeps a 4 KiB record in a global history that is
    /// never freed: right rows, and memory that builds up across cases until the process
    /// runs out, as a retain cycle leaks in an app.
    case retainsEveryToggle = "retains-every-toggle"

    // Bugs in the inner boundaries of a B-tree (``BTreeMutant``, a copy of preorder-btree's).
    /// A leaf split moves the upper half of the elements but leaves the last of them linked
    /// to the old leaf.
    case leafSplitKeepsLastLink = "btree-leaf-split-keeps-last-link"
    /// An inner node's split moves half its entries but leaves their children's parent links
    /// on the old node.
    case innerSplitKeepsParents = "btree-inner-split-keeps-parents"
    /// A packing copies the leaves' raw counters, dropping the adds kept above them.
    case packingDropsAdds = "btree-packing-drops-adds"
    /// When the root grows a level, the old root's parent link is written as a leaf's: an old
    /// root that is an inner node keeps the super-root as its parent.
    case rootGrowthLinksOnlyLeaves = "btree-root-growth-links-only-leaves"
    /// When the root gives way to its only child, that child's add is dropped.
    case rootCollapseDropsAdd = "btree-root-collapse-drops-add"
    /// A range add over a whole child adds to the child's add but not to its minimum.
    case rangeAddSkipsMinimum = "btree-range-add-skips-minimum"
    /// ``innerSplitKeepsParents`` only where the splitting node is at level 3 or above: in
    /// preorder-btree's own sizes, a node over 150,000 elements.
    case highInnerSplitKeepsParents = "btree-high-inner-split-keeps-parents"
    /// ``rootCollapseDropsAdd`` only where the root gives way to a node at level 3 or
    /// above: in preorder-btree's own sizes, a tree of 2 million elements losing a level.
    case highRootCollapseDropsAdd = "btree-high-root-collapse-drops-add"
}
