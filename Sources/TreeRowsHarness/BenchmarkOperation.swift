/// What one benchmark sample does.
public enum BenchmarkOperation: String, CaseIterable, Sendable {
    /// Build the initial rows: `init(tree:)`.
    case build
    /// Toggle a uniformly chosen node.
    case toggleRandom = "toggle-random"
    /// Toggle one of the nodes with the largest subtrees.
    case toggleHeavy = "toggle-heavy"
    /// Toggle one of the deepest nodes that have children.
    case toggleDeep = "toggle-deep"
    /// Toggle the last top-level node that has replies (the last one if none has): the worst
    /// case for a linear scan of the top-level list.
    case toggleLast = "toggle-last"
    /// Expand every node (from all collapsed; the collapse is not timed).
    case expandAll = "expand-all"
    /// Collapse every node (from all expanded; the expand is not timed).
    case collapseAll = "collapse-all"
    /// `row(at:)` of a uniformly chosen row.
    case rowAtRandom = "row-at-random"
    /// `index(of:)` of a uniformly chosen node.
    case indexOfRandom = "index-of-random"
    /// Insert a reply under a uniformly chosen node, at a random position.
    case insertReply = "insert-reply"
    /// Remove a uniformly chosen subtree of at most 16 nodes.
    case removeSubtree = "remove-subtree"
    /// Re-sort every sibling list, the diff as moves; samples cycle through the orders so
    /// each one changes the rows.
    case sortMoves = "sort-moves"
    /// The same sorts, the diff reloading every row (the `reloadData` alternative).
    case sortReload = "sort-reload"
    /// Accordion-expand a uniformly chosen node that has children.
    case accordionExpand = "accordion-expand"
    /// Load a page of 10 replies under a uniformly chosen node that has children, before
    /// its last child, which plays the load-more row and stays.
    case loadPage = "load-page"
    /// `offset(ofRow:)` of a uniformly chosen row, with heights from the `text` model.
    case offsetOfRandom = "offset-of-random"
    /// `row(atOffset:)` of a uniformly chosen offset, with heights from the `text` model.
    case rowAtOffsetRandom = "row-at-offset-random"
    /// Toggle a uniformly chosen node and turn the diff into sections: the layout before
    /// and after (``RowStrategy/sectionLayout()``) and the ``SectionedDiff``.
    case toggleSectioned = "toggle-sectioned"

    /// Whether the cell's tree gets row heights (from the `text` model) first.
    public var needsHeights: Bool { self == .offsetOfRandom || self == .rowAtOffsetRandom }

    /// The operations run when none are named: all of them.
    public static let defaults: [BenchmarkOperation] = allCases
}
