import Foundation

/// The recorded corpora of the package, found from this file's path.
enum RecordedCorpora {
    /// The package root: `Tests/TreeRowsCorporaTests/RecordedCorpora.swift`, three levels up.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Corpora/recorded` under the package root.
    static let folder = packageRoot.appendingPathComponent("Corpora/recorded")

    /// The names of the `.jsonl` files in ``folder``, sorted; empty if the folder is missing.
    static let fileNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted()
    }()

    /// The full path of the recorded file `name`.
    static func path(of name: String) -> String {
        folder.appendingPathComponent(name).path
    }
}
