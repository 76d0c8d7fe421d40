import Foundation
import TreeRows

/// Reads a corpus file in any supported layout, recognized by its content: a `.trows`
/// file (by its magic number), gzip (decompressed, then recognized again), JSON Lines
/// (first character `{`), or CSV (anything else).
public enum CorpusReader {
    /// Reads the file at `path`.
    ///
    /// - Throws: ``CorpusError`` for a missing, unreadable or malformed file.
    /// - Complexity: O(*n*) in the file size.
    public static func read(contentsOf path: String) throws(CorpusError) -> Corpus {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CorpusError(file: path, problem: "no such file", fix: "check the path")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw CorpusError(file: path, problem: "cannot read the file", fix: "pass a readable corpus file")
        }
        return try parse(Array(data), file: path)
    }

    /// Parses corpus bytes of any supported layout; `file` names them in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(CorpusError) -> Corpus {
        if Gzip.hasMagic(bytes) {
            let inflated = try Gzip.decompress(bytes, file: file)
            guard !Gzip.hasMagic(inflated) else {
                throw CorpusError(file: file, problem: "gzip inside gzip", fix: "compress the file once")
            }
            return try parse(inflated, file: file)
        }
        if TreeFile.hasMagic(bytes) || looksBinary(bytes) { return try TreeFile.decode(bytes, file: file) }
        let text = bytes.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard let first = text.first else {
            throw CorpusError(file: file, problem: "empty file: no nodes",
                              fix: "write one node per line (JSON Lines or CSV node,parent,time,score)")
        }
        if first == UInt8(ascii: "{") { return try JSONLinesReader.parse(bytes, file: file) }
        return try CSVReader.parse(bytes, file: file)
    }

    /// Whether the first bytes hold a control byte that no text layout contains (the
    /// version and flag bytes of a `.trows` header are such bytes): a `.trows` file with a
    /// damaged magic number is then reported as such, not as malformed CSV.
    private static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(64).contains { $0 < 0x09 || $0 == 0x0B || $0 == 0x0C || (0x0E..<0x20).contains($0) || $0 == 0x7F }
    }
}
