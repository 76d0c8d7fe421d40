/// The dense internal index of a node in a ``Tree``: a 32-bit slot number.
///
/// Slots are handed out in the order nodes are added and never reused, so every strategy
/// built from the same tree and fed the same operations names the same node by the same
/// index. Slot 0 is the tree's virtual root (``Tree/root``), which is never a row.
public struct NodeIndex: Hashable, Comparable, Sendable {
    /// The slot number.
    public let rawValue: Int32

    /// Creates an index from a slot number.
    @inlinable
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// The slot number as an `Int`, for subscripting storage.
    @inlinable
    public var slot: Int { Int(rawValue) }

    @inlinable
    public static func < (lhs: NodeIndex, rhs: NodeIndex) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension NodeIndex: CustomStringConvertible {
    /// `#` followed by the slot number.
    public var description: String { "#\(rawValue)" }
}
