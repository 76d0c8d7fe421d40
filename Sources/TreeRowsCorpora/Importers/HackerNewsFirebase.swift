import TreeRows

/// Hacker News items from the Firebase API (`/v0/item/ID.json`), saved as a JSON array of
/// items or one item per line: `id`, `type`, `parent`, `kids` (the replies' ids in ranked
/// order), `time` (seconds) and `score` (stories only). The story (or poll, or job) is the
/// thread, not a row. Replies follow their parent's `kids` order, then come the items whose
/// `parent` names an item that does not list them, in file order; kids the file does not
/// hold become one load-more row, the parent's last child, hiding as many replies as are
/// missing. An item replying to the story is top-level, even when the file
/// lacks the story (the story is then the parent most such items name); one replying to
/// another item the file lacks goes under a row standing for it (``MissingParentRows``).
/// Deleted and dead items stay, with their replies.
///
/// A file that contradicts itself is refused, with the place named: an item listed in two
/// items' `kids`, or listed by one item while its `parent` names another.
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
    /// - Complexity: O(*n*) expected for *n* items and their kids, iterative (any depth).
    static func read(_ document: JSONValue, into builder: inout ThreadBuilder) throws(CorpusError) -> [(key: String, value: JSONValue)] {
        let items = document.elements ?? [document]
        /// One item as read and checked.
        struct Item {
            var id: Int64
            var parent: Int64?
            var kids: [Int64]
            var isThread: Bool
            var place: String
        }
        var read: [Item] = []
        read.reserveCapacity(items.count)
        var itemOfID: [Int64: Int] = [:]
        for (index, item) in items.enumerated() {
            let place = "item \(index + 1)"
            guard isItem(item), let id = item["id"]?.integer else {
                throw builder.failure(place, "not a Hacker News item (an object with an integer \"id\" and a \"type\")")
            }
            if let first = itemOfID.updateValue(index, forKey: id) {
                throw builder.failure(place, "a second item \(id) (item \(first + 1) is \(id) too)")
            }
            let at = "item \(id) (item \(index + 1) of the file)"
            let parent = try builder.integer(item["parent"], "parent", at: at)
            var kids: [Int64] = []
            for kid in try builder.list(item["kids"], "kids", at: at) {
                guard let kid = kid.integer else { throw builder.fieldFailure(at, "kids", must: "an array of integer ids", found: kid) }
                kids.append(kid)
            }
            // The story (or poll, or job) is the thread itself rather than a row (unless an item lists it, below).
            read.append(Item(id: id, parent: parent, kids: kids, isThread: parent == nil && item["type"]?.text != "comment", place: at))
        }
        // Who lists each item the file holds in its kids: one item at most, and the one its parent names.
        var listedBy: [Int64: Int] = [:]
        for (lister, item) in read.enumerated() {
            for kid in item.kids {
                guard let kidIndex = itemOfID[kid] else { continue }
                if let other = listedBy.updateValue(lister, forKey: kid), other != lister {
                    throw builder.failure(read[kidIndex].place, "listed in the kids of both \(read[other].id) and \(item.id)")
                }
                if let parent = read[kidIndex].parent, parent != item.id {
                    throw builder.failure(read[kidIndex].place, "its \"parent\" is \(parent), but item \(item.id) lists it in its kids")
                }
            }
        }
        // A story that another item lists is a reply, not the thread.
        for index in read.indices where read[index].isThread && listedBy[read[index].id] != nil { read[index].isThread = false }
        var members: [(key: String, value: JSONValue)] = []
        if let story = read.firstIndex(where: \.isThread) {
            members.append(("thread", .string("https://news.ycombinator.com/item?id=\(read[story].id)")))
            if let title = items[story]["title"]?.text { members.append(("description", .string(title))) }
            if let descendants = items[story]["descendants"]?.integer { members.append(("x-descendants", .number(String(descendants)))) }
        }
        /// The row an item's replies go under: `nil` (top level) for the thread.
        func rowParent(_ index: Int) -> NodeID? { read[index].isThread ? nil : .integer(read[index].id) }
        /// Adds item `index` as a row under `parent`.
        func add(_ index: Int, under parent: NodeID?) throws(CorpusError) {
            let at = read[index].place
            builder.comment(.integer(read[index].id), parent: parent, time: try builder.value(items[index]["time"], "time", at: at),
                            score: try builder.value(items[index]["score"], "score", at: at), at: at)
        }
        // Siblings come in the order rows are added (see ThreadBuilder): each item's listed kids in
        // kids order, then the rest in file order, then its load-more row.
        var listed = Set<Int64>()
        for (index, item) in read.enumerated() {
            var missing = 0
            for kid in item.kids {
                guard let kidIndex = itemOfID[kid], listedBy[kid] == index else { missing += 1; continue }
                guard listed.insert(kid).inserted else { continue }
                try add(kidIndex, under: rowParent(index))
            }
            if missing > 0 {
                builder.loadMoreRow("more-\(item.id)", parent: rowParent(index), hidden: min(missing, Int(Int32.max)),
                                    at: "the kids of \(item.id) that the file does not hold")
            }
        }
        // The story the thread is of, when the file lacks it: the missing parent most items name.
        var storyID = read.first(where: \.isThread)?.id
        if storyID == nil {
            var named: [Int64: Int] = [:]
            for item in read { if let parent = item.parent, itemOfID[parent] == nil { named[parent, default: 0] += 1 } }
            storyID = named.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        }
        for (index, item) in read.enumerated() where !item.isThread && listedBy[item.id] == nil {
            var parent: NodeID?
            if let id = item.parent {
                if let held = itemOfID[id] { parent = rowParent(held) } else if id != storyID { parent = .integer(id) }
            }
            try add(index, under: parent)
        }
        return members
    }
}
