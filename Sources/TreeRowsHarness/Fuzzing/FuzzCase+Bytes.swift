import TreeRows
import TreeRowsCorpora

extension FuzzCase {
    /// The case that a byte string encodes: every byte string is a valid case, so a
    /// coverage-guided fuzzer (libFuzzer's `DifferentialFuzzer`) can mutate bytes freely,
    /// and every feature of ``FuzzCoverage`` has bytes that reach it.
    ///
    /// - Bytes 0 and 1 equal to 0xFF 0x5A: a synthetic tree at scale (a rare pair, so that a
    ///   coverage-guided fuzzer spends most of its runs on small, fast cases; its comparison
    ///   tracing still finds it). Otherwise byte 0 is the header: bits 0-4 the node count
    ///   1...32 of a tree written out, bit 5 whether nodes get times, scores and heights.
    /// - A written tree: one byte per node *i*: its parent (`byte % (i + 1)`: 0 = top level,
    ///   *k* = node *k* − 1) and, in the high bit, whether it starts collapsed.
    /// - A synthetic tree: a shape byte (`% 8`: balanced:2, balanced:3, chain, wide, random,
    ///   reddit, hn, caterpillar:1), a size byte (`% 8`: 1,000, 10,000, 65,537, 100,001,
    ///   150,000, 300,001, 1,048,577, 1,100,000 nodes) and an expansion byte: bits 0-1
    ///   expanded, 1% collapsed, collapsed below depth 2 or all collapsed; bit 2 tall rows
    ///   (2,048 points and more, so a million rows pass 2^31 points); bit 3 times, scores and
    ///   ordinary heights.
    /// - Then three bytes per operation, at most 4,096: the kind (`first % 13`; `first / 13`
    ///   is the insert position, the page size or the parameter bits), the node (`second`
    ///   and `third` as a 16-bit number modulo the ids so far), and `third`'s bits for the
    ///   parameters (time and score edge values, reporting moves, an insert or a page
    ///   reusing an earlier node's id, which is new again once its node was removed).
    ///
    /// - Complexity: O(*n* + *m*) for the nodes and operations it encodes.
    public init(bytes: some Sequence<UInt8>) {
        var input = bytes.makeIterator()
        let header = input.next() ?? 0
        var fields = header & 0x20 != 0
        var nodes: [Node] = []
        var ids: Int
        var written = header != 0xFF
        if !written { written = input.next() != 0x5A }
        if !written {
            let shapes: [SyntheticShape] = [.balanced(fanout: 2), .balanced(fanout: 3), .chain, .wide, .random, .reddit, .hn,
                                            .caterpillar(leaves: 1)]
            let sizes = [1_000, 10_000, 65_537, 100_001, 150_000, 300_001, 1_048_577, 1_100_000]
            let patterns: [ExpansionPattern] = [.expanded, .randomlyCollapsed(percent: 1), .collapsedBelow(depth: 2), .collapsed]
            let shape = shapes[Int(input.next() ?? 0) % shapes.count]
            let size = sizes[Int(input.next() ?? 0) % sizes.count]
            let expansion = input.next() ?? 0
            fields = expansion & 0x08 != 0
            var tree = TreeGenerator.generate(SyntheticSpec(shape: shape, nodes: size, seed: UInt64(size), fields: fields))
            patterns[Int(expansion & 0x03)].apply(to: &tree, seed: UInt64(size))
            if expansion & 0x04 != 0 {
                for node in tree.nodes { tree.setHeight(node, Int32(2_048 + node.rawValue % 8_192)) }
            } else if fields {
                for node in tree.nodes { tree.setHeight(node, Int32(20 + 12 * (node.rawValue % 5))) }
            }
            nodes = FuzzCase(tree: tree).nodes
            ids = size
        } else {
            let count = 1 + Int(header & 0x1F)
            for index in 0..<count {
                let byte = input.next() ?? 0
                let parent = Int(byte & 0x7F) % (index + 1)
                nodes.append(Node(id: .integer(Int64(index)), parent: parent == 0 ? nil : .integer(Int64(parent - 1)),
                                  isExpanded: byte & 0x80 == 0, time: fields ? Int64(index * 7 % 11) : nil,
                                  score: fields ? Int64(byte & 0x07) : nil, height: fields ? Int32(20 + 12 * (index % 5)) : nil))
            }
            ids = count
        }
        var operations: [FuzzOperation] = []
        let slots = UInt8(Self.operationSlots)
        while let first = input.next(), let second = input.next(), let third = input.next(), operations.count < 4_096 {
            let parameter = Int(first / slots)
            let node = NodeID.integer(Int64((Int(third) << 8 | Int(second)) % ids))
            switch first % slots {
            case 0: operations.append(.toggle(node))
            case 1: operations.append(parameter % 2 == 0 ? .expand(node) : .collapse(node))
            case 2: operations.append(.expandRecursively(node))
            case 3: operations.append(.collapseRecursively(node))
            case 4: operations.append(parameter % 2 == 0 ? .expandAll : .collapseAll)
            case 5, 6:
                // third: bit 7 top level; bit 6 reuse the named node's id (new again once it
                // was removed); bits 0-2 the time's, bits 3-5 the score's edge value.
                let id: NodeID = third & 0x40 != 0 ? node : .integer(Int64(ids))
                if third & 0x40 == 0 { ids += 1 }
                operations.append(.insert(id, under: third & 0x80 != 0 ? nil : node, at: parameter == 19 ? Int.max : parameter,
                                          time: Self.edgeValue(third & 0x07, ordinary: 1_600_000_000, tie: 7),
                                          score: Self.edgeValue(third >> 3 & 0x07, ordinary: 42, tie: 3)))
            case 7: operations.append(.remove(node))
            case 8: operations.append(.reload(node))
            case 9:
                operations.append(.sort(SiblingOrder.all[parameter % SiblingOrder.all.count], reportingMoves: third & 0x08 == 0))
            case 10: operations.append(.accordionExpand(node))
            default:
                // A page of 0, 1, 2, 3, 8 or 12 replies; third: bit 7 top level, bit 6 the node
                // named as the load-more row (it counts only as the parent's last child), bit 5
                // removing it, bit 4 the first reply reusing the id `second + 1` (modulo the ids).
                var page = (0..<[0, 1, 2, 3, 8, 12][parameter % 6]).map { NodeID.integer(Int64(ids + $0)) }
                if third & 0x10 != 0 && !page.isEmpty { page[0] = .integer(Int64((Int(second) + 1) % ids)) }
                ids += page.count
                let loadMoreRow = third & 0x40 != 0 ? NodeID.integer(Int64(Int(second) % max(1, ids - page.count))) : nil
                operations.append(.loadPage(page, under: third & 0x80 != 0 ? nil : node, before: loadMoreRow,
                                            removingLoadMoreRow: third & 0x20 != 0))
            }
        }
        self.init(nodes: nodes, operations: operations)
    }

    /// How many slots the first byte of an operation selects among (`first % 13`): most
    /// slots hold one kind, slots 1 and 4 two (told apart by the parameter), and insert and
    /// load-page take two slots each (5-6, 11-12). Changing it
    /// changes what the committed seeds and regression inputs decode to, which
    /// `FuzzCorpusReplayTests` reports: a new kind shares a slot instead, through the
    /// parameter `first / 13` (as expand and collapse share slot 1).
    package static let operationSlots = 13

    /// A first byte of an operation that decodes to `kind` (with the second and third bytes
    /// 0): the slot, plus the parameter times ``operationSlots`` where a slot holds two kinds.
    /// The decoder above and this switch must agree, which `FuzzCoverageTests` checks for
    /// every kind.
    ///
    /// - Complexity: O(1).
    package static func firstByte(of kind: OperationKind) -> UInt8 {
        let slots = UInt8(operationSlots)
        switch kind {
        case .toggle: return 0
        case .expand: return 1
        case .collapse: return 1 + slots
        case .expandRecursively: return 2
        case .collapseRecursively: return 3
        case .expandAll: return 4
        case .collapseAll: return 4 + slots
        case .insert: return 5
        case .remove: return 7
        case .reload: return 8
        case .sort: return 9
        case .accordionExpand: return 10
        case .loadPage: return 11
        }
    }

    /// A field value by its 3-bit class: absent, ordinary, `Int64.max`, `Int64.min + 1`,
    /// 0, -1, the value that ties with the written trees' fields, absent.
    private static func edgeValue(_ bits: UInt8, ordinary: Int64, tie: Int64) -> Int64? {
        switch bits {
        case 1: return ordinary
        case 2: return .max
        case 3: return .min + 1
        case 4: return 0
        case 5: return -1
        case 6: return tie
        default: return nil
        }
    }
}
