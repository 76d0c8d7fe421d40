import TreeRows

/// The sweep that begins each large case (region churn aside): operations of every kind
/// aimed at the case's extremal nodes on purpose, where random picks reach them once in a
/// hundred thousand: the top of the deepest chain (its top-level ancestor, from which a
/// recursive walk goes all the way down), the node with the most children, the last row,
/// the row just under the largest power of two of rows, and the sibling just under the
/// largest power of two of the widest sibling list.
///
/// The sweeps of a run go through every kind of ``sweepKinds`` (those that walk a whole
/// subtree first) at the first extreme, then at the next, and so on: a case's sweep
/// continues where its round (``Sweep/round``, the turn of the scenario cycle) stands. So the
/// first deep chain a run draws is collapsed whole, then expanded recursively, collapsed
/// recursively and expanded whole from its top, and over the rounds every kind meets every
/// extreme.
extension FuzzOperationGenerator {
    /// Where a large case's sweep stands.
    struct Sweep: Sendable {
        /// Which kinds come first: the round of the scenario cycle the case belongs to.
        var round: Int
        /// Operations the sweep takes.
        var length: Int
        /// Operations it has taken.
        var done = 0
        /// The extremal nodes, found at the sweep's first operation.
        var extremes: [NodeIndex] = []
    }

    /// The kinds of a sweep, in the order rounds take them: the ones that walk a whole
    /// subtree (and so recurse, in a strategy written that way) first.
    static let sweepKinds: [OperationKind] = [
        .collapseAll, .expandRecursively, .collapseRecursively, .expandAll, .toggle, .accordionExpand, .loadPage, .insert, .sort,
        .expand, .collapse, .reload, .remove,
    ]

    /// The extremal nodes of `reference`'s tree, without repeats (see the extension's
    /// description).
    ///
    /// - Complexity: O(*s* + *f*) for *s* slots and the *f* children of the widest list.
    static func extremes(of reference: ReferenceStrategy) -> [NodeIndex] {
        let tree = reference.tree
        guard tree.nodeCount > 0 else { return [] }
        var children = [Int32](repeating: 0, count: tree.slotCount)
        var deepest = tree.firstChild(of: Tree.root)!
        for slot in 1..<tree.slotCount {
            let node = NodeIndex(Int32(slot))
            guard tree.contains(node) else { continue }
            children[tree.parent(of: node).slot] += 1
            if tree.depth(of: node) > tree.depth(of: deepest) { deepest = node }
        }
        var top = deepest
        while tree.parent(of: top) != Tree.root { top = tree.parent(of: top) }
        let widest = NodeIndex(Int32(children.indices.max { children[$0] < children[$1] }!))
        var found = [top]
        if widest != Tree.root { found.append(widest) }
        if reference.rowCount > 0 {
            found.append(reference.row(at: reference.rowCount - 1).node)
            found.append(reference.row(at: Self.belowPowerOfTwo(reference.rowCount)).node)
        }
        // The sibling just under the largest power of two of the widest list.
        var sibling = tree.firstChild(of: widest)
        for _ in 0..<Self.belowPowerOfTwo(Int(children[widest.slot])) { sibling = sibling.flatMap(tree.nextSibling(of:)) }
        if let sibling { found.append(sibling) }
        var unique: [NodeIndex] = []
        for node in found where !unique.contains(node) { unique.append(node) }
        return unique
    }

    /// 2^*k* − 1 for the largest 2^*k* ≤ `count` (0 for a count of 1).
    static func belowPowerOfTwo(_ count: Int) -> Int {
        count > 0 ? (1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)) - 1 : 0
    }

    /// The sweep's next operation, or `nil` when it is done (or its node is gone).
    ///
    /// - Complexity: O(*s*) at the first operation; then that of the operation's drawing.
    mutating func sweepNext(for reference: ReferenceStrategy) -> TreeOperation? {
        guard var sweep, sweep.done < sweep.length else { return nil }
        defer { self.sweep = sweep }
        if sweep.done == 0 { sweep.extremes = Self.extremes(of: reference) }
        guard !sweep.extremes.isEmpty else {
            sweep.done = sweep.length
            return nil
        }
        // Every kind at the first extreme, then every kind at the next, on through the rounds.
        let position = sweep.round * sweep.length + sweep.done
        sweep.done += 1
        let kinds = Self.sweepKinds
        let node = sweep.extremes[position / kinds.count % sweep.extremes.count]
        guard reference.tree.contains(node) else { return nil }
        return operation(kinds[position % kinds.count], at: node, in: reference.tree)
    }

    /// An operation of `kind` aimed at `node` (a page or a reply under it, a sort of every
    /// sibling list).
    mutating func operation(_ kind: OperationKind, at node: NodeIndex, in tree: Tree) -> TreeOperation {
        switch kind {
        case .toggle: return .toggle(node)
        case .expand: return .expand(node)
        case .collapse: return .collapse(node)
        case .expandRecursively: return .expandRecursively(node)
        case .collapseRecursively: return .collapseRecursively(node)
        case .expandAll: return .expandAll
        case .collapseAll: return .collapseAll
        case .insert:
            let count = tree.childCount(of: node)
            return reply(in: tree, under: node, position: random.chance(1, in: 2) ? 0 : count)
        case .remove: return .remove(node)
        case .reload: return .reload(node)
        case .sort: return .sort(SiblingOrder.all[random.below(SiblingOrder.all.count)], reportingMoves: !random.chance(1, in: 3))
        case .accordionExpand: return .accordionExpand(node)
        case .loadPage: return page(in: tree, under: node)
        }
    }
}
