/// The steps whose cost the cost search (`treerows cliffs`) measures and a strategy may
/// declare (``RowStrategy/declaredCost(of:)``): the operations that act at one node, and the
/// two lookups a list view asks for every visible row.
public enum CostedStep: String, CaseIterable, Hashable, Sendable, Codable {
    /// ``RowStrategy/toggle(_:)`` of the node.
    case toggle
    /// ``RowStrategy/insert(_:under:at:time:score:)`` of a new last child of the node.
    case insert
    /// ``RowStrategy/remove(_:)`` of the node and its subtree.
    case remove
    /// ``RowStrategy/accordionExpand(_:)`` of the node.
    case accordionExpand = "accordion-expand"
    /// ``RowStrategy/loadPage(_:under:before:removingLoadMoreRow:)``: a page of new last
    /// children of the node.
    case loadPage = "load-page"
    /// ``RowStrategy/index(of:)`` of the node.
    case indexOf = "index-of"
    /// ``RowStrategy/row(at:)`` at the node's row.
    case rowAt = "row-at"

    /// The step's name on the command line and in cost repro files.
    public var name: String { rawValue }
}
