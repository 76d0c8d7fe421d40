import ArgumentParser
import Foundation
import TreeRows
import TreeRowsCorpora

/// `--corpus NAME|PATH`: a file, or the name of a recorded corpus in `Corpora/recorded/`.
struct CorpusOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A JSON Lines file, or the name of a recorded corpus (e.g. reddit-worldnews-sxvem7).",
        valueName: "name|path"))
    var corpus: String

    /// The folders searched for a corpus given by name: `Corpora/recorded` under the
    /// current directory, then under the package this tool was built from.
    static var recordedFolders: [String] {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        return ["Corpora/recorded", packageRoot + "/Corpora/recorded"]
    }

    /// The path the option names.
    func resolvedPath() throws(CommandFailure) -> String {
        if FileManager.default.fileExists(atPath: corpus) { return corpus }
        for folder in Self.recordedFolders {
            let candidate = "\(folder)/\(corpus).jsonl"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        let names = Self.recordedFolders.lazy
            .compactMap { try? FileManager.default.contentsOfDirectory(atPath: $0) }
            .first { !$0.isEmpty }?
            .filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted() ?? []
        throw CommandFailure(message: "--corpus \(corpus): no such file and no recorded corpus of that name."
            + " Fix: pass a path to a JSON Lines file" + (names.isEmpty ? "" : ", or one of: \(names.joined(separator: ", "))"))
    }

    /// Reads the corpus.
    func load() throws(CommandFailure) -> Corpus {
        let path = try resolvedPath()
        do {
            return try CorpusReader.read(contentsOf: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// Parses `--strategy` values.
enum StrategyName {
    /// The built-in strategy named `name`, or a failure listing the names.
    static func resolve(_ name: String) throws(CommandFailure) -> any RowStrategy.Type {
        guard let strategy = BuiltinStrategies.named(name) else {
            throw CommandFailure(message: "unknown strategy \"\(name)\". Fix: use one of \(BuiltinStrategies.names.joined(separator: ", "))")
        }
        return strategy
    }
}
