import TreeRows

/// What every strategy must show after one operation, computed once from the reference
/// and shared by the strategies it checks: the rows, the row of every node, the row tops,
/// and the rows, nodes and windows that a sampled check probes.
///
/// The samples depend only on the rows, the diffs and `sampleSeed`, so a case replayed
/// from its repro file probes the same rows as the run that found it.
package struct StepExpectation {
    /// The rows before the operation.
    package let oldRows: [Row]
    /// The reference's rows after it.
    package let newRows: [Row]
    /// The reference's tree after it.
    package let tree: Tree
    /// The reference's diff; `nil` where the expectation comes from a bare tree (the
    /// benchmark's check), which has rows but no diff to compare reloads and deletions with.
    package let referenceDiff: RowDiff?
    /// The row of every slot after the operation; -1 for hidden and removed slots.
    private var rowOfSlot: [Int32] = []
    /// The top of every row and, last, the total height; empty when every row has the
    /// default height.
    private var tops: [Int] = []
    private let sampleSeed: UInt64

    /// Prepares the expectation of one operation.
    ///
    /// - Parameter sampleSeed: Seeds the random rows, windows and nodes of ``sample(around:)``.
    /// - Complexity: O(1); the row map and the tops are computed on first use, O(*r* + *s*).
    package init(oldRows: [Row], newRows: [Row], tree: Tree, referenceDiff: RowDiff?, sampleSeed: UInt64) {
        self.oldRows = oldRows
        self.newRows = newRows
        self.tree = tree
        self.referenceDiff = referenceDiff
        self.sampleSeed = sampleSeed
    }

    /// Whether a step this size gets the full check (every row, every node) rather than
    /// the sampled one: small enough that an O(*r*) query per row stays cheap.
    package static func wantsFullCheck(rowCount: Int, slotCount: Int) -> Bool {
        rowCount <= 512 && slotCount <= 1_025
    }

    /// The row of `node` after the operation, `nil` when it is hidden.
    ///
    /// - Complexity: O(1) after an O(*r* + *s*) first call.
    package mutating func row(of node: NodeIndex) -> Int? {
        if rowOfSlot.isEmpty {
            rowOfSlot = [Int32](repeating: -1, count: tree.slotCount)
            for (index, row) in newRows.enumerated() { rowOfSlot[row.node.slot] = Int32(index) }
        }
        let row = rowOfSlot[node.slot]
        return row < 0 ? nil : Int(row)
    }

    /// The top of row `index` (in `0...rowCount`; the last is the total height).
    ///
    /// - Complexity: O(1) after an O(*r*) first call.
    package mutating func top(ofRow index: Int) -> Int {
        guard tree.hasHeights else { return index * Int(Tree.defaultRowHeight) }
        if tops.isEmpty {
            tops.reserveCapacity(newRows.count + 1)
            var top = 0
            for row in newRows {
                tops.append(top)
                top += Int(tree.height(of: row.node))
            }
            tops.append(top)
        }
        return tops[index]
    }

    /// The row whose top is at most `offset` and whose bottom lies below it; `nil` outside
    /// the content.
    ///
    /// - Complexity: O(log *r*) after the O(*r*) first call of ``top(ofRow:)``.
    package mutating func row(atOffset offset: Int) -> Int? {
        guard offset >= 0, offset < top(ofRow: newRows.count) else { return nil }
        var low = 0, high = newRows.count
        while low < high {
            let middle = (low + high) / 2
            if top(ofRow: middle + 1) > offset { high = middle } else { low = middle + 1 }
        }
        return low  // below the count: some row's bottom lies below an offset under the total
    }

    /// What a sampled check probes.
    package struct Sample {
        /// Rows to read with `row(at:)`, `index(of:)`, `offset(ofRow:)` and `row(atOffset:)`.
        package var rows: [Int]
        /// Windows for `rows(in:)`, including one at each end of the list.
        package var windows: [Range<Int>]
        /// Live nodes that are not rows, for `index(of:)` = `nil`.
        package var hiddenNodes: [NodeIndex]
        /// Chooses the inner offsets probed in each sampled row.
        package var salt: UInt64
    }

    /// The rows, windows and hidden nodes to probe: the first and last rows, the rows on
    /// both sides of every range the strategy's or the reference's diff changed, 16
    /// random rows; windows at the start, at the end, around the changes, at random, across
    /// every power of two from 2^8 below the row count, and one of 2^16 + 1 rows;
    /// the nodes of deleted rows that are now hidden, and random hidden nodes.
    ///
    /// - Complexity: O(*k* + *s* + log *r*) for *k* diff ranges, plus the row map on first use.
    package mutating func sample(around diff: RowDiff) -> Sample {
        var random = SplitMix64(seed: sampleSeed)
        let count = newRows.count
        var rows: Set<Int> = []
        var windows: [Range<Int>] = []
        func around(_ index: Int) {
            for candidate in index - 1...index + 1 where candidate >= 0 && candidate < count { rows.insert(candidate) }
        }
        if count > 0 {
            for index in [0, 1, count - 2, count - 1] where index >= 0 && index < count { rows.insert(index) }
            for _ in 0..<16 { rows.insert(random.below(count)) }
            let length = min(count, 1 + random.below(64))
            windows += [0..<length, count - length..<count]
            let start = random.below(count)
            windows.append(start..<min(count, start + 1 + random.below(64)))
            // Windows across each power of two from 2^8 up (a row or a length kept in 16
            // bits goes wrong there), and one just longer than 2^16 rows.
            var boundary = 1 << 8
            while boundary < count {
                windows.append(boundary - 1 - random.below(min(64, boundary))..<min(count, boundary + 1 + random.below(64)))
                boundary <<= 1
            }
            let long = (1 << 16) + 1
            if count > long {
                let start = random.below(count - long + 1)
                windows.append(start..<start + long)
            }
        }
        var touched: [Range<Int>] = []
        for candidate in [diff] + (referenceDiff.map { [$0] } ?? []) {
            touched += candidate.insertions + candidate.reloads
            touched += candidate.moves.map { $0.to..<$0.to + 1 }
            // A deletion's old range starts where the rows after it now start.
            touched += candidate.deletions.map { $0.lowerBound..<$0.lowerBound }
        }
        for range in touched.prefix(64) {
            around(range.lowerBound)
            around(range.upperBound - 1)
            around(range.upperBound)
            let low = max(0, min(count, range.lowerBound - 2))
            windows.append(low..<min(count, max(low, range.upperBound) + 2))
        }
        var hidden: [NodeIndex] = []
        for range in (referenceDiff ?? diff).deletions.prefix(16) {
            for index in [range.lowerBound, range.upperBound - 1] where index >= 0 && index < oldRows.count {
                let node = oldRows[index].node
                if tree.contains(node) && row(of: node) == nil { hidden.append(node) }
            }
        }
        if tree.nodeCount > count {
            for _ in 0..<32 where hidden.count < 40 {
                let node = tree.randomLiveNode(using: &random)
                if row(of: node) == nil { hidden.append(node) }
            }
        }
        return Sample(rows: rows.sorted(), windows: windows, hiddenNodes: hidden, salt: random.next())
    }
}
