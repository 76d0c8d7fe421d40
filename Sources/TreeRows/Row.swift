/// One visible row of a list: the node it shows and its indentation depth.
///
/// Top-level nodes have depth 0; a reply is one deeper than the comment it answers.
public struct Row: Hashable, Sendable {
    /// The node shown in this row.
    public var node: NodeIndex
    /// The depth of the node: 0 for top-level nodes.
    public var depth: Int32

    /// Creates a row.
    @inlinable
    public init(node: NodeIndex, depth: Int32) {
        self.node = node
        self.depth = depth
    }
}

extension Row: CustomStringConvertible {
    /// `depth:node`, e.g. `2:#17`.
    public var description: String { "\(depth):\(node)" }
}
