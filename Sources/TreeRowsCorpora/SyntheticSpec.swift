import TreeRows

/// Everything that determines a synthetic tree: the same spec gives the same tree on any
/// machine.
public struct SyntheticSpec: Hashable, Sendable {
    /// The shape.
    public var shape: SyntheticShape
    /// The number of nodes.
    public var nodes: Int
    /// The seed of every random choice.
    public var seed: UInt64
    /// Which nodes start collapsed.
    public var expansion: ExpansionPattern
    /// Whether nodes get `time` and `score` fields.
    public var fields: Bool

    /// Creates a spec.
    public init(shape: SyntheticShape, nodes: Int, seed: UInt64, expansion: ExpansionPattern = .expanded, fields: Bool = true) {
        self.shape = shape
        self.nodes = nodes
        self.seed = seed
        self.expansion = expansion
        self.fields = fields
    }

    /// The largest tree a spec may ask for (node indices are 32-bit).
    public static let maximumNodes = 100_000_000

    /// The spec as `generate` options, e.g. `--shape reddit --nodes 1000 --seed 1 --expansion expanded`.
    public var commandLine: String {
        "--shape \(shape.name) --nodes \(nodes) --seed \(seed) --expansion \(expansion.name)" + (fields ? "" : " --no-fields")
    }
}

extension SyntheticSpec {
    /// Reads a spec file, capped at ``FileContents/documentLimit``.
    ///
    /// - Returns: The spec and its description.
    /// - Throws: ``CorpusError`` naming the file and what is wrong with it.
    /// - Complexity: O(*b*) for the file's *b* bytes.
    public static func read(contentsOf path: String) throws(CorpusError) -> (spec: SyntheticSpec, description: String) {
        let fix = "write one JSON object {\"shape\", \"nodes\", \"seed\"} (see docs/Corpora.md)"
        let bytes = try FileContents.read(path, fix: fix, recognizing: { prefix throws(CorpusError) in
            try ForeignContent.refuse(prefix, file: path, expected: "a synthetic spec", fix: fix)
        })
        return try parse(bytes, file: path)
    }

    /// Reads a spec file (`Corpora/synthetic/*.json`):
    /// `{"shape": "reddit", "nodes": 100000, "seed": 1, "expansion": "expanded", "fields": true, "description": "…"}`;
    /// `expansion`, `fields` and `description` are optional.
    ///
    /// - Returns: The spec and its description.
    /// - Throws: ``CorpusError`` naming the file and the field.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> (spec: SyntheticSpec, description: String) {
        func failure(_ problem: String, _ fix: String) -> CorpusError {
            CorpusError(file: file, line: nil, problem: problem, fix: fix)
        }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch {
            throw failure("invalid JSON at byte \(error.column): \(error.message)", "write one JSON object")
        }
        guard case .string(let shapeName)? = value["shape"] else {
            throw failure("missing \"shape\", or it is no string", "use one of \(SyntheticShape.names.joined(separator: ", "))")
        }
        let shape: SyntheticShape
        do { shape = try SyntheticShape(validating: shapeName) } catch { throw failure("\"shape\" \(error.problem)", error.fix) }
        guard let nodes = value["nodes"]?.integer, nodes > 0, nodes <= maximumNodes else {
            throw failure("missing or invalid \"nodes\"", "give a whole number from 1 to \(maximumNodes)")
        }
        guard case .number(let seedText)? = value["seed"], let seed = UInt64(seedText) else {
            throw failure("missing or invalid \"seed\"", "give a non-negative whole number")
        }
        var expansion = ExpansionPattern.expanded
        if let field = value["expansion"] {
            guard case .string(let name) = field else {
                throw failure("\"expansion\" is no string", "use one of \(ExpansionPattern.names.joined(separator: ", "))")
            }
            do { expansion = try ExpansionPattern(validating: name) } catch { throw failure("\"expansion\" \(error.problem)", error.fix) }
        }
        var fields = true
        if let field = value["fields"] {
            guard case .bool(let flag) = field else { throw failure("invalid \"fields\"", "use true or false") }
            fields = flag
        }
        var description = "synthetic \(shape.name), \(nodes) nodes"
        if case .string(let text)? = value["description"] { description = text }
        return (SyntheticSpec(shape: shape, nodes: Int(nodes), seed: seed, expansion: expansion, fields: fields), description)
    }
}
