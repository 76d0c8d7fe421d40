import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora

/// `treerows corpus import FILE -o FILE`.
struct CorpusImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert a JSON Lines or CSV file (plain or gzip) into a .trows file.",
        discussion: "The input's header line (JSON Lines) or comment lines (CSV) become the file's metadata.")

    @Argument(help: "The input file.") var input: String
    @Option(name: .shortAndLong, help: "The output .trows file.") var output: String
    @Option(help: "A one-line description to keep in the metadata.") var description: String?

    func run() throws {
        if let description, description.escapingControls() != description {
            throw CommandFailure(message: "--description \"\(description)\" holds a control character or a line break, which a one-line"
                + " description may not. Fix: give one line of plain text")
        }
        try OutputPath.check(output, inputs: [input])
        let corpus: Corpus
        do { corpus = try CorpusReader.read(contentsOf: input) } catch { throw CommandFailure(message: error.description) }
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let header)? = corpus.header { members = header }
        members.removeAll { $0.key == "importedFrom" }
        if let description {
            members.removeAll { $0.key == "description" }
            members.insert(("description", .string(description)), at: 0)
        }
        members.append(("importedFrom", .string(URL(fileURLWithPath: input).lastPathComponent)))
        let bytes: [UInt8]
        do { bytes = try TreeFile.encode(corpus.tree, metadata: .object(members)) } catch {
            var failure = error
            failure.file = input
            throw CommandFailure(message: failure.description)
        }
        try OutputPath.write(bytes, to: output, inputs: [input])
        print("wrote \(output.escapingControls()): \(corpus.tree.nodeCount) nodes")
    }
}
