extension Tree {
    /// Makes the change `operation` makes to a strategy's tree, on this tree alone (no
    /// rows): what a checker keeps beside a strategy to know what its rows should be.
    ///
    /// - Throws: ``InsertionError`` from an insert or a page, with nothing changed.
    /// - Complexity: that of the matching mutation (``setExpanded(_:_:)``,
    ///   ``insert(_:under:at:time:score:isExpanded:)``, ``sortSiblings(by:)``, …); O(1) for a reload.
    package mutating func apply(_ operation: TreeOperation) throws(InsertionError) {
        switch operation {
        case .toggle(let node): setExpanded(node, !isExpanded(node))
        case .expand(let node): setExpanded(node, true)
        case .collapse(let node): setExpanded(node, false)
        case .expandRecursively(let node): setExpandedInSubtree(of: node, true)
        case .collapseRecursively(let node): setExpandedInSubtree(of: node, false)
        case .expandAll: setExpandedInSubtree(of: Tree.root, true)
        case .collapseAll: setExpandedInSubtree(of: Tree.root, false)
        case let .insert(id, parent, position, time, score): try insert(id, under: parent, at: position, time: time, score: score)
        case .remove(let node): _ = removeSubtree(node)
        case .reload: break
        case .sort(let order, _): sortSiblings(by: order)
        case .accordionExpand(let node): setExpandedExclusively(node)
        case let .loadPage(ids, parent, loadMoreRow, removing):
            try validatePage(ids, under: parent, before: loadMoreRow)
            loadValidatedPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
        }
    }
}
