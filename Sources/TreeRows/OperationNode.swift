/// How a ``NodeOperation`` names a node: by its index in one tree (``NodeIndex``, what a
/// strategy takes), or by its external id (``NodeID``, which names the same node in every
/// tree built from the same input, as the fuzzer's cases and repro files need).
///
/// An insert and a page also name a parent, which may be the top level: ``Parent`` says how.
public protocol OperationNode: Hashable, Sendable, CustomStringConvertible {
    /// How an operation names the parent of new nodes, the top level included.
    associatedtype Parent: Hashable & Sendable

    /// The parent as an operation's description writes it (`top level` for the top level).
    ///
    /// - Complexity: O(1).
    static func describe(parent: Parent) -> String
}

extension NodeIndex: OperationNode {
    /// An index: the top level is ``Tree/root``.
    public typealias Parent = NodeIndex

    /// `top level` for ``Tree/root``, the index otherwise.
    public static func describe(parent: NodeIndex) -> String {
        parent == Tree.root ? "top level" : parent.description
    }
}

extension NodeID: OperationNode {
    /// An id: the top level is `nil`, which no id means.
    public typealias Parent = NodeID?

    /// `top level` for `nil`, the id otherwise.
    public static func describe(parent: NodeID?) -> String {
        parent?.description ?? "top level"
    }
}
