import Foundation
import ArgumentParser
import TreeRowsCorpora

/// `treerows corpus stats NAME|PATH [--json]`.
struct CorpusStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print a corpus's shape: nodes, top level, depths, fan-out, subtree sizes.",
        discussion: """
            Nodes are every row: comments, load-more rows (replies a saved thread does not hold) and rows \
            standing for missing parents (a saved page's replies to comments on other pages). Depth counts \
            from 0 at the top level. Percentiles are nearest-rank; p100 is the maximum.
            """)

    @Argument(help: ArgumentHelp("A corpus file or built-in corpus name.", valueName: "name|path"))
    var corpus: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let loaded: Corpus
        do { loaded = try ToolCatalog.shared.load(corpus) } catch { throw CommandFailure(message: error.description) }
        let statistics = CorpusStatistics(loaded)
        // A thread's pages not yet loaded (an imported Reddit or Hacker News thread has them).
        let hidden = loaded.pages.reduce(0) { $0 + $1.hiddenReplies }
        if json {
            var value = statistics.json
            if case .object(var members) = value, !loaded.pages.isEmpty {
                members += [("pages", .number(String(loaded.pages.count))), ("hiddenReplies", .number(String(hidden)))]
                value = .object(members)
            }
            print(value.serialized)
            return
        }
        func percentiles(_ values: [Int]) -> String {
            zip(CorpusStatistics.percentiles, values).map { "p\($0) \($1)" }.joined(separator: ", ")
        }
        let lines: [(String, String)] = [
            ("corpus", loaded.file.escapingControls()),
            ("nodes", "\(statistics.nodes)"),
            ("comments", "\(statistics.comments)"),
            ("loadMoreRows", "\(statistics.loadMoreRows)" + (loaded.pages.isEmpty ? "" : " hiding \(hidden) replies")),
            ("missingParentRows", "\(statistics.missingParentRows)"),
            ("topLevel", "\(statistics.topLevel)"),
            ("topLevelComments", "\(statistics.topLevelComments)"),
            ("maxDepth", "\(statistics.maxDepth)"),
            ("meanDepth", String(format: "%.2f", statistics.meanDepth)),
            ("maxFanout", "\(statistics.maxFanout)"),
            ("leaves", "\(statistics.leaves)"),
            ("collapsed", "\(statistics.collapsed)"),
            ("subtree size", percentiles(statistics.subtreeSizePercentiles)),
            ("thread size", percentiles(statistics.threadSizePercentiles)),
        ]
        for (name, value) in lines { print(name.padding(toLength: 18, withPad: " ", startingAt: 0) + value) }
        print("depth histogram (depth: nodes)")
        for (depth, count) in statistics.depthHistogram.enumerated() { print("  \(depth): \(count)") }
    }
}
