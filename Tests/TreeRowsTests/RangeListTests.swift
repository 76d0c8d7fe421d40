import Testing
import TreeRows

/// `RangeList` behaves as an array of ranges whatever it stores inline.
@Suite struct RangeListTests {
    @Test func behavesAsAnArray() {
        var list: RangeList = []
        #expect(list.isEmpty && list.array == [])
        list.append(1..<3)
        #expect(list.count == 1 && list[0] == 1..<3 && list == [1..<3])
        list.append(5..<6)
        list.append(8..<9)
        #expect(list.array == [1..<3, 5..<6, 8..<9])
        list[1] = 4..<7
        list.removeLast(2)
        #expect(list == [1..<3])
        list.replaceSubrange(0..<1, with: [0..<1, 2..<4])
        #expect(list.array == [0..<1, 2..<4] && list.description == "[Range(0..<1), Range(2..<4)]")
        list.removeAll()
        #expect(list == [] && list.joined().isEmpty)
    }

    @Test("Equal lists hash alike however they were built")
    func equalityIgnoresStorage() {
        var grown = RangeList([1..<2, 3..<4])
        grown.removeLast()
        let literal: RangeList = [1..<2]
        #expect(grown == literal && grown.hashValue == literal.hashValue)
        #expect(RowDiff(deletions: grown) == RowDiff(deletions: [1..<2]))
        #expect(RangeList([1..<2, 3..<4]) != RangeList([1..<2]))
    }
}
