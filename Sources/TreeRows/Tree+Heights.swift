extension Tree {
    /// The height of a row whose node was given none: 44 points, UIKit's default row height.
    public static let defaultRowHeight: Int32 = 44

    /// Whether any node has a height of its own (otherwise none is stored and every row is
    /// ``defaultRowHeight`` tall).
    @inlinable
    public var hasHeights: Bool { !heights.isEmpty }

    /// The height of the row of `node`, in points.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func height(of node: NodeIndex) -> Int32 {
        heights.isEmpty ? Tree.defaultRowHeight : heights[node.slot]
    }

    /// The offset of row `index` when every row has ``defaultRowHeight``.
    package static func defaultOffset(ofRow index: Int) -> Int { index * Int(defaultRowHeight) }

    /// The row covering `offset` among `rowCount` rows of ``defaultRowHeight``, or `nil`
    /// outside them.
    package static func defaultRow(atOffset offset: Int, rowCount: Int) -> Int? {
        guard offset >= 0 else { return nil }
        let index = offset / Int(defaultRowHeight)
        return index < rowCount ? index : nil
    }

    /// Sets the row height of one live node. Set heights before a strategy is created from
    /// the tree: the strategies keep sums of heights.
    ///
    /// - Parameter height: The height in points, at least 1.
    /// - Complexity: O(1), or O(*s*) for the first height set (the column is allocated), where
    ///   *s* is ``slotCount``.
    public mutating func setHeight(_ node: NodeIndex, _ height: Int32) {
        requireLive(node)
        precondition(height >= 1, "a row height must be at least 1 point, not \(height)")
        if heights.isEmpty {
            if height == Tree.defaultRowHeight { return }
            heights = ContiguousArray(repeating: Tree.defaultRowHeight, count: slotCount)
        }
        heights[node.slot] = height
    }
}
