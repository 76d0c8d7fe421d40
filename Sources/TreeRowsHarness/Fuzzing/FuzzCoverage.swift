import TreeRows

/// How often a fuzz run exercised each feature: an operation under a condition (its target
/// hidden, a leaf, collapsed, expanded; first, middle or last among its siblings), each
/// edge value of each parameter, combinations of two operations, and each size threshold.
///
/// ``catalog`` lists every feature there is; it is built from exhaustive switches over
/// ``OperationKind`` and from `parameters(of:)`, so an operation or a parameter added to
/// ``TreeOperation`` without its features fails to compile or fails `FuzzCoverageTests`.
public struct FuzzCoverage: Sendable {
    /// Hits by feature.
    public private(set) var counts: [String: Int] = [:]

    /// Creates an empty record.
    public init() {}

    /// A record of these counts (read back from a run's outcome).
    package init(counts: [String: Int]) { self.counts = counts }

    /// What earlier operations of a case did, for the combination features.
    package struct History: Sendable {
        var insertedIDs: Set<NodeID> = []
        var removedIDs: Set<NodeID> = []
        var insertedTime = false
        var insertedScore = false
        var repliesChanged = false
        var previous: OperationKind?

        package init() {}
    }

    // MARK: - The catalog

    /// Where a node operation's target is.
    enum Target: String, CaseIterable {
        case hidden = "target hidden"
        case leaf = "target a visible leaf"
        case collapsed = "target visible, collapsed, with children"
        case expanded = "target expanded, with visible children"
    }

    /// The target's place among its siblings (an insert's place among its new siblings).
    enum Place: String, CaseIterable {
        case only = "only child"
        case first = "first sibling"
        case middle = "middle sibling"
        case last = "last sibling"
    }

    /// The parent of an insert or a page.
    enum Parent: String, CaseIterable {
        case top = "parent top level"
        case hidden = "parent hidden"
        case collapsed = "parent visible, collapsed"
        case expanded = "parent visible, expanded, with children"
        case leaf = "parent a visible leaf"
    }

    /// A `time` or `score` value.
    enum Field: String, CaseIterable {
        case absent, ordinary
        case small = "0 or -1"
        case maximum = "Int64.max"
        case minimum = "Int64.min + 1"
        case tied = "tied with a sibling's"
    }

    /// A new node's id.
    enum Identity: String, CaseIterable {
        case new = "id new"
        case reused = "id reused after a removal"
        case implicit = "id the next implicit integer"
    }

    /// A page's size and load-more row.
    enum Page: String, CaseIterable {
        case empty = "no replies"
        case one = "one reply"
        case few = "2 to 7 replies"
        case many = "8 or more replies"
        case noRow = "no load-more row"
        case kept = "load-more row kept"
        case removed = "load-more row removed"
        case keptWithReplies = "load-more row kept, with replies of its own"
        case removedWithReplies = "load-more row removed, with replies of its own"
    }

    /// Combinations with an earlier operation of the same case.
    enum Combination: String, CaseIterable {
        case onInserted = "on a node inserted earlier in the case"
        case afterSort = "right after a sort"
    }

    /// What a step's diff does in a sectioned list (top-level nodes as sections), and the
    /// same on a tree the size of the large tier.
    enum Sectioned: String, CaseIterable {
        case sectionInserted = "a section inserted"
        case sectionDeleted = "a section deleted"
        case sectionMoved = "a section moved"
        case sectionReloaded = "a section reloaded"
        case rowsInserted = "rows inserted in a section"
        case rowsDeleted = "rows deleted from a section"
        case rowsReloaded = "rows reloaded in a section"
        case rowMovedWithin = "a row moved within its section"
        case rowMovedAcross = "a row moved to another section"
        case large = "a section changed in a tree of 65,536+ nodes"
    }

    /// Sizes of trees, steps and cases.
    enum Scale: String, CaseIterable {
        case nodes1K = "tree of 1,000+ nodes"
        case nodes100K = "tree of 100,000+ nodes"
        case nodes1M = "tree of 1,000,000+ nodes"
        case rows16 = "more than 2^16 rows"
        case rows20 = "more than 2^20 rows"
        case depth = "depth over 100,000"
        case fanOut = "a sibling list over 100,000"
        case tall = "content height over 2^31 points"
        case heights = "rows of their own heights"
        case block = "one inserted or deleted block over 100,000 rows"
        case longCase = "500+ operations in one case"
        case longerCase = "1,000+ operations in one case"
    }

    /// The parameters of each operation kind, by the labels of ``TreeOperation``'s
    /// associated values (an unlabelled first value by its role), with the feature groups
    /// that cover them.
    ///
    /// - Complexity: O(1).
    package static func parameters(of kind: OperationKind) -> [(name: String, features: [String])] {
        let node = [("node", Target.allCases.map(\.rawValue) + Place.allCases.map(\.rawValue))]
        switch kind {
        case .toggle, .expand, .collapse, .expandRecursively, .collapseRecursively, .remove, .reload, .accordionExpand:
            return node
        case .expandAll, .collapseAll: return []
        case .insert:
            return [
                ("id", Identity.allCases.map(\.rawValue)),
                ("under", Parent.allCases.map(\.rawValue)),
                ("at", Place.allCases.map { "position: " + $0.rawValue }),
                ("time", Field.allCases.map { "time " + $0.rawValue }),
                ("score", Field.allCases.map { "score " + $0.rawValue }),
            ]
        case .sort:
            return [
                ("order", SiblingOrder.all.map { "order \($0)" } + SiblingOrder.Key.allCases.map { "ties in \($0.rawValue)" }),
                ("reportingMoves", ["moves", "reloading"]),
            ]
        case .loadPage:
            return [
                ("ids", [Page.empty, .one, .few, .many].map(\.rawValue) + [Identity.reused.rawValue]),
                ("under", Parent.allCases.map(\.rawValue)),
                ("before", [Page.noRow, .kept, .keptWithReplies].map(\.rawValue)),
                ("removingLoadMoreRow", [Page.removed, .removedWithReplies].map(\.rawValue)),
            ]
        }
    }

    /// The combination features of each operation kind.
    static func combinations(of kind: OperationKind) -> [String] {
        switch kind {
        case .toggle: return [Combination.onInserted.rawValue, Combination.afterSort.rawValue]
        case .expand, .collapse, .expandRecursively, .collapseRecursively, .remove, .reload, .accordionExpand:
            return [Combination.onInserted.rawValue]
        case .expandAll, .collapseAll: return ["rows change", "no row changes"]
        case .insert: return []
        case .sort: return ["time after an insert with a time", "score after an insert with a score", "replies after reply counts changed"]
        case .loadPage: return [Combination.onInserted.rawValue]
        }
    }

    /// Every feature, as `group · condition`.
    public static let catalog: [String] = {
        var features: [String] = []
        for kind in OperationKind.allCases {
            let conditions = parameters(of: kind).flatMap(\.features) + combinations(of: kind)
            var seen: Set<String> = []
            for condition in conditions where seen.insert(condition).inserted { features.append("\(kind.rawValue) · \(condition)") }
        }
        return features + Sectioned.allCases.map { "sections · \($0.rawValue)" } + Scale.allCases.map { "size · \($0.rawValue)" }
    }()

    /// The features of the catalog not hit yet.
    public var missing: [String] { Self.catalog.filter { counts[$0, default: 0] == 0 } }

    // MARK: - Recording

    private mutating func hit(_ group: String, _ condition: String) { counts["\(group) · \(condition)", default: 0] += 1 }

    private mutating func hit(_ scale: Scale) { hit("size", scale.rawValue) }

    /// Records the size features of a case's tree.
    ///
    /// - Complexity: O(*s*) for *s* slots.
    package mutating func recordTree(_ tree: Tree) {
        let nodes = tree.nodeCount
        if nodes >= 1_000 { hit(.nodes1K) }
        if nodes >= 100_000 { hit(.nodes100K) }
        if nodes >= 1_000_000 { hit(.nodes1M) }
        guard nodes >= 65_536 else {
            if tree.hasHeights { hit(.heights) }
            return
        }
        var rows = 0
        var height = 0
        var deepest: Int32 = 0
        var widest = 0
        var run = 0
        tree.forEachVisibleDescendant(of: Tree.root) { node in
            rows += 1
            height += Int(tree.height(of: node))
        }
        for slot in 1..<tree.slotCount {
            let node = NodeIndex(Int32(slot))
            guard tree.contains(node) else { continue }
            deepest = max(deepest, tree.depth(of: node))
            run = tree.previousSibling(of: node) == nil ? 1 : run + 1
            widest = max(widest, run)
        }
        if rows > 1 << 16 { hit(.rows16) }
        if rows > 1 << 20 { hit(.rows20) }
        if deepest > 100_000 { hit(.depth) }
        if widest > 100_000 { hit(.fanOut) }
        if tree.hasHeights { hit(.heights) }
        if height > Int(Int32.max) { hit(.tall) }
    }

    /// Records the length of a finished case.
    package mutating func recordCase(operations: Int) {
        if operations >= 500 { hit(.longCase) }
        if operations >= 1_000 { hit(.longerCase) }
    }

    /// Records the reference's diff of a step: a block over 100,000 rows.
    package mutating func recordDiff(_ diff: RowDiff) {
        if (diff.insertions + diff.deletions).contains(where: { $0.count > 100_000 }) { hit(.block) }
    }

    /// Records what the reference's `diff` of a step does in sections, following it in
    /// `index`, the reference's sections before the step.
    ///
    /// - Complexity: that of ``SectionIndex/follow(_:in:)``.
    package mutating func recordSections(_ diff: RowDiff, of reference: ReferenceStrategy, index: inout SectionIndex) {
        let sectioned = index.follow(diff, in: reference)
        func hit(_ feature: Sectioned) { self.hit("sections", feature.rawValue) }
        if !sectioned.insertedSections.isEmpty { hit(.sectionInserted) }
        if !sectioned.deletedSections.isEmpty { hit(.sectionDeleted) }
        if !sectioned.movedSections.isEmpty { hit(.sectionMoved) }
        if !sectioned.reloadedSections.isEmpty { hit(.sectionReloaded) }
        if !sectioned.insertedRows.isEmpty { hit(.rowsInserted) }
        if !sectioned.deletedRows.isEmpty { hit(.rowsDeleted) }
        if !sectioned.reloadedRows.isEmpty { hit(.rowsReloaded) }
        if sectioned.movedRows.contains(where: { $0.from.section == $0.to.section }) { hit(.rowMovedWithin) }
        if sectioned.movedRows.contains(where: { $0.from.section != $0.to.section }) { hit(.rowMovedAcross) }
        if !sectioned.isEmpty && reference.tree.nodeCount >= 65_536 { hit(.large) }
    }

    /// Records the features of `operation`, about to be performed on `reference`.
    ///
    /// - Complexity: O(*d* + *f*) for the target's depth and sibling count; O(*n*) for a sort
    ///   on a tree of at most 10,000 nodes (the ties).
    package mutating func record(_ operation: TreeOperation, on reference: ReferenceStrategy, history: inout History) {
        let tree = reference.tree
        let group = operation.kind.rawValue
        defer { history.previous = operation.kind }
        switch operation {
        case .toggle(let node), .expand(let node), .collapse(let node), .expandRecursively(let node),
            .collapseRecursively(let node), .remove(let node), .reload(let node), .accordionExpand(let node):
            hit(group, Self.target(node, in: tree).rawValue)
            hit(group, Self.place(of: node, in: tree).rawValue)
            if history.insertedIDs.contains(tree.id(of: node)) { hit(group, Combination.onInserted.rawValue) }
            if case .toggle = operation, history.previous == .sort { hit(group, Combination.afterSort.rawValue) }
            if case .remove = operation {
                history.removedIDs.insert(tree.id(of: node))
                history.repliesChanged = true
            }
        case .expandAll, .collapseAll:
            let expanding = operation.kind == .expandAll
            let changes = tree.nodes.contains { tree.isExpanded($0) != expanding && tree.firstChild(of: $0) != nil }
            hit(group, changes ? "rows change" : "no row changes")
        case let .insert(id, parent, position, time, score):
            hit(group, Self.identity(id, in: tree, history: history).rawValue)
            hit(group, Self.parent(parent, in: tree).rawValue)
            let count = tree.childCount(of: parent)
            let place: Place = count == 0 ? .only : position == 0 ? .first : position == count ? .last : .middle
            hit(group, "position: " + place.rawValue)
            let sibling = tree.firstChild(of: parent)
            hit(group, "time " + Self.field(time, sibling: sibling.flatMap(tree.time(of:))).rawValue)
            hit(group, "score " + Self.field(score, sibling: sibling.flatMap(tree.score(of:))).rawValue)
            history.insertedIDs.insert(id)
            history.insertedTime = history.insertedTime || time != nil
            history.insertedScore = history.insertedScore || score != nil
            history.repliesChanged = true
        case let .sort(order, reportingMoves):
            hit(group, "order \(order)")
            hit(group, reportingMoves ? "moves" : "reloading")
            if tree.nodeCount <= 10_000, Self.hasTies(in: tree, by: order.key) { hit(group, "ties in \(order.key.rawValue)") }
            switch order.key {
            case .time where history.insertedTime: hit(group, "time after an insert with a time")
            case .score where history.insertedScore: hit(group, "score after an insert with a score")
            case .replies where history.repliesChanged: hit(group, "replies after reply counts changed")
            default: break
            }
        case let .loadPage(ids, parent, loadMoreRow, removing):
            hit(group, (ids.isEmpty ? Page.empty : ids.count == 1 ? .one : ids.count < 8 ? .few : .many).rawValue)
            if ids.contains(where: history.removedIDs.contains) { hit(group, Identity.reused.rawValue) }
            hit(group, Self.parent(parent, in: tree).rawValue)
            if parent != Tree.root, history.insertedIDs.contains(tree.id(of: parent)) { hit(group, Combination.onInserted.rawValue) }
            if let loadMoreRow {
                let hasReplies = tree.firstChild(of: loadMoreRow) != nil
                let page: Page = removing ? (hasReplies ? .removedWithReplies : .removed) : (hasReplies ? .keptWithReplies : .kept)
                hit(group, page.rawValue)
                if hasReplies { hit(group, (removing ? Page.removed : .kept).rawValue) }
                if removing { history.removedIDs.insert(tree.id(of: loadMoreRow)) }
            } else {
                hit(group, Page.noRow.rawValue)
            }
            history.insertedIDs.formUnion(ids)
            history.repliesChanged = true
        }
    }

    /// Records everything `fuzzCase` exercises, running it on the reference alone (an
    /// invalid case records nothing; operations that do not resolve are skipped).
    ///
    /// - Complexity: O(*m* · *n* log *n*) for *m* operations on *n* nodes.
    package mutating func record(_ fuzzCase: FuzzCase) {
        guard let tree = try? fuzzCase.makeTree() else { return }
        recordTree(tree)
        var reference = ReferenceStrategy(tree: tree)
        var history = History()
        var sections = SectionIndex(of: reference)
        var performed = 0
        for fuzzOperation in fuzzCase.operations {
            guard let operation = fuzzOperation.resolve(in: reference.tree) else { continue }
            record(operation, on: reference, history: &history)
            guard let diff = try? reference.perform(operation) else { continue }
            recordDiff(diff)
            recordSections(diff, of: reference, index: &sections)
            performed += 1
        }
        recordCase(operations: performed)
    }

    /// The strategies' structural events (features `events · strategy · event`, which the
    /// fuzzer adds after each case), by strategy, then by event name and level.
    public var structuralEvents: [(feature: String, hits: Int)] {
        counts.filter { $0.key.hasPrefix(Self.eventsGroup) }.map { ($0.key, $0.value) }.sorted { left, right in
            let (a, b) = (Self.eventSortKey(left.feature), Self.eventSortKey(right.feature))
            return a != b ? a < b : left.feature < right.feature
        }
    }

    /// The group of the structural-event features.
    static let eventsGroup = "events · "

    /// An event feature sorted by its strategy, its name, then its level as a number.
    private static func eventSortKey(_ feature: String) -> String {
        guard let space = feature.lastIndex(of: " "), let level = Int(feature[feature.index(after: space)...]),
              feature[..<space].hasSuffix(" at level") else { return feature }
        return feature[..<space] + String(repeating: "0", count: max(0, 6 - String(level).count)) + String(level)
    }

    /// Adds another record's hits to this one.
    public mutating func merge(_ other: FuzzCoverage) { counts.merge(other.counts, uniquingKeysWith: +) }

    // MARK: - Conditions

    static func target(_ node: NodeIndex, in tree: Tree) -> Target {
        guard tree.isVisible(node) else { return .hidden }
        guard tree.firstChild(of: node) != nil else { return .leaf }
        return tree.isExpanded(node) ? .expanded : .collapsed
    }

    static func place(of node: NodeIndex, in tree: Tree) -> Place {
        let first = tree.previousSibling(of: node) == nil
        let last = tree.nextSibling(of: node) == nil
        return first && last ? .only : first ? .first : last ? .last : .middle
    }

    static func parent(_ parent: NodeIndex, in tree: Tree) -> Parent {
        guard parent != Tree.root else { return .top }
        guard tree.isVisible(parent) else { return .hidden }
        guard tree.firstChild(of: parent) != nil else { return .leaf }
        return tree.isExpanded(parent) ? .expanded : .collapsed
    }

    static func field(_ value: Int64?, sibling: Int64?) -> Field {
        switch value {
        case nil: return .absent
        case Int64.max?: return .maximum
        case (Int64.min + 1)?: return .minimum
        case let value? where value == sibling: return .tied
        case 0?, (-1)?: return .small
        default: return .ordinary
        }
    }

    static func identity(_ id: NodeID, in tree: Tree, history: History) -> Identity {
        if history.removedIDs.contains(id) { return .reused }
        if id == .integer(Int64(tree.slotCount - 1)) { return .implicit }
        return .new
    }

    /// Whether two siblings anywhere share a value of `key` (both without it counts).
    static func hasTies(in tree: Tree, by key: SiblingOrder.Key) -> Bool {
        var replies: [Int32] = []
        if key == .replies {
            replies = [Int32](repeating: 0, count: tree.slotCount)
            tree.forEachInSubtreePostorder(of: Tree.root) { node in
                if node != Tree.root { replies[tree.parent(of: node).slot] += replies[node.slot] + 1 }
            }
        }
        for parent in [Tree.root] + tree.nodes {
            var seen: Set<Int64?> = []
            var child = tree.firstChild(of: parent)
            while let current = child {
                let value: Int64? = switch key {
                case .time: tree.time(of: current)
                case .score: tree.score(of: current)
                case .replies: Int64(replies[current.slot])
                }
                if !seen.insert(value).inserted { return true }
                child = tree.nextSibling(of: current)
            }
        }
        return false
    }
}
