import TreeRows

/// Hacker News items from the Firebase API (`/v0/item/ID.json`), saved as a JSON array of
/// items or one item per line: `id`, `type`, `parent`, `kids` (the replies' ids in ranked
/// order), `time` (seconds) and `score` (stories only). The story (or poll, or job) is the
/// thread, not a row. Replies follow their parent's `kids` order; kids the file does not
/// hold become one load-more row after the parent's present replies, hiding as many
/// replies as are missing. Deleted and dead items stay, with their replies.
enum HackerNewsFirebase {
    /// The item types of the API.
    static let types: Set<String> = ["story", "comment", "job", "poll", "pollopt"]

    /// Whether `value` is an item: an integer `id`, a known `type`, or (deleted items lack a
    /// type) `deleted` with a `parent`.
    static func isItem(_ value: JSONValue) -> Bool {
        guard value.isObject, value["id"]?.integer != nil else { return false }
        if let type = value["type"]?.text { return types.contains(type) }
        return value["deleted"] == .bool(true) && value["parent"]?.integer != nil
    }

    /// Reads the items (an array, or one item); returns the header members (the story's id
    /// and title).
    ///
    /// - Complexity: O(*n*) expected for *n* items, iterative (any depth).
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let items = document.elements ?? [document]
        var itemOfID: [Int64: Int] = [:]
        for (index, item) in items.enumerated() {
            guard isItem(item), let id = item["id"]?.integer else {
                throw builder.failure("item \(index + 1)", "not a Hacker News item (an object with an integer \"id\" and a \"type\")")
            }
            guard itemOfID.updateValue(index, forKey: id) == nil else { throw builder.failure("item \(index + 1)", "a second item \(id)") }
        }
        /// Whether the item is the thread itself rather than a row.
        func isThread(_ item: JSONValue) -> Bool { item["parent"] == nil && item["type"]?.text != "comment" }
        var members: [(key: String, value: JSONValue)] = []
        if let story = items.first(where: isThread), let id = story["id"]?.integer {
            members.append(("thread", .string("https://news.ycombinator.com/item?id=\(id)")))
            if let title = story["title"]?.text { members.append(("description", .string(title))) }
            if let descendants = story["descendants"]?.integer { members.append(("x-descendants", .number(String(descendants)))) }
        }
        // The roots: the threads, and the comments whose parent is not in the file.
        var placed = Set<Int64>()
        var pending: [(item: Int, parent: NodeID?)] = []
        for (index, item) in items.enumerated().reversed() {
            let parent = item["parent"]?.integer
            if isThread(item) || parent.flatMap({ itemOfID[$0] }) == nil { pending.append((index, nil)) }
        }
        /// How many of each item's kids the file lacks.
        var pageCounts: [Int64: Int] = [:]
        /// Adds `item`'s present kids in `kids` order, then a load-more row for the missing ones,
        /// under `parent` (`nil` when the item is the thread).
        func addReplies(of item: JSONValue, id: Int64, under parent: NodeID?, into pending: inout [(item: Int, parent: NodeID?)]) {
            var missing = 0
            var present: [Int] = []
            for kid in item["kids"]?.elements ?? [] {
                guard let kidID = kid.integer, let kidIndex = itemOfID[kidID] else { missing += 1; continue }
                present.append(kidIndex)
            }
            // Present kids are added when popped: push them in reverse, so they pop in rank order,
            // and the page row is added after them (it is pushed first, below them).
            if missing > 0 { pending.append((-1 - Int(id), parent)) }
            for kidIndex in present.reversed() { pending.append((kidIndex, parent)) }
            pageCounts[id] = missing
        }
        while let (index, parent) = pending.popLast() {
            if index < 0 {
                let owner = Int64(-1 - index)
                builder.loadMoreRow("more-\(owner)", parent: parent, hidden: pageCounts[owner] ?? 0,
                                    at: "the kids of \(owner) that the file does not hold")
                continue
            }
            let item = items[index]
            let id = item["id"]!.integer!
            guard placed.insert(id).inserted else { continue }
            if isThread(item) {
                addReplies(of: item, id: id, under: nil, into: &pending)
            } else {
                let node = NodeID.integer(id)
                builder.comment(node, parent: parent, time: item["time"]?.wholeNumber, score: item["score"]?.wholeNumber,
                                at: "item \(id) (item \(index + 1) of the file)")
                addReplies(of: item, id: id, under: node, into: &pending)
            }
        }
        // Items that no present item lists in its kids, under a parent that is present.
        for (index, item) in items.enumerated() where !placed.contains(item["id"]!.integer!) {
            let id = item["id"]!.integer!
            placed.insert(id)
            let parent = item["parent"]?.integer.flatMap { itemOfID[$0] }.map { items[$0] }
            let parentNode: NodeID? = parent.flatMap { isThread($0) ? nil : $0["id"]?.integer.map(NodeID.integer) }
            builder.comment(.integer(id), parent: parentNode, time: item["time"]?.wholeNumber, score: item["score"]?.wholeNumber,
                            at: "item \(id) (item \(index + 1) of the file)")
        }
        return members
    }
}
