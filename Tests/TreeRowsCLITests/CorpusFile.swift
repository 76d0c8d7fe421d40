import Foundation
import Testing

/// A JSON Lines corpus the CLI tests run the tool on.
struct CorpusFile: Sendable, CustomTestStringConvertible {
    /// `recorded/NAME.jsonl` or `shared/NAME.jsonl`, to name the case in failures.
    var label: String
    /// The full path.
    var path: String
    var testDescription: String { label }

    /// The `.jsonl` files of `folder`, sorted by name, labelled `prefix/NAME`; empty if the folder is missing.
    static func files(in folder: URL, labelled prefix: String) -> [CorpusFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map {
            CorpusFile(label: "\(prefix)/\($0)", path: folder.appendingPathComponent($0).path)
        }
    }

    /// `Corpora/recorded/*.jsonl` of this package.
    static let recorded = files(
        in: TreeRowsExecutable.packageRoot.appendingPathComponent("Corpora/recorded"), labelled: "recorded")

    /// `../shared/corpora/*.jsonl` beside the package (present in CI), or none.
    static let shared = files(
        in: TreeRowsExecutable.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpora"),
        labelled: "shared")

    /// The recorded Hacker News thread.
    static var hackerNews: CorpusFile {
        get throws {
            guard let file = recorded.first(where: { $0.label == "recorded/hn-17338700.jsonl" }) else {
                throw CorpusTree.ReadError(description: "Corpora/recorded/hn-17338700.jsonl is missing")
            }
            return file
        }
    }
}
