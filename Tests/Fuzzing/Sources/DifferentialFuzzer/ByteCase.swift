import TreeRows
import TreeRowsHarness

/// Decodes fuzzer bytes into a ``FuzzCase``: every byte string is a valid case.
///
/// Byte 0: the node count, 1...32. Then one byte per node *i*: its parent (`byte % (i + 1)`:
/// 0 = top level, *k* = node *k* − 1) and, in the high bit, whether it starts collapsed.
/// Then two bytes per operation: the kind (`first % 10`) and the node (`second` modulo the
/// ids so far; inserts add ids `n, n + 1, …` at position `first / 10`).
enum ByteCase {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> FuzzCase {
        var input = bytes.makeIterator()
        let count = 1 + Int(input.next() ?? 0) % 32
        var nodes: [FuzzCase.Node] = []
        for index in 0..<count {
            let byte = input.next() ?? 0
            let parent = Int(byte & 0x7F) % (index + 1)
            nodes.append(FuzzCase.Node(id: .integer(Int64(index)), parent: parent == 0 ? nil : .integer(Int64(parent - 1)),
                                       isExpanded: byte & 0x80 == 0))
        }
        var ids = count
        var operations: [FuzzOperation] = []
        while let first = input.next(), let second = input.next(), operations.count < 64 {
            let node = NodeID.integer(Int64(Int(second) % ids))
            switch first % 10 {
            case 0, 1: operations.append(.toggle(node))
            case 2: operations.append(.expandRecursively(node))
            case 3: operations.append(.collapseRecursively(node))
            case 4: operations.append(second & 1 == 0 ? .expandAll : .collapseAll)
            case 5, 6:
                operations.append(.insert(.integer(Int64(ids)), under: second & 0x80 == 0 ? node : nil, at: Int(first / 10)))
                ids += 1
            case 7, 8: operations.append(.remove(node))
            default: operations.append(.reload(node))
            }
        }
        return FuzzCase(nodes: nodes, operations: operations)
    }
}
