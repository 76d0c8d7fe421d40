import Foundation
import ArgumentParser
import TreeRowsCorpora

/// `treerows corpus stats NAME|PATH [--json]`.
struct CorpusStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print a corpus's shape: nodes, top level, depths, fan-out, subtree sizes.",
        discussion: "Depth counts from 0 at the top level. Percentiles are nearest-rank; p100 is the maximum.")

    @Argument(help: ArgumentHelp("A corpus file or built-in corpus name.", valueName: "name|path"))
    var corpus: String

    @Flag(help: "Print one JSON object instead of text.")
    var json = false

    func run() throws {
        let loaded: Corpus
        do { loaded = try ToolCatalog.shared.load(corpus) } catch { throw CommandFailure(message: error.description) }
        let statistics = CorpusStatistics(loaded.tree)
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
        print("""
            corpus        \(loaded.file.escapingControls())
            nodes         \(statistics.nodes)
            topLevel      \(statistics.topLevel)
            maxDepth      \(statistics.maxDepth)
            meanDepth     \(String(format: "%.2f", statistics.meanDepth))
            maxFanout     \(statistics.maxFanout)
            leaves        \(statistics.leaves)
            collapsed     \(statistics.collapsed)\(loaded.pages.isEmpty ? "" : "\npages         \(loaded.pages.count) load-more rows, hiding \(hidden) replies")
            subtree size  \(percentiles(statistics.subtreeSizePercentiles))
            thread size   \(percentiles(statistics.threadSizePercentiles))
            depth histogram (depth: nodes)
            """)
        for (depth, count) in statistics.depthHistogram.enumerated() { print("  \(depth): \(count)") }
    }
}
