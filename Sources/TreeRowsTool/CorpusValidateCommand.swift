import ArgumentParser
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness

/// `treerows corpus validate FILE`.
struct CorpusValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that a corpus file reads completely and its tree is consistent.",
        discussion: "Exit code 0 when it is, 2 with the place and the fix when it is not.")

    @Argument(help: ArgumentHelp("The file to check.", valueName: "file")) var file: String

    func run() throws {
        let corpus: Corpus
        let clock = ContinuousClock()
        let start = clock.now
        do { corpus = try CorpusReader.read(contentsOf: file) } catch { throw CommandFailure(message: error.description) }
        let readTime = clock.now - start
        do { try corpus.tree.checkInvariants() } catch {
            throw CommandFailure(message: "\(file): inconsistent tree: \(error)")
        }
        let milliseconds = Double(readTime.components.seconds) * 1e3 + Double(readTime.components.attoseconds) / 1e15
        print("ok: \(file.escapingControls()): \(corpus.tree.nodeCount) nodes, \(corpus.tree.children(of: Tree.root).count) top-level;"
            + " read in \(Int(milliseconds.rounded())) ms" + (BenchmarkRunner.unmeasurableBuild.map { " (\($0))" } ?? ""))
    }
}
