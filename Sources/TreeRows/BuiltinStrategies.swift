/// The strategies that ship with TreeRows, by name.
public enum BuiltinStrategies {
    /// Every built-in strategy, the reference first.
    nonisolated(unsafe) public static let all: [any RowStrategy.Type] = [
        ReferenceStrategy.self, FullRebuildStrategy.self, SubtreeSpliceStrategy.self, RangeCountsStrategy.self,
        FenwickCountsStrategy.self, PreorderSegmentsStrategy.self, PreorderBTreeStrategy.self,
    ]

    /// The fuzzing variants of ``all`` (``RowStrategy/fuzzingVariants``): `preorder-btree-small-nodes`.
    nonisolated(unsafe) public static let variants: [any RowStrategy.Type] = all.flatMap { $0.fuzzingVariants }

    /// The strategy named `name` in ``all`` or ``variants``, or `nil`.
    ///
    /// - Complexity: O(*s*) for *s* strategies.
    public static func named(_ name: String) -> (any RowStrategy.Type)? {
        (all + variants).first { $0.name == name }
    }

    /// The names of all built-in strategies, in order.
    public static var names: [String] { all.map { $0.name } }
}
