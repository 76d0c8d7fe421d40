import Foundation
import Testing

/// `setExpanded(_:_:)` is a requirement without a default: a strategy that writes neither it
/// nor `toggle(_:)`, or `toggle(_:)` alone, does not compile (defaults that called each other
/// compiled it, then overflowed its stack at the first toggle). Each variant is type-checked
/// by `swiftc` against the TreeRows module the tests were built with.
@Suite struct StrategyRequirementTests {
    /// A strategy with every required member but expansion, and `members` added.
    static func source(_ members: String) -> String {
        """
        import TreeRows
        struct Probe: RowStrategy {
            static let name = "probe"
            private(set) var tree: Tree
            init(tree: Tree) { self.tree = tree }
            var rowCount: Int { 0 }
            func row(at index: Int) -> Row { fatalError() }
            func index(of node: NodeIndex) -> Int? { nil }
            mutating func insert(_ id: NodeID, under parent: NodeIndex, at position: Int, time: Int64?, score: Int64?) throws(Tree.InsertionError) -> RowDiff { .empty }
            mutating func remove(_ node: NodeIndex) -> RowDiff { .empty }
        \(members)
        }
        """
    }

    static let toggle = "    mutating func toggle(_ node: NodeIndex) -> RowDiff { tree.setExpanded(node, !tree.isExpanded(node)); return .empty }"
    /// The migration docs/OwnStrategy.md gives a strategy with `toggle(_:)` alone.
    static let migration = "    mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { tree.isExpanded(node) == isExpanded ? .empty : toggle(node) }"

    @Test(arguments: [("neither", "", false), ("toggle alone", toggle, false),
                      ("setExpanded", "    mutating func setExpanded(_ node: NodeIndex, _ isExpanded: Bool) -> RowDiff { .empty }", true),
                      ("toggle and the migration line", toggle + "\n" + migration, true)])
    func expansionMustBeWritten(_ variant: String, _ members: String, _ compiles: Bool) throws {
        let modules = try TreeRowsExecutable.location.get().deletingLastPathComponent().appendingPathComponent("Modules")
        let folder = try TemporaryFolder("requirement")
        defer { folder.remove() }
        let file = try folder.write(Self.source(members), to: "Probe.swift")
        // The C modules TreeRows imports (header only), found where SwiftPM would pass them.
        let prefetch = TreeRowsExecutable.packageRoot.appendingPathComponent("Sources/CPrefetch")
        let result = try ExampleStrategyTests.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", modules.path, "-I", prefetch.path, file])
        #expect((result.status == 0) == compiles, "\(variant): \(result.output)")
        if !compiles {
            #expect(result.output.contains("does not conform to protocol 'RowStrategy'")
                    && result.output.contains("setExpanded"), "\(variant): \(result.output)")
        }
    }
}
