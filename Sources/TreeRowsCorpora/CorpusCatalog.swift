import Foundation
import TreeRows

/// The built-in corpora, by name: recorded threads (`Corpora/recorded/NAME.trows`) and
/// synthetic specs (`Corpora/synthetic/NAME.json`), and how `--corpus NAME|PATH` resolves.
///
/// A value that names an existing file is that file (in any supported layout); otherwise
/// it is looked up as a recorded corpus, then as a synthetic spec, in the catalog's folders.
public struct CorpusCatalog: Sendable {
    /// The folders searched for `recorded/` and `synthetic/`, in order.
    public var corporaFolders: [String]

    /// A catalog that searches the given folders (each holding `recorded/` and `synthetic/`).
    public init(folders: [String]) {
        corporaFolders = folders
    }

    /// A catalog that searches `root/Corpora`.
    public init(root: String) {
        self.init(folders: ["\(root)/Corpora"])
    }

    /// The corpora that ship with TreeRows: the `Corpora` folder of the package this module
    /// was built from (found from this file's path at build time, so a dependent's tool
    /// finds them in its checkout of TreeRows), never the working directory.
    public static let builtin = CorpusCatalog(root: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path)

    /// The recorded threads of at most `maximumNodes` nodes, loaded, in name order.
    ///
    /// - Complexity: O(*n*) for the *n* nodes read.
    public func recordedTrees(maximumNodes: Int) -> [Tree] {
        list().filter { $0.kind == "recorded" && $0.nodes <= maximumNodes }.compactMap { try? load($0.name).tree }
    }

    /// One entry of ``list()``.
    public struct Entry: Sendable {
        public var name: String
        public var kind: String
        public var nodes: Int
        public var description: String
    }

    /// Where a corpus comes from.
    public enum Source: Sendable {
        case file(path: String)
        case synthetic(name: String, spec: SyntheticSpec, description: String)
    }

    /// Every built-in corpus: recorded ones first, then synthetic, each sorted by name.
    /// The kind of an entry whose file cannot be loaded; its description says why.
    public static let unreadable = "BROKEN"

    public func list() -> [Entry] {
        var entries: [Entry] = []
        var seen: Set<String> = []
        for folder in corporaFolders {
            for file in Self.files(in: "\(folder)/recorded", ending: ".trows") {
                let name = String(file.dropLast(6))
                guard seen.insert(name).inserted else { continue }
                // A file --corpus would fail to load is listed with its problem, not left out.
                guard let header = TreeFile.header(atPath: "\(folder)/recorded/\(file)") else {
                    entries.append(Entry(name: name, kind: Self.unreadable, nodes: 0,
                                         description: "\(folder)/recorded/\(file) has no readable .trows header: `treerows corpus validate` it"))
                    continue
                }
                var description = "recorded"
                for key in ["description", "thread", "comment"] {
                    if case .string(let text)? = header.metadata[key] {
                        description = text
                        break
                    }
                }
                entries.append(Entry(name: name, kind: "recorded", nodes: header.nodeCount, description: description))
            }
        }
        for folder in corporaFolders {
            for file in Self.files(in: "\(folder)/synthetic", ending: ".json") {
                let name = String(file.dropLast(5))
                guard seen.insert(name).inserted else { continue }
                do {
                    let (spec, description) = try SyntheticSpec.read(contentsOf: "\(folder)/synthetic/\(file)")
                    entries.append(Entry(name: name, kind: "synthetic", nodes: spec.nodes, description: description))
                } catch {
                    entries.append(Entry(name: name, kind: Self.unreadable, nodes: 0, description: error.description))
                }
            }
        }
        return entries
    }

    /// Resolves `--corpus NAME|PATH`.
    ///
    /// - Throws: ``CorpusError`` listing the available names when nothing matches, or for a
    ///   malformed synthetic spec.
    public func resolve(_ value: String) throws(CorpusError) -> Source {
        if FileManager.default.fileExists(atPath: value) { return .file(path: value) }
        for folder in corporaFolders {
            let recorded = "\(folder)/recorded/\(value).trows"
            if FileManager.default.fileExists(atPath: recorded) { return .file(path: recorded) }
        }
        for folder in corporaFolders {
            let path = "\(folder)/synthetic/\(value).json"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let (spec, description) = try SyntheticSpec.read(contentsOf: path)
            return .synthetic(name: value, spec: spec, description: description)
        }
        let names = list().map(\.name)
        throw CorpusError(file: value, problem: "no such file and no built-in corpus of that name",
                          fix: "pass a path to a corpus file" + (names.isEmpty ? "" : ", or one of: \(names.joined(separator: ", "))"))
    }

    /// Loads `--corpus NAME|PATH`: reads the file or generates the synthetic tree.
    public func load(_ value: String) throws(CorpusError) -> Corpus {
        switch try resolve(value) {
        case .file(let path): return try CorpusReader.read(contentsOf: path)
        case let .synthetic(name, spec, description):
            return Corpus(tree: TreeGenerator.generate(spec),
                          header: .object([("description", .string(description)), ("generator", .string(spec.commandLine))]),
                          file: name)
        }
    }

    private static func files(in folder: String, ending suffix: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(suffix) }.sorted()
    }
}
