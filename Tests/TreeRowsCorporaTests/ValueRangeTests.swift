import Testing
import TreeRows
@testable import TreeRowsCorpora

/// The text layouts read a node's numbers by one rule: ids anywhere in `Int64`'s range,
/// times and scores anywhere but `Int64.min` (the value columns' mark for "absent"),
/// refused in the same words by CSV and JSON Lines.
@Suite struct ValueRangeTests {
    static let edges: [Int64] = [.min, .min + 1, -1, 0, 1, .max - 1, .max]

    static func csv(id: Int64, time: Int64?, score: Int64?) -> [UInt8] {
        Array("node,parent,time,score\n\(id),,\(time.map(String.init) ?? ""),\(score.map(String.init) ?? "")\n".utf8)
    }

    static func jsonLines(id: Int64, time: Int64?, score: Int64?) -> [UInt8] {
        Array("{\"id\":\(id),\"time\":\(time.map(String.init) ?? "null"),\"score\":\(score.map(String.init) ?? "null")}\n".utf8)
    }

    @Test(arguments: edges)
    func anIdAtAnyEdgeIsReadByBothLayouts(_ id: Int64) throws {
        for bytes in [Self.csv(id: id, time: 5, score: nil), Self.jsonLines(id: id, time: 5, score: nil)] {
            let tree = try CorpusReader.parse(bytes, file: "edge").tree
            #expect(tree.nodeCount == 1)
            var ids: [NodeID] = []
            tree.forEachInSubtree(of: Tree.root) { ids.append(tree.id(of: $0)) }
            #expect(ids == [.integer(id)])
        }
    }

    @Test(arguments: edges, [true, false])
    func aTimeOrScoreAtAnyEdgeIsReadOrRefusedAlike(_ value: Int64, _ isTime: Bool) throws {
        let time = isTime ? value : nil, score = isTime ? nil : value
        var outcomes: [String] = []
        for bytes in [Self.csv(id: 1, time: time, score: score), Self.jsonLines(id: 1, time: time, score: score)] {
            do {
                let tree = try CorpusReader.parse(bytes, file: "edge").tree
                var node = NodeIndex(1)
                tree.forEachInSubtree(of: Tree.root) { node = $0 }
                outcomes.append("read \(String(describing: isTime ? tree.time(of: node) : tree.score(of: node)))")
            } catch {
                outcomes.append("\(error.problem) | \(error.fix)")
            }
        }
        #expect(outcomes[0] == outcomes[1])
        if value == .min {
            #expect(outcomes[0].contains("the smallest 64-bit integer is reserved"))
        } else {
            #expect(outcomes[0] == "read \(String(describing: Optional(value)))")
        }
    }
}
