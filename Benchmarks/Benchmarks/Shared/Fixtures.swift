import Foundation
import TreeRows
import TreeRowsCorpora

/// The corpora and seeded inputs the suites share.
public enum Fixtures {
    /// The TreeRows package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The measured corpora: the widest recorded thread and a synthetic 100,000-node reddit tree.
    public static let corpora: [(name: String, tree: Tree)] = [
        ("sxvem7", try! CorpusCatalog(root: packageRoot).load("reddit-worldnews-sxvem7").tree),
        ("reddit-100k", TreeGenerator.generate(SyntheticSpec(shape: .reddit, nodes: 100_000, seed: 1))),
    ]

    /// The built-in strategies.
    nonisolated(unsafe) public static let strategies = BuiltinStrategies.all

    /// `count` uniformly chosen live nodes of `tree`, from a fixed seed.
    public static func randomNodes(_ tree: Tree, count: Int = 4096) -> [NodeIndex] {
        var random = SplitMix64(seed: 42)
        let live = tree.nodes
        return (0..<count).map { _ in live[random.below(live.count)] }
    }

    /// `count` uniformly chosen row indices below `rows`.
    public static func randomRows(_ rows: Int, count: Int = 4096) -> [Int] {
        var random = SplitMix64(seed: 43)
        return (0..<count).map { _ in random.below(rows) }
    }

    /// Builds a strategy of `type` for `tree` (opening the existential for the caller).
    public static func make(_ type: any RowStrategy.Type, _ tree: Tree) -> any RowStrategy { type.init(tree: tree) }
}

/// One strategy kept across a benchmark's samples, warmed by one untimed mutation so that
/// its tree no longer shares storage with the fixture (the first write would otherwise copy
/// every array inside the timed region).
public final class StrategyBox {
    public var strategy: any RowStrategy

    public init(_ type: any RowStrategy.Type, _ tree: Tree) {
        strategy = type.init(tree: tree)
        if let node = tree.firstChild(of: Tree.root) {
            _ = strategy.toggle(node)
            _ = strategy.toggle(node)
        }
        _ = try? strategy.insert(.string("benchmark-warm-up"), under: Tree.root, at: 0)
    }
}
