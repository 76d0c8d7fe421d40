import TreeRows

/// The TreeRows corpus format (`.trows`, version 1): a tree's structure, ids, times,
/// scores and collapsed flags in a few bytes per node, with provenance metadata and a
/// checksum. See docs/CorpusFormat.md for the byte layout.
public enum TreeFile {
    /// The first eight bytes of every file: `\x89TROWS\r\n` (the high byte and the line
    /// ending catch transfers that treat the file as text).
    public static let magic: [UInt8] = [0x89, 0x54, 0x52, 0x4F, 0x57, 0x53, 0x0D, 0x0A]
    /// The version this code writes and reads.
    public static let version: UInt8 = 1

    enum IDKind: UInt8 {
        case implicit = 0, integer = 1, string = 2, mixed = 3
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        static let times = Flags(rawValue: 1)
        static let scores = Flags(rawValue: 2)
        static let collapsed = Flags(rawValue: 4)
    }

    /// The tree as a `.trows` file with `metadata` (a JSON object: source, license, …).
    ///
    /// Nodes are written parents first, siblings in order (slot order when it agrees with
    /// sibling order, else preorder); each as its parent's distance back in that order, its
    /// id (nothing at all when the ids are `0..<n` in that order), and its time and score as
    /// varints (time relative to the parent's).
    /// - Complexity: O(*n*).
    /// - Throws: ``CorpusError`` (its `file` empty, for the caller to name) when a node's time
    ///   is exactly 2^63 away from the time it is stored against (its parent's, or the
    ///   previous node's): a difference the format cannot hold.
    public static func encode(_ tree: Tree, metadata: JSONValue) throws(CorpusError) -> [UInt8] {
        let order = fileOrder(tree)
        var position = ContiguousArray<Int32>(repeating: -1, count: tree.slotCount)
        for (index, node) in order.enumerated() { position[node.slot] = Int32(index) }
        let ids = order.lazy.map(tree.id(of:))
        let kind: IDKind
        if ids.enumerated().allSatisfy({ $0.element == .integer(Int64($0.offset)) }) {
            kind = .implicit
        } else if ids.allSatisfy({ if case .integer = $0 { return true } else { return false } }) {
            kind = .integer
        } else if ids.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
            kind = .string
        } else {
            kind = .mixed
        }
        var flags: Flags = []
        if tree.hasTimes { flags.insert(.times) }
        if tree.hasScores { flags.insert(.scores) }
        if order.contains(where: { !tree.isExpanded($0) }) { flags.insert(.collapsed) }

        var writer = ByteWriter()
        writer.bytes = magic + [version, flags.rawValue | kind.rawValue << 4]
        writer.varint(UInt64(order.count))
        let metadataBytes = Array(metadata.serialized.utf8)
        writer.varint(UInt64(metadataBytes.count))
        writer.bytes += metadataBytes
        writer.bytes.reserveCapacity(writer.bytes.count + 8 * order.count)
        var previousInteger: Int64 = 0
        var previousTime: Int64 = 0
        for (index, node) in order.enumerated() {
            let parent = tree.parent(of: node)
            writer.varint(parent == Tree.root ? 0 : UInt64(index - Int(position[parent.slot])))
            switch (kind, tree.id(of: node)) {
            case (.implicit, _): break
            case (.integer, .integer(let value)), (.mixed, .integer(let value)):
                if kind == .mixed { writer.bytes.append(0) }
                writer.varint(ZigZag.encode(value &- previousInteger))
                previousInteger = value
            case (_, .string(let text)):
                if kind == .mixed { writer.bytes.append(1) }
                writer.varint(UInt64(text.utf8.count))
                writer.bytes += text.utf8
            default: preconditionFailure("unreachable id kind")
            }
            if flags.contains(.times) {
                if let time = tree.time(of: node) {
                    let reference = parent == Tree.root ? previousTime : tree.time(of: parent) ?? previousTime
                    // Stored as the wrapped difference plus one (0: no time); only -2^63 has no room.
                    guard time &- reference != Int64.min else {
                        throw CorpusError(file: "", problem: "the time \(time) of node \(tree.id(of: node)) is 2^63 away from the time "
                            + "\(reference) it is stored against (its parent's, or the node's before it), which a .trows file cannot hold",
                            fix: "keep times within 2^63 of each other (Unix times in seconds or milliseconds are)")
                    }
                    writer.varint(ZigZag.encode(time &- reference) + 1)
                    previousTime = time
                } else {
                    writer.varint(0)
                }
            }
            if flags.contains(.scores) {
                writer.varint(tree.score(of: node).map { ZigZag.encode($0) + 1 } ?? 0)
            }
        }
        if flags.contains(.collapsed) {
            var bitmap = [UInt8](repeating: 0, count: (order.count + 7) / 8)
            for (index, node) in order.enumerated() where !tree.isExpanded(node) {
                bitmap[index / 8] |= 1 << UInt8(index % 8)
            }
            writer.bytes += bitmap
        }
        writer.uint32(Checksum.crc32(writer.bytes[...]))
        return writer.bytes
    }

    /// Live nodes in slot order if every node's next sibling has a larger slot, else in preorder.
    static func fileOrder(_ tree: Tree) -> [NodeIndex] {
        var slotOrderWorks = true
        var order: [NodeIndex] = []
        order.reserveCapacity(tree.nodeCount)
        for slot in 1..<Int32(tree.slotCount) {
            let node = NodeIndex(slot)
            guard tree.contains(node) else { continue }
            order.append(node)
            if let next = tree.nextSibling(of: node), next.rawValue < slot { slotOrderWorks = false }
        }
        if slotOrderWorks { return order }
        order.removeAll(keepingCapacity: true)
        tree.forEachInSubtree(of: Tree.root) { order.append($0) }
        return order
    }
}
