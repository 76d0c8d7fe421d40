import TreeRows

/// A fast strategy (preorder-segments) with one bug that shows only beyond a size
/// threshold (a ``MutantBug`` of the threshold family): a count or a position kept in too
/// few bits, or a compaction after so many changes. Below the threshold it is right, so
/// only the fuzzer's large tier can catch it.
public struct ThresholdMutant<Bug: RowArrayBug>: ForwardingStrategy {
    public static var name: String { "mutant-" + Bug.bug.rawValue }
    public var base: PreorderSegmentsStrategy
    /// Mutating operations so far (``MutantBug/compactionAfter400Changes``).
    private var changes = 0

    public init(base: PreorderSegmentsStrategy) { self.base = base }

    public func row(at index: Int) -> Row {
        switch Bug.bug {
        case .rowsIn20Bits: return base.row(at: index & 0xF_FFFF)
        case .depthIn16Bits:
            let row = base.row(at: index)
            return Row(node: row.node, depth: row.depth & 0xFFFF)
        default: return base.row(at: index)
        }
    }

    public func rows(in range: Range<Int>) -> [Row] {
        switch Bug.bug {
        case .rowsIn20Bits, .depthIn16Bits: return range.map(row(at:))
        default: return base.rows(in: range)
        }
    }

    public func index(of node: NodeIndex) -> Int? {
        Bug.bug == .rowIndexIn16Bits ? base.index(of: node).map { $0 & 0xFFFF } : base.index(of: node)
    }

    public var totalHeight: Int { truncated(base.totalHeight) }
    public func offset(ofRow index: Int) -> Int { truncated(base.offset(ofRow: index)) }
    public func row(atOffset offset: Int) -> Int? {
        Bug.bug == .offsetsIn32Bits ? base.row(atOffset: truncated(offset)) : base.row(atOffset: offset)
    }

    private func truncated(_ offset: Int) -> Int {
        Bug.bug == .offsetsIn32Bits ? Int(Int32(truncatingIfNeeded: offset)) : offset
    }

    public mutating func toggle(_ node: NodeIndex) -> RowDiff {
        changes += 1
        var diff = base.toggle(node)
        switch Bug.bug {
        case .blockLengthIn16Bits:
            diff.insertions = RangeList(diff.insertions.map { $0.lowerBound..<$0.lowerBound + $0.count & 0xFFFF })
            diff.deletions = RangeList(diff.deletions.map { $0.lowerBound..<$0.lowerBound + $0.count & 0xFFFF })
        case .compactionAfter400Changes where changes > 400:
            diff.insertions = RangeList(diff.insertions.map { $0.lowerBound + 1..<$0.upperBound + 1 })
            diff.deletions = RangeList(diff.deletions.map { $0.lowerBound + 1..<$0.upperBound + 1 })
        default: break
        }
        return diff
    }

    public mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?)
        throws(Tree.InsertionError) -> RowDiff
    {
        changes += 1
        let kept = Bug.bug == .childPositionIn16Bits ? position & 0xFFFF : position
        return try base.insert(id, under: parent, at: kept, time: time, score: score)
    }

    public mutating func remove(_ node: NodeIndex) -> RowDiff {
        changes += 1
        return base.remove(node)
    }

    public mutating func reload(_ node: NodeIndex) -> RowDiff {
        changes += 1
        return base.reload(node)
    }

    public mutating func expandRecursively(_ node: NodeIndex) -> RowDiff {
        changes += 1
        return base.expandRecursively(node)
    }

    public mutating func collapseRecursively(_ node: NodeIndex) -> RowDiff {
        changes += 1
        return base.collapseRecursively(node)
    }

    public mutating func sortSiblings(by order: SiblingOrder, reportingMoves: Bool) -> RowDiff {
        changes += 1
        return base.sortSiblings(by: order, reportingMoves: reportingMoves)
    }

    public mutating func accordionExpand(_ node: NodeIndex) -> RowDiff {
        changes += 1
        return base.accordionExpand(node)
    }
}

public enum RowIndexIn16Bits: RowArrayBug { public static let bug = MutantBug.rowIndexIn16Bits }
public enum DepthIn16Bits: RowArrayBug { public static let bug = MutantBug.depthIn16Bits }
public enum ChildPositionIn16Bits: RowArrayBug { public static let bug = MutantBug.childPositionIn16Bits }
public enum BlockLengthIn16Bits: RowArrayBug { public static let bug = MutantBug.blockLengthIn16Bits }
public enum RowsIn20Bits: RowArrayBug { public static let bug = MutantBug.rowsIn20Bits }
public enum OffsetsIn32Bits: RowArrayBug { public static let bug = MutantBug.offsetsIn32Bits }
public enum CompactionAfter400Changes: RowArrayBug { public static let bug = MutantBug.compactionAfter400Changes }
