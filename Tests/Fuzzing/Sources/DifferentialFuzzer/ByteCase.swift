import TreeRows
import TreeRowsHarness

/// Decodes fuzzer bytes into a ``FuzzCase``: every byte string is a valid case.
///
/// Byte 0: the node count, 1...32, and in the high bit whether nodes get heights, times and
/// scores. Then one byte per node *i*: its parent (`byte % (i + 1)`: 0 = top level, *k* =
/// node *k* − 1) and, in the high bit, whether it starts collapsed. Then two bytes per
/// operation: the kind (`first % 13`) and the node (`second` modulo the ids so far; inserts
/// add ids `n, n + 1, …` at position `first / 13`; sorts take the order `second % 6`;
/// pages add one to three ids, before the node named as the load-more row when
/// `second & 0x40`, which resolves only if it is the parent's last child).
enum ByteCase {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzCase {
        var input = bytes.makeIterator()
        let header = input.next() ?? 0
        let count = 1 + Int(header & 0x7F) % 32
        let fields = header & 0x80 != 0
        var nodes: [FuzzCase.Node] = []
        for index in 0..<count {
            let byte = input.next() ?? 0
            let parent = Int(byte & 0x7F) % (index + 1)
            nodes.append(FuzzCase.Node(id: .integer(Int64(index)), parent: parent == 0 ? nil : .integer(Int64(parent - 1)),
                                       isExpanded: byte & 0x80 == 0, time: fields ? Int64(index * 7 % 11) : nil,
                                       score: fields ? Int64(byte & 0x07) : nil, height: fields ? Int32(20 + 12 * (index % 5)) : nil))
        }
        var ids = count
        var operations: [FuzzOperation] = []
        while let first = input.next(), let second = input.next(), operations.count < 64 {
            let node = NodeID.integer(Int64(Int(second) % ids))
            switch first % 13 {
            case 0, 1: operations.append(.toggle(node))
            case 2: operations.append(.expandRecursively(node))
            case 3: operations.append(.collapseRecursively(node))
            case 4: operations.append(second & 1 == 0 ? .expandAll : .collapseAll)
            case 5, 6:
                operations.append(.insert(.integer(Int64(ids)), under: second & 0x80 == 0 ? node : nil, at: Int(first / 13)))
                ids += 1
            case 7, 8: operations.append(.remove(node))
            case 9: operations.append(.reload(node))
            case 10: operations.append(.sort(SiblingOrder.all[Int(second) % SiblingOrder.all.count]))
            case 11: operations.append(.accordionExpand(node))
            default:
                let page = (0...Int(first / 13) % 3).map { NodeID.integer(Int64(ids + $0)) }
                ids += page.count
                let loadMoreRow = second & 0x40 != 0 ? NodeID.integer(Int64(Int(second / 2) % (ids - page.count))) : nil
                operations.append(.loadPage(page, under: second & 0x80 == 0 ? node : nil, before: loadMoreRow,
                                            removingLoadMoreRow: second & 0x20 != 0))
            }
        }
        return FuzzCase(nodes: nodes, operations: operations)
    }
}
