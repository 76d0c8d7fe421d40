import Foundation
import TreeRows

/// Reads a corpus file in any supported layout, recognized by its content: a `.trows`
/// file (by its magic number), gzip (decompressed, then recognized again), a thread as a
/// service saved it (a ``ThreadFormat``: a JSON document, or Hacker News items one per line),
/// JSON Lines (first character `{`), or CSV (anything else).
public enum CorpusReader {
    /// Reads the file at `path` (a pipe or a process substitution too).
    ///
    /// What is plainly no corpus (zero bytes, binary data) is refused from its first bytes,
    /// and a file past ``FileContents/corpusLimit`` from its size, before the rest is read.
    ///
    /// - Throws: ``CorpusError`` for a missing, unreadable, oversized or malformed file.
    /// - Complexity: O(*n*) in the file size.
    public static func read(contentsOf path: String) throws(CorpusError) -> Corpus {
        let bytes = try FileContents.read(path, fix: "pass a readable corpus file", limit: FileContents.corpusLimit,
                                          recognizing: { prefix throws(CorpusError) in _ = try CorpusLayout.recognize(prefix, file: path, decompressed: false) },
                                          prefixLength: CorpusLayout.prefixLength)
        return try parse(bytes, file: path)
    }

    /// Parses corpus bytes of any supported layout; `file` names them in errors.
    ///
    /// A gzip stream is recognized again by its first decompressed bytes before the rest is
    /// inflated, so a stream of zeros or of another format is refused at once; the content
    /// is capped at ``Gzip/limit(forCompressedSize:)``.
    /// - Throws: ``CorpusError`` for a malformed file, or one that is no corpus layout
    ///   (saying what it is instead).
    /// - Complexity: O(*n*) in the (decompressed) size.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        let layout = try CorpusLayout.recognize(bytes, file: file, decompressed: false)
        guard layout == .gzip else { return try parse(bytes, layout: layout, file: file) }
        let head = try Gzip.prefix(CorpusLayout.prefixLength, of: bytes, file: file)
        let inner = try CorpusLayout.recognize(head, file: file, decompressed: true)
        return try parse(Gzip.decompress(bytes, file: file), layout: inner, file: file)
    }

    private static func parse(_ bytes: [UInt8], layout: CorpusLayout, file: String) throws(CorpusError) -> Corpus {
        switch layout {
        case .treeFile, .gzip: return try TreeFile.decode(bytes, file: file)
        case .jsonLines:
            if let thread = try ThreadDocument.readIfDocument(bytes, file: file) { return thread }
            return try JSONLinesReader.parse(bytes, file: file)
        case .jsonDocument: return try ThreadDocument.read(bytes, file: file)
        case .csv:
            // Recognized from a prefix of white space alone: the first other byte decides, however far in.
            let text = CorpusLayout.textLayout(of: bytes)
            return text == .csv ? try CSVReader.parse(bytes, file: file) : try parse(bytes, layout: text, file: file)
        }
    }
}
