import ArgumentParser
import TreeRows
import TreeRowsCorpora

/// `treerows corpus generate --shape S --nodes N --seed X [--expansion P] -o FILE`.
struct CorpusGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a synthetic tree into a .trows file.",
        discussion: """
            Shapes: \(SyntheticShape.names.joined(separator: ", ")). Expansion patterns: \
            \(ExpansionPattern.names.joined(separator: ", ")). The same options give a byte-identical file on any machine.
            """)

    @Option(help: "The shape.") var shape: String
    @Option(parsing: .unconditional, help: "The number of nodes, 1 to \(SyntheticSpec.maximumNodes).") var nodes: Int
    @Option(parsing: .unconditional, help: "The seed of every random choice, 0 to 2^64-1.") var seed: UInt64
    @Option(help: "Which nodes start collapsed.") var expansion = "expanded"
    @Flag(help: "Leave out the time and score fields.") var noFields = false
    @Option(name: .shortAndLong, help: "The output file.") var output: String
    @OptionGroup var memory: MemoryLimitOption

    func run() throws {
        try OutputPath.check(output)
        let shape: SyntheticShape, expansion: ExpansionPattern
        do { shape = try SyntheticShape(validating: self.shape) } catch { throw CommandFailure(option: "--shape", error) }
        do { expansion = try ExpansionPattern(validating: self.expansion) } catch { throw CommandFailure(option: "--expansion", error) }
        guard (1...SyntheticSpec.maximumNodes).contains(nodes) else {
            throw CommandFailure(message: "--nodes \(nodes) is out of range. Fix: use 1...\(SyntheticSpec.maximumNodes)")
        }
        try memory.require(TreeGenerator.estimatedPeakBytes(nodes: nodes), for: "generating \(nodes) nodes",
                           fix: "generate fewer nodes")
        let spec = SyntheticSpec(shape: shape, nodes: nodes, seed: seed, expansion: expansion, fields: !noFields)
        let tree = TreeGenerator.generate(spec)
        let metadata = JSONValue.object([
            ("description", .string("synthetic \(shape.name), \(nodes) nodes, seed \(seed), \(expansion.name)")),
            ("generator", .string("treerows corpus generate \(spec.commandLine)")),
        ])
        let bytes: [UInt8]
        do { bytes = try TreeFile.encode(tree, metadata: metadata) } catch {
            var failure = error
            failure.file = output
            throw CommandFailure(message: failure.description)
        }
        try OutputPath.write(bytes, to: output)
        print("wrote \(output.escapingControls()): \(tree.nodeCount) nodes")
    }
}
