/// The code of ``PreorderBTreeStrategy`` over its node sizes (see ``PreorderLayout``): with
/// ``StandardPreorderLayout`` it is preorder-btree, wrapped by the public type; with
/// ``SmallPreorderLayout`` it is `preorder-btree-small-nodes`, preorder-btree's fuzzing
/// variant. Generic, so that each layout's sizes are constants in its specialized code.
package struct PreorderBTree<Layout: PreorderLayout>: RowStrategy {
    package static var name: String { Layout.strategyName }

    /// Toggles, lookups and inserts O(log *n*) (an insert or a page also walks to the last
    /// child, O(*c*)); a page O(log *n* + *k*); a removal O(log *n* + *s*) for its *s* nodes; an accordion, measured
    /// alone, O(*f* log *n* + *m*) (each expanded sibling was paid for by an earlier expand).
    ///
    /// - Complexity: O(1).
    package static func declaredCost(of step: CostedStep) -> CostBound? {
        switch step {
        case .toggle, .indexOf, .rowAt: .logarithmic
        case .insert: .logarithmic + .linear(in: .children)
        case .loadPage: .logarithmic + .linear(in: .elements) + .linear(in: .children)
        case .remove: .logarithmic + .linear(in: .descendants)
        case .accordionExpand: .linear(in: .siblings) * .logarithmic + .linear(in: .subtree)
        }
    }

    /// The layout's variants (none for preorder-btree's own layouts: the public strategy
    /// names its variant itself).
    ///
    /// - Complexity: O(1).
    package static var fuzzingVariants: [any RowStrategy.Type] { Layout.fuzzingVariants }

    package private(set) var tree: Tree
    private var sequence: PreorderSequence<Layout>
    private typealias Location = PreorderSequence<Layout>.Location

    package init(tree: Tree) {
        self.tree = tree
        sequence = Self.layOut(tree)
        checkInvariantsIfEnabled()
    }

    /// The sequence of `tree`'s nodes in preorder, each counter set from the expanded flags
    /// (see ``PreorderElements``).
    ///
    /// - Complexity: O(*n*).
    static func layOut(_ tree: Tree) -> PreorderSequence<Layout> {
        PreorderSequence(slotCount: tree.slotCount, isWeighted: tree.hasHeights, count: tree.nodeCount) { sink in
            PreorderElements.forEach(in: tree, sink)
        }
    }

    // MARK: Spans

    /// The key of `node`: twice its depth, plus 1 when it is collapsed.
    private func key(of node: NodeIndex) -> Int32 {
        2 &* tree.depth(of: node) &+ (tree.isExpanded(node) ? 0 : 1)
    }

    /// What lies before a node's subtree and after it.
    private struct Span {
        var start: PreorderSequence<Layout>.Prefix
        var end: PreorderSequence<Layout>.Prefix
        /// The subtree's elements when they all lie in its node's leaf, before another
        /// element of that leaf (most subtrees): the leaf and their indices there.
        var inLeaf: (leaf: Int32, indices: Range<Int>)?

        /// The rows of the subtree, the node's own first, when the node is a row.
        var rows: Range<Int>? { start.value == 0 ? start.zeros..<end.zeros : nil }
    }

    /// The element after `node`'s subtree: the first later one no deeper than `node`.
    private func elementAfterSubtree(of node: NodeIndex, at location: Location) -> Location? {
        sequence.firstElement(after: location, keyAtMost: 2 &* tree.depth(of: node) &+ 1)
    }

    /// When a span's caller needs its ordinals.
    private enum OrdinalNeed {
        case always
        /// Only for a subtree that does not lie in its node's leaf (``Span/inLeaf``).
        case acrossLeaves
        /// Never: rows only.
        case never
    }

    /// `node`'s span; its ordinals -1 where `ordinals` does not need them, so that the
    /// climbs read no entry sizes.
    ///
    /// - Complexity: O(log *n*).
    private func span(of node: NodeIndex, ordinals: OrdinalNeed = .always) -> Span {
        let location = sequence.location(ofSlot: node.rawValue)
        guard let after = elementAfterSubtree(of: node, at: location) else {
            return Span(start: sequence.prefix(at: location, countingOrdinal: ordinals != .never),
                        end: sequence.prefix(atOrdinal: sequence.count))
        }
        let inLeaf = after.leaf == location.leaf
        let start = sequence.prefix(at: location, countingOrdinal: ordinals == .always || (ordinals == .acrossLeaves && !inLeaf))
        guard inLeaf else { return Span(start: start, end: sequence.prefix(at: after, countingOrdinal: start.ordinal >= 0)) }
        // A subtree that ends in its node's leaf (most do): its end follows from its start, without a second climb.
        return Span(start: start, end: sequence.prefix(at: after, from: location, whosePrefixIs: start),
                    inLeaf: (location.leaf, location.index..<after.index))
    }

    // MARK: Queries

    @inline(__always)
    package var rowCount: Int { sequence.zeroCount }

    // Inlined into the public wrapper, which would otherwise copy the whole sequence to call it.
    @inline(__always)
    package func row(at index: Int) -> Row {
        precondition(index >= 0 && index < rowCount, "row \(index) is out of range 0..<\(rowCount)")
        let location = sequence.zero(covering: Int64(index), weighted: false).location
        return Row(node: NodeIndex(sequence.slot(at: location)), depth: sequence.key(at: location) >> 1)
    }

    @inline(__always)
    package func index(of node: NodeIndex) -> Int? {
        let prefix = sequence.prefix(at: element(of: node), countingOrdinal: false)
        return prefix.value == 0 ? prefix.zeros : nil
    }

    /// The first row by one descent, then from row to row: the next element after an
    /// expanded row, the element after the subtree of a collapsed one (both are rows).
    ///
    /// - Complexity: O((*k* + 1) log *n*) for *k* rows, O(1) per row within a leaf.
    @inline(__always)
    package func rows(in range: Range<Int>) -> [Row] {
        precondition(range.lowerBound >= 0 && range.upperBound <= rowCount, "rows \(range) out of 0..<\(rowCount)")
        guard !range.isEmpty else { return [] }
        var result: [Row] = []
        result.reserveCapacity(range.count)
        var location = sequence.zero(covering: Int64(range.lowerBound), weighted: false).location
        while true {
            let key = sequence.key(at: location)
            result.append(Row(node: NodeIndex(sequence.slot(at: location)), depth: key >> 1))
            if result.count == range.count { return result }
            location = sequence.firstElement(after: location, keyAtMost: key & 1 == 0 ? Int32.max - 1 : key)!
        }
    }

    @inline(__always)
    package var totalHeight: Int {
        sequence.isWeighted ? Int(sequence.zeroWeight) : Tree.defaultOffset(ofRow: rowCount)
    }

    @inline(__always)
    package func offset(ofRow index: Int) -> Int {
        precondition(index >= 0 && index <= rowCount, "row \(index) is out of range 0...\(rowCount)")
        guard sequence.isWeighted else { return Tree.defaultOffset(ofRow: index) }
        guard index < rowCount else { return totalHeight }
        return Int(sequence.zero(covering: Int64(index), weighted: false).weight)
    }

    // Inlined into the public wrapper, which would otherwise copy the whole sequence to call it.
    @inline(__always)
    package func row(atOffset offset: Int) -> Int? {
        guard sequence.isWeighted else { return Tree.defaultRow(atOffset: offset, rowCount: rowCount) }
        guard offset >= 0, offset < totalHeight else { return nil }
        return sequence.zero(covering: Int64(offset), weighted: true).zeros
    }

    /// The row of every top-level node (always a row): one climb each.
    ///
    /// - Complexity: O(*S* log *n*) for *S* top-level nodes.
    package func sectionLayout() -> SectionLayout {
        var headers: [Int] = []
        var child = tree.firstChild(of: Tree.root)
        while let node = child {
            headers.append(sequence.prefix(at: sequence.location(ofSlot: node.rawValue), countingOrdinal: false).zeros)
            child = tree.nextSibling(of: node)
        }
        return SectionLayout(headerRows: headers, flatRowCount: rowCount)
    }

    // MARK: Toggles

    /// The element of a live node, which the sequence knows without reading the tree's
    /// columns: the check of ``Tree/requireLive(_:_:)``, with one cache miss fewer.
    ///
    /// - Complexity: O(log *n*).
    private func element(of node: NodeIndex, _ operation: StaticString = #function) -> Location {
        precondition(node.rawValue > 0 && node.slot < sequence.leafOf.count && sequence.leafOf[node.slot] >= 0,
                     "\(operation): \(node) is not a live node (the root, removed, or out of range)")
        return sequence.location(ofSlot: node.rawValue)
    }

    /// Sets one node's flag and key, adds ±1 to its descendants' counters and reports the
    /// zeros among them as the changed rows. Everything but the flag comes from the
    /// sequence, whose leaf holds the node's depth (in its key) and usually its first child
    /// and the end of its subtree, so the tree's link columns are not read: the node has
    /// children when the next element is deeper, and they end at the first later element no
    /// deeper than the node. A leaf changes its key only.
    ///
    /// - Complexity: O(log *n*).
    package mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff {
        guard let rows = setFlag(of: node, isExpanded) else { return .empty }
        defer { checkInvariantsIfEnabled() }
        return isExpanded ? RowDiff(insertions: RangeList(rows)) : RowDiff(deletions: RangeList(rows))
    }

    /// Sets one node's flag as ``setExpanded(_:_:)`` does, without checking the invariants.
    ///
    /// - Returns: The rows that appear or go, `nil` for none.
    /// - Complexity: O(log *n*).
    private mutating func setFlag(of node: NodeIndex, _ isExpanded: Bool) -> Range<Int>? {
        // The flag is read after the element is found: its load overlaps the search's.
        PreorderSequence<Layout>.prefetch(tree.expandedFlags.words, at: node.slot &>> 6)
        let location = element(of: node)
        guard tree.expandedFlags[node.slot] != isExpanded else { return nil }
        tree.expandedFlags[node.slot] = isExpanded
        return toggleElement(at: location, expanding: isExpanded).rows
    }

    /// Gives the element at `location` its new key and adds ∓1 to its descendants' counters,
    /// leaving the tree's flag to the caller.
    ///
    /// - Returns: The rows among the descendants that appear (`expanding`) or go, in the
    ///   indices of the side where they are rows, or `nil` for none; the element after the
    ///   subtree (`nil`: the sequence ends), where a walk along siblings goes on; and, when
    ///   found on the way, the zeros before that element once collapsed (`nil` otherwise).
    /// - Complexity: O(log *n*).
    private mutating func toggleElement(
        at location: Location, expanding: Bool
    ) -> (rows: Range<Int>?, after: Location?, zerosAfter: Int?) {
        let key = sequence.key(at: location)
        let newKey = (key & ~1) | (expanding ? 0 : 1)
        let following = sequence.firstElement(after: location, keyAtMost: Int32.max - 1)
        // No descendants (the next element is no deeper): the key alone changes.
        guard let next = following, sequence.key(at: next) > key | 1 else {
            sequence.setKey(newKey, at: location)
            return (nil, following, nil)
        }
        let after = sequence.firstElement(after: next, keyAtMost: key | 1)
        sequence.setKey(newKey, at: location)
        // The descendants' counters, in one climb that also counts the rows before them.
        let added = sequence.add(expanding ? -1 : 1, from: next, upTo: after)
        let above = next.leaf == location.leaf ? added.above : sequence.pathAdd(ofLeaf: location.leaf)
        let own = sequence.rawValue(at: location) &+ above == 0 ? 1 : 0
        // The rows before the node, then the node itself when it is one.
        let before = added.zerosBefore &- own
        let changed = expanding ? added.after : added.before
        let zerosAfter = expanding ? nil : added.zerosBefore
        guard own == 1, changed > 0 else { return (nil, after, zerosAfter) }
        return (before + 1..<before + 1 + changed, after, zerosAfter)
    }

    package mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let span = self.span(of: node)
        let revealed = span.rows.map { tree.rowsRevealedByExpandingSubtree(of: node, firstRow: $0.lowerBound + 1) } ?? .empty
        tree.setExpandedInSubtree(of: node, true)
        let own = span.start.value
        sequence.assign(ordinals: span.start.ordinal..<span.end.ordinal) { key in (own, key & ~1) }
        return revealed
    }

    /// Below a collapsed node every ancestor inside the subtree is collapsed, so a
    /// descendant's counter is the node's plus its depth below the node.
    package mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let span = self.span(of: node)
        tree.setExpandedInSubtree(of: node, false)
        let own = span.start.value, depth = tree.depth(of: node)
        sequence.assign(ordinals: span.start.ordinal..<span.end.ordinal) { key in (own &+ (key >> 1) &- depth, key | 1) }
        guard let rows = span.rows, rows.count > 1 else { return .empty }
        return RowDiff(deletions: RangeList(rows.lowerBound + 1..<rows.upperBound))
    }

    package mutating func expandAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let revealed = tree.rowsRevealedByExpandingSubtree(of: Tree.root, firstRow: 0)
        tree.setExpandedInSubtree(of: Tree.root, true)
        sequence.assign(ordinals: 0..<sequence.count) { key in (0, key & ~1) }
        return revealed
    }

    package mutating func collapseAll() -> RowDiff {
        defer { checkInvariantsIfEnabled() }
        let hidden = tree.rowsUnderTopLevelNodes { span(of: $0, ordinals: .never).rows?.count ?? 0 }
        tree.setExpandedInSubtree(of: Tree.root, false)
        sequence.assign(ordinals: 0..<sequence.count) { key in (key >> 1, key | 1) }
        return hidden
    }

    /// Walks the parent's elements leaf by leaf, from its first expanded child on: within a
    /// leaf, one pass collapses every expanded sibling whose subtree ends in the leaf, and
    /// the leaf's summaries are mended once
    /// (``PreorderSequence/collapseSiblings(inLeafFrom:siblingKey:sparing:zerosBefore:into:)``);
    /// a sibling whose subtree ends in the next leaf is collapsed in the same pass, which
    /// goes on in that leaf after the subtree; one whose subtree runs further is collapsed by
    /// the toggle's own range add, and the walk goes on after its subtree; from a leaf's end
    /// it jumps to the next expanded child by key. Then `node` is expanded. Nothing is kept per sibling but the
    /// diff's ranges, one for each collapsed sibling that had rows below it, in old indices
    /// (a sibling's rows follow the ones deleted before it).
    ///
    /// - Complexity: O((*e* + 1) log *n*) for *e* expanded siblings: each leaf the walk enters
    ///   holds one, or the node, or the parent's end.
    package mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        // The node is found last, to expand it: its leaf number loads during the walk.
        sequence.prefetchLeaf(ofSlot: node.rawValue)
        let parent = tree.parent(of: node)
        let siblingKey = 2 &* tree.depth(of: node)
        // The flags leave the tree for the walk (no copy), so that the record can clear them.
        var record = SiblingCollapses(flags: Tree.FlagColumn(repeating: false, count: 0))
        swap(&record.flags, &tree.expandedFlags)
        func expandedChild(_ location: Location?) -> Location? {
            location.flatMap { sequence.key(at: $0) == siblingKey ? $0 : nil }
        }
        var walk = expandedChild(parent == Tree.root
            ? sequence.firstElement(keyAtMost: siblingKey)
            : sequence.firstElement(after: sequence.location(ofSlot: parent.rawValue), keyAtMost: siblingKey))
        var zeros: (index: Int, zeros: Int)?
        var changed = false
        while let location = walk {
            let stop = sequence.collapseSiblings(inLeafFrom: location, siblingKey: siblingKey, sparing: node.rawValue,
                                                 zerosBefore: zeros, changed: changed, into: &record)
            zeros = nil
            changed = false
            switch stop {
            case .rangeEnd:
                walk = nil
            case .leafEnd(let last, let zerosAtEnd):
                walk = expandedChild(sequence.firstElement(after: last, keyAtMost: siblingKey))
                // A sibling in the next leaf: the rows before it are counted on from the leaf's start.
                if let zerosAtEnd, let next = walk, next.leaf == sequence.nextLeaf(after: last.leaf) { zeros = (0, zerosAtEnd) }
            case .spanning(let spanning):
                // A toggle climbs from its leaves and mends the path above them: every summary first.
                sequence.mendPending(&record)
                let toggled = toggleElement(at: spanning, expanding: false)
                record.pathAdd = nil
                record.collapsed(sequence.slot(at: spanning), hiding: toggled.rows)
                // After the subtree: the next sibling (the zeros before it are the ones before the
                // collapsed sibling and itself), or the parent's end.
                walk = toggled.after.flatMap { sequence.key(at: $0) >= siblingKey ? $0 : nil }
                if let after = walk, let before = toggled.zerosAfter { zeros = (after.index, before) }
            case .carried(let next, let zerosBefore, let leafChanged):
                walk = next
                zeros = zerosBefore.map { (next.index, $0) }
                changed = leafChanged
            }
        }
        sequence.mendPending(&record)
        swap(&record.flags, &tree.expandedFlags)
        // Deletions in old indices, then the insertion in new ones: one batch.
        let rows = setFlag(of: node, true)
        return RowDiff(deletions: record.finishedDeletions(), insertions: rows.map { RangeList($0) } ?? [])
    }

    // MARK: Edits

    /// Where new children of `parent` go in the sequence when they are linked before
    /// its child `sibling` (last for `nil`): their counter (the parent's, from its raw
    /// counter and the adds above its leaf, plus 1 when it is collapsed), and the element
    /// they go before (`nil`: the end).
    ///
    /// - Complexity: O(log *n*).
    private func insertionPoint(under parent: NodeIndex, before sibling: NodeIndex?) -> (counter: Int32, next: Location?) {
        let next = sibling.map { sequence.location(ofSlot: $0.rawValue) }
        guard parent != Tree.root else { return (0, next) }
        let location = sequence.location(ofSlot: parent.rawValue)
        let counter = sequence.rawValue(at: location) &+ sequence.pathAdd(ofLeaf: location.leaf) &+ (tree.isExpanded(parent) ? 0 : 1)
        return (counter, next ?? elementAfterSubtree(of: parent, at: location))
    }

    /// Puts a node the tree has just gained (a leaf) into the sequence: before its next
    /// sibling, or at the end of its parent's subtree.
    ///
    /// - Returns: The new node's counter.
    /// - Complexity: O(log *n*).
    private mutating func place(_ node: NodeIndex) -> Int32 {
        sequence.leafOf.appendAbsent(count: tree.slotCount - sequence.leafOf.count)
        let point = insertionPoint(under: tree.parent(of: node), before: tree.nextSibling(of: node))
        sequence.insert(slot: node.rawValue, value: point.counter, key: key(of: node), weight: tree.height(of: node),
                        before: point.next)
        return point.counter
    }

    package mutating func insert(
        _ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?
    ) throws(Tree.InsertionError) -> RowDiff {
        // The parent is located after the tree's insert: its leaf number loads meanwhile.
        if parent != Tree.root && parent.slot < sequence.leafOf.count { sequence.prefetchLeaf(ofSlot: parent.rawValue) }
        let node = try tree.insert(id, under: parent, at: position, time: time, score: score)
        defer { checkInvariantsIfEnabled() }
        guard place(node) == 0, let row = index(of: node) else { return .empty }
        return RowDiff(insertions: RangeList(row..<row + 1))
    }

    /// Adds the replies before the kept load-more row (or last) as one run of the
    /// sequence, without walking the parent's children. Where the load-more row stays, the
    /// ids are checked as the tree adds them (``Tree/insertPage(_:under:before:)``, one hash
    /// an id); where it goes, they are checked before it is removed.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* replies.
    package mutating func loadPage(
        _ ids: [NodeID], under parent: NodeIndex, before loadMoreRow: NodeIndex?, removingLoadMoreRow: Bool
    ) throws(Tree.InsertionError) -> RowDiff {
        guard !removingLoadMoreRow else {
            return try loadPageInOneBatch(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: true) { strategy, before in
                guard !ids.isEmpty else { return }
                let point = strategy.insertionPoint(under: parent, before: before)
                strategy.placePage(strategy.tree.insertValidated(ids, under: parent, before: before), at: point)
            }
        }
        try tree.validatePageTarget(under: parent, before: loadMoreRow)
        defer { checkInvariantsIfEnabled() }
        guard !ids.isEmpty else { return .empty }
        let point = insertionPoint(under: parent, before: loadMoreRow)
        let slots = try tree.insertPage(ids, under: parent, before: loadMoreRow)
        placePage(slots, at: point)
        guard let row = index(of: NodeIndex(slots.lowerBound)) else { return .empty }
        return RowDiff(insertions: RangeList(row..<row + ids.count))
    }

    /// Puts replies the tree has just gained (its `slots`) into the sequence at `point`,
    /// found before they were added. The replies are new leaves of one depth, so they share
    /// their counter, key and height and go into the sequence as one run.
    ///
    /// - Complexity: O(log *n* + *k*) for *k* replies (O(*k* / ``leafCapacity``) splits).
    private mutating func placePage(_ slots: Range<Int32>, at point: (counter: Int32, next: Location?)) {
        let first = NodeIndex(slots.lowerBound)
        sequence.leafOf.appendAbsent(count: tree.slotCount - sequence.leafOf.count)
        sequence.insert(slots: slots, value: point.counter, key: key(of: first), weight: tree.height(of: first),
                        before: point.next)
    }

    /// Cuts the node's run out of the sequence; packs the B-tree once its leaves are less
    /// than an eighth full.
    ///
    /// - Complexity: O(log *n*) plus O(*m*) for the *m* removed nodes; the packing adds O(1)
    ///   amortized per removed node.
    package mutating func remove(_ node: NodeIndex) -> RowDiff {
        tree.requireLive(node)
        defer { checkInvariantsIfEnabled() }
        let span = self.span(of: node, ordinals: .acrossLeaves)
        if let (leaf, indices) = span.inLeaf {
            sequence.remove(indices, inLeaf: leaf)
        } else {
            sequence.remove(ordinals: span.start.ordinal..<span.end.ordinal)
        }
        tree.removeSubtree(node)
        if sequence.isSparse { sequence = sequence.packed() }
        guard let rows = span.rows else { return .empty }
        return RowDiff(deletions: RangeList(rows))
    }

    package mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        sortSiblings(reportingMoves: reportingMoves) { strategy in
            strategy.tree.sortSiblings(by: order)
            let events = strategy.sequence.events
            strategy.sequence = Self.layOut(strategy.tree)
            strategy.sequence.events = events
        }
    }

    // MARK: Events

    /// Leaf splits, inner splits by level, the root growing and shrinking by height, nodes
    /// freed by removals by level, and packings, since ``init(tree:)``.
    ///
    /// - Complexity: O(*h*) for the B-tree's height *h*.
    package var structuralEvents: [StructuralEvent: Int] { sequence.events.events }

    // MARK: Invariants

    /// Checks the B-tree's bookkeeping, then walks the tree in preorder beside the
    /// sequence: the same nodes in the same order, each with the same counter, key and
    /// height.
    package func checkInvariants() throws(InvariantViolation) {
        try tree.checkInvariants()
        guard sequence.leafOf.count == tree.slotCount, sequence.isWeighted == tree.hasHeights else {
            throw InvariantViolation("\(Self.name): \(sequence.leafOf.count) leaf links for \(tree.slotCount) slots, or heights out of step")
        }
        try sequence.checkStructure()
        var expected = PreorderElements(tree)
        var ordinal = 0
        var problem: String?
        sequence.forEachElement { slot, value, key, weight in
            guard problem == nil else { return }
            guard let fresh = expected.next() else {
                problem = "\(Self.name): element \(ordinal) is #\(slot), past the last live node"
                return
            }
            if (slot, value, key, weight) != (fresh.slot, fresh.counter, fresh.key, fresh.height) {
                problem = "\(Self.name): element \(ordinal) is #\(slot) with counter \(value), key \(key), height \(weight); "
                    + "expected #\(fresh.slot) with counter \(fresh.counter), key \(fresh.key), height \(fresh.height)"
            }
            ordinal += 1
        }
        if problem == nil, let missing = expected.next() { problem = "\(Self.name): #\(missing.slot) and later nodes have no element" }
        if let problem { throw InvariantViolation(problem) }
    }
}
