import TreeRows

/// Shrinks a failing ``FuzzCase`` to a small one that still fails, by delta debugging:
/// first the nodes no operation names (spliced out, so the operations keep their meaning);
/// then operations in halves, then quarters, and so on; nodes likewise (chunks of the node list,
/// taken out as whole subtrees or spliced out of their paths, so a long chain or sibling
/// list halves at each step, and chunks of the leaves wherever they are), each granularity
/// on all three before the next, first down to a 32nd, then to single items; then collapsed nodes expanded, row heights, times and
/// scores dropped, and operations simplified; again until nothing more goes or the time
/// is up (no run starts that the longest run so far says would end past it).
///
/// A candidate is kept only when the strategy still disagrees on it, as it acts (operations
/// on nodes it dropped taken out, positions clamped), so the result always fails as a repro
/// file replays it, and is never larger than the input.
public enum Shrinker {
    /// A smaller case on which `strategy` still disagrees with the reference, and that
    /// disagreement; `nil` when `fuzzCase` itself does not fail.
    ///
    /// - Parameter timeLimit: Past this, the best case so far is returned.
    /// - Complexity: O(log *n*) differential runs per halving for *n* nodes and
    ///   operations, each no larger than the input and after a run of the reference that
    ///   resolves its operations; at most `timeLimit` in all (plus the run under way).
    public static func shrink(
        _ fuzzCase: FuzzCase, strategy: any RowStrategy.Type, timeLimit: Duration = .seconds(60)
    ) -> (FuzzCase, Disagreement)? {
        shrink(fuzzCase, strategy: strategy, timeLimit: timeLimit, goal: nil)
    }

    /// ``shrink(_:strategy:timeLimit:)`` that also stops once the case has at most `goal`
    /// nodes and operations together: a test of a bound on the shrunk size ends when it is
    /// met, instead of spending the rest of the time limit on a smaller case.
    ///
    /// - Complexity: that of ``shrink(_:strategy:timeLimit:)``.
    package static func shrink(
        _ fuzzCase: FuzzCase, strategy: any RowStrategy.Type, timeLimit: Duration, goal: Int?
    ) -> (FuzzCase, Disagreement)? {
        shrink(fuzzCase, timeLimit: timeLimit, goal: goal) { candidate in
            guard let found = DifferentialRun.firstDisagreement(candidate, strategies: [strategy]), !found.isInvalidCase else { return nil }
            return found
        }
    }

    /// A smaller case on which `failure` still finds a failure, and that failure; `nil`
    /// when `fuzzCase` itself does not fail. A wrapper that runs each candidate in a process
    /// of its own keeps those that end the way the case did (the same crash, or a disagreement).
    ///
    /// - Parameters:
    ///   - goal: If set, shrinking stops once the case has at most this many nodes and
    ///     operations together.
    ///   - known: The failure `fuzzCase` was just seen to show, if any: the case is then not
    ///     run again first. A flaky failure may pass that run, which would end the shrinking
    ///     before it starts (the input returned unshrunk, or `nil`).
    ///   - failure: The failure of a candidate (its ``Disagreement/operationIndex`` cuts the
    ///     operations after it), or `nil` if it passes or fails another way.
    /// - Complexity: that of ``shrink(_:strategy:timeLimit:)``, in calls of `failure`.
    package static func shrink(
        _ fuzzCase: FuzzCase, timeLimit: Duration, goal: Int? = nil, known: Disagreement? = nil,
        failure run: @escaping (FuzzCase) -> Disagreement?
    ) -> (FuzzCase, Disagreement)? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeLimit
        // The longest run so far: no run starts that would end past the deadline.
        var longestRun = Duration.zero
        var goalMet = false
        func hasTime() -> Bool { !goalMet && clock.now + longestRun < deadline }
        func failure(_ candidate: FuzzCase) -> Disagreement? {
            let start = clock.now
            defer { longestRun = max(longestRun, clock.now - start) }
            return run(candidate)
        }
        guard var found = known ?? failure(fuzzCase) else { return nil }
        var best = fuzzCase
        func truncate() { best.operations = Array(best.operations.prefix(found.operationIndex + 1)) }
        // The hashes of the candidates already run (a run of a big case costs seconds, and the
        // sweeps meet the same candidate again; a hash collision only skips one candidate).
        var tried: Set<Int> = []
        func attempt(_ proposed: FuzzCase) -> Bool {
            // A candidate runs as it acts, without the operations on nodes it dropped: the
            // samples and deep checks of a step follow its position in the case, so only
            // this form fails as its repro file replays.
            guard hasTime(), proposed != best, tried.insert(proposed.hashValue).inserted else { return false }
            let candidate = proposed.operations.isEmpty ? proposed : proposed.resolvingEveryOperation()
            guard candidate == proposed || candidate != best && tried.insert(candidate.hashValue).inserted,
                  let newFound = failure(candidate) else { return false }
            best = candidate
            found = newFound
            truncate()
            goalMet = goal.map { best.size <= $0 } ?? false
            return true
        }
        func leaves() -> [Int] {
            var parents: Set<NodeID> = []
            for node in best.nodes { if let parent = node.parent { parents.insert(parent) } }
            return best.nodes.indices.filter { !parents.contains(best.nodes[$0].id) }
        }
        truncate()
        goalMet = goal.map { best.size <= $0 } ?? false
        var progress = true
        while progress && hasTime() {
            let before = best
            // Operations, nodes (chunks of the list as whole subtrees, else spliced out of
            // their paths) and leaves (wherever they are in the list: the replies along a
            // spine) in halves, then quarters, … to a 32nd, each granularity on all three
            // before the next, so every success makes the next runs cheaper.
            var leafPositions = leaves()
            let passes: [(count: () -> Int, remove: (Range<Int>) -> Bool)] = [
                ({ best.operations.count }, { range in
                    var candidate = best
                    candidate.operations.removeSubrange(range)
                    return attempt(candidate)
                }),
                ({ best.nodes.count }, { range in
                    let subtrees = best.removing(range, .subtrees)
                    // Taking out everything shows little; splicing keeps the rest of a chain.
                    return !subtrees.nodes.isEmpty && attempt(subtrees) || attempt(best.removing(range, .splice))
                }),
                ({ leafPositions.count }, { range in
                    guard attempt(best.removing(leafPositions[range], .subtrees)) else { return false }
                    leafPositions = leaves()
                    return true
                }),
            ]
            // Nodes no operation names, spliced out (all, then halves, …): the operations
            // stay as they were, so a long case keeps its state and loses its bulk.
            var unnamed = unnamedPositions(best)
            var unnamedParts = 1
            while hasTime() && sweep(parts: unnamedParts, count: { unnamed.count }, hasTime: hasTime, remove: { range in
                guard attempt(best.removing(unnamed[range], .splice)) else { return false }
                unnamed = unnamedPositions(best)
                return true
            }) && (unnamedParts < 32 || unnamed.count <= 256) { unnamedParts *= 2 }
            var parts = 2
            while parts <= 32 && hasTime() {
                for (index, pass) in passes.enumerated() {
                    if index == 2 { leafPositions = leaves() }
                    sweep(parts: parts, count: pass.count, hasTime: hasTime, remove: pass.remove)
                }
                parts *= 2
            }
            // Then down to single items: operations always, nodes and leaves once few are left.
            for (index, pass) in passes.enumerated() where index == 0 || best.nodes.count <= 256 {
                if index == 2 { leafPositions = leaves() }
                var parts = 64
                while hasTime() && sweep(parts: parts, count: pass.count, hasTime: hasTime, remove: pass.remove) { parts *= 2 }
            }
            // Expansion state: collapsed nodes expanded, in chunks.
            var collapsed = best.nodes.indices.filter { !best.nodes[$0].isExpanded }
            parts = 2
            while hasTime() && sweep(parts: parts, count: { collapsed.count }, hasTime: hasTime, remove: { range in
                var candidate = best
                for position in collapsed[range] { candidate.nodes[position].isExpanded = true }
                guard attempt(candidate) else { return false }
                collapsed = best.nodes.indices.filter { !best.nodes[$0].isExpanded }
                return true
            }) && (parts < 32 || collapsed.count <= 256) { parts *= 2 }
            // Fields: every height, time and score at once.
            func dropEvery<Value>(_ field: WritableKeyPath<FuzzCase.Node, Value?>) {
                guard best.nodes.contains(where: { $0[keyPath: field] != nil }) else { return }
                var candidate = best
                for position in candidate.nodes.indices { candidate.nodes[position][keyPath: field] = nil }
                _ = attempt(candidate)
            }
            dropEvery(\.height)
            dropEvery(\.time)
            dropEvery(\.score)
            // Pages: the ids of every load-page in chunks, like any list (a page of 30 replies
            // of which one is the parent of a later insert keeps that one).
            var page = 0
            while page < best.operations.count && hasTime() {
                func ids() -> [NodeID] {
                    guard page < best.operations.count, case .loadPage(let ids, _, _, _) = best.operations[page] else { return [] }
                    return ids
                }
                var parts = 2
                while ids().count > 1 && hasTime() && sweep(parts: parts, count: { ids().count }, hasTime: hasTime, remove: { range in
                    guard page < best.operations.count, case let .loadPage(ids, parent, loadMoreRow, removing) = best.operations[page],
                          range.count < ids.count else { return false }
                    var candidate = best
                    var kept = ids
                    kept.removeSubrange(range)
                    candidate.operations[page] = .loadPage(kept, under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
                    return attempt(candidate)
                }) { parts *= 2 }
                page += 1
            }
            // Operations: simpler forms. A success can cut the case short (it fails
            // earlier), so the bound is read anew each time.
            var index = 0
            while index < best.operations.count && hasTime() {
                if let simpler = simplified(best.operations[index]) {
                    var candidate = best
                    candidate.operations[index] = simpler
                    _ = attempt(candidate)
                }
                index += 1
            }
            // Every change makes the case smaller or simpler (expanded, fields dropped,
            // operations simpler), so the loop ends.
            progress = best != before
        }
        // Written to a repro file, the case must replay strictly: operations that the
        // candidates left naming dropped nodes go, clamped positions are written as they acted.
        let exact = best.resolvingEveryOperation()
        if exact != best, let again = failure(exact) { return (exact, again) }
        return (best, found)
    }

    /// The positions of the nodes that no operation of `fuzzCase` names.
    private static func unnamedPositions(_ fuzzCase: FuzzCase) -> [Int] {
        var named: Set<NodeID> = []
        for operation in fuzzCase.operations { named.formUnion(operation.referencedIDs) }
        return fuzzCase.nodes.indices.filter { !named.contains(fuzzCase.nodes[$0].id) }
    }

    /// One sweep of delta debugging over `count()` items: tries `remove` on each chunk of
    /// a `parts`-th of them, staying at a chunk that went.
    ///
    /// - Parameter remove: Tries to take out the items in the range; `true` if they went.
    /// - Returns: Whether a finer sweep can follow (the chunks held more than one item).
    @discardableResult
    private static func sweep(parts: Int, count: () -> Int, hasTime: () -> Bool, remove: (Range<Int>) -> Bool) -> Bool {
        let total = count()
        guard total > 0 else { return false }
        let chunk = max(1, (total + parts - 1) / parts)
        var start = 0
        while start < count() && hasTime() {
            if !remove(start..<min(start + chunk, count())) { start += chunk }
        }
        return chunk > 1
    }

    private static func simplified(_ operation: FuzzOperation) -> FuzzOperation? {
        switch operation {
        case .expandRecursively(let id): return .expand(id)
        case .collapseRecursively(let id): return .collapse(id)
        case .expand(let id), .collapse(let id): return .toggle(id)
        case let .insert(id, parent, position, time, score) where position > 0: return .insert(id, under: parent, at: 0, time: time, score: score)
        case let .insert(id, parent, 0, time, score) where time != nil || score != nil: return .insert(id, under: parent, at: 0)
        case let .sort(order, false): return .sort(order)
        case .accordionExpand(let id): return .expand(id)
        case let .loadPage(ids, parent, loadMoreRow, removing) where ids.count > 1:
            return .loadPage([ids[0]], under: parent, before: loadMoreRow, removingLoadMoreRow: removing)
        case let .loadPage(ids, parent, loadMoreRow?, true): return .loadPage(ids, under: parent, before: loadMoreRow, removingLoadMoreRow: false)
        case let .loadPage(ids, parent, _?, false): return .loadPage(ids, under: parent, before: nil, removingLoadMoreRow: false)
        default: return nil
        }
    }
}
