import TreeRows

/// Shrinks a failing ``FuzzCase`` to a small one that still fails: fewer operations, then
/// fewer nodes (whole subtrees, then leaves, with the operations on dropped nodes dropped
/// too), then fewer collapsed nodes and simpler operations, until nothing more can go.
public enum Shrinker {
    /// A smaller case on which `strategy` still disagrees with the reference, and that
    /// disagreement. `fuzzCase` must fail.
    ///
    /// - Complexity: a few hundred differential runs of cases no larger than the input.
    public static func shrink(_ fuzzCase: FuzzCase, strategy: any RowStrategy.Type) -> (FuzzCase, Disagreement) {
        func failure(_ candidate: FuzzCase) -> Disagreement? {
            guard let found = DifferentialRun.firstDisagreement(candidate, strategies: [strategy]),
                  found.strategy != "harness" else { return nil }
            return found
        }
        guard var found = failure(fuzzCase) else { preconditionFailure("shrink needs a failing case") }
        var best = fuzzCase
        func truncate() { best.operations = Array(best.operations.prefix(found.operationIndex + 1)) }
        func attempt(_ candidate: FuzzCase) -> Bool {
            guard candidate != best, let newFound = failure(candidate) else { return false }
            best = candidate
            found = newFound
            truncate()
            return true
        }
        truncate()
        var progress = true
        while progress {
            progress = false
            // Operations: chunks, halving down to single operations.
            var chunk = max(1, best.operations.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.operations.count {
                    var candidate = best
                    candidate.operations.removeSubrange(start..<min(start + chunk, candidate.operations.count))
                    if attempt(candidate) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            // Nodes: whole subtrees first (preorder: big ones first), then from the leaves up.
            for id in best.nodes.map(\.id) + best.nodes.map(\.id).reversed() where best.nodes.contains(where: { $0.id == id }) {
                if attempt(best.removingSubtree(of: id)) { progress = true }
            }
            // Expansion state: expand collapsed nodes.
            for index in best.nodes.indices where !best.nodes[index].isExpanded {
                var candidate = best
                candidate.nodes[index].isExpanded = true
                if attempt(candidate) { progress = true }
            }
            // Operations: simpler forms.
            // A success can cut the case short (it fails earlier), so the bound is read anew each time.
            var index = 0
            while index < best.operations.count {
                if let simpler = simplified(best.operations[index]) {
                    var candidate = best
                    candidate.operations[index] = simpler
                    if attempt(candidate) { progress = true }
                }
                index += 1
            }
        }
        return (best, found)
    }

    private static func simplified(_ operation: FuzzOperation) -> FuzzOperation? {
        switch operation {
        case .expandRecursively(let id): return .expand(id)
        case .collapseRecursively(let id): return .collapse(id)
        case .expand(let id), .collapse(let id): return .toggle(id)
        case let .insert(id, parent, position) where position > 0: return .insert(id, under: parent, at: 0)
        case .accordionExpand(let id): return .expand(id)
        case let .loadPage(ids, parent, loadMoreRow, removing) where ids.count > 1:
            return .loadPage([ids[0]], under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
        case let .loadPage(ids, parent, loadMoreRow?, true): return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false)
        case let .loadPage(ids, parent, _?, false): return .loadPage(ids, under: parent, before: nil, removingLoadMoreRow: false)
        default: return nil
        }
    }
}
