/// The layout of a corpus file, recognized from its first bytes, and what the file is
/// when it is none: the sniffer says what it found (a UTF-16 byte-order mark, a NUL byte
/// in text, zero bytes, a zip archive, a damaged `.trows` magic number).
enum CorpusLayout: Equatable {
    /// A gzip stream, to be decompressed and recognized again.
    case gzip
    /// A binary `.trows` file, or one whose magic number is damaged (most of its bytes right).
    case treeFile
    /// JSON Lines, or a thread document on one line or many: the first character after white
    /// space is `{`.
    case jsonLines
    /// A JSON array: a thread document (Reddit's, Hacker News items); the first character
    /// after white space is `[`.
    case jsonDocument
    /// CSV: any other text.
    case csv

    /// How many leading bytes ``recognize(_:file:decompressed:)`` looks at.
    static let prefixLength = 64

    private static let whiteSpace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    /// UTF-8's byte-order mark, which a text layout may start with (RFC 8259 lets a parser ignore it).
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Other formats a user may pass by mistake, by their magic numbers.
    static let foreign: [(magic: [UInt8], name: String, fix: String)] = [
        ([0x50, 0x4B, 0x03, 0x04], "a zip archive", "unzip it and pass the corpus file inside"),
        ([0x42, 0x5A, 0x68], "a bzip2 stream", "decompress it (`bunzip2 -k FILE`), or recompress it with gzip"),
        ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz stream", "decompress it (`unxz -k FILE`), or recompress it with gzip"),
        ([0x28, 0xB5, 0x2F, 0xFD], "a zstd stream", "decompress it (`zstd -d FILE`), or recompress it with gzip"),
        ([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7z archive", "extract it and pass the corpus file inside"),
    ]

    /// Recognizes the layout from the first bytes of a file (``prefixLength`` suffice).
    ///
    /// - Parameters:
    ///   - prefix: the first bytes of the file, or of its decompressed content.
    ///   - file: the file, for errors.
    ///   - decompressed: whether `prefix` is the content of a gzip file; errors then say so
    ///     and give no byte offset, which would not be one of the file.
    /// - Throws: ``CorpusError`` naming what was found instead of a corpus.
    /// - Complexity: O(``prefixLength``).
    static func recognize(_ prefix: some Collection<UInt8>, file: String, decompressed: Bool) throws(CorpusError) -> CorpusLayout {
        let bytes = Array(prefix.prefix(prefixLength))
        let what = decompressed ? "the decompressed content" : "the file"
        func failure(_ offset: Int?, _ problem: String, _ fix: String) -> CorpusError {
            CorpusError(file: file, byteOffset: decompressed ? nil : offset,
                        problem: "\(what) \(problem)" + (decompressed && offset != nil ? " (decompressed byte \(offset!))" : ""),
                        fix: fix)
        }
        if Gzip.hasMagic(bytes) {
            guard !decompressed else { throw failure(0, "is gzip again (gzip inside gzip)", "compress the file once") }
            return .gzip
        }
        if TreeFile.hasMagic(bytes) { return .treeFile }
        if let format = foreign.first(where: { bytes.starts(with: $0.magic) }) {
            throw failure(0, "is \(format.name), not a corpus", format.fix)
        }
        if let encoding = wideEncoding(bytes) {
            throw failure(0, "is \(encoding) text; corpora are UTF-8",
                          "convert it, e.g. `iconv -f \(encoding.split(separator: " ")[0]) -t UTF-8 FILE > FILE.utf8`")
        }
        if !bytes.isEmpty && bytes.allSatisfy({ $0 == 0 }) {
            throw failure(0, "starts with zero bytes (the first \(bytes.count) are all 0x00): it is blank or damaged",
                          "copy or download the file again")
        }
        // A .trows file whose magic number took damage: most of its 8 bytes still match.
        if zip(bytes, TreeFile.magic).filter({ $0 == $1 }).count >= TreeFile.magic.count / 2 + 1 { return .treeFile }
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        guard let first = text.first(where: { !whiteSpace.contains($0) }) else {
            if bytes.count < prefixLength {
                throw CorpusError(file: file, problem: decompressed ? "the decompressed content is empty: no nodes" : "empty file: no nodes",
                                  fix: "write one node per line (JSON Lines or CSV node,parent,time,score)")
            }
            return .csv  // 64 bytes of white space: the reader looks further (textLayout(of:))
        }
        if let control = text.firstIndex(where: isControl) {
            guard isText(first) else {
                throw failure(0, "is binary, not a corpus layout (first bytes \(hex(bytes.prefix(8))))",
                              "pass a .trows, JSON Lines or CSV file, gzipped or not")
            }
            throw failure(control, "is text with a control byte \(hex([text[control]])), which no text corpus holds",
                          "remove it (a NUL byte: `tr -d '\\000' < FILE > FIXED`), or export the file again as UTF-8 text")
        }
        switch first {
        case UInt8(ascii: "{"): return .jsonLines
        case UInt8(ascii: "["): return .jsonDocument
        default: return .csv
        }
    }

    /// The text layout of `bytes` by their first byte that is not white space (after a
    /// byte-order mark), however far in: ``jsonLines`` for `{`, ``jsonDocument`` for `[`,
    /// else ``csv``. For a file whose first ``prefixLength`` bytes are white space.
    ///
    /// - Complexity: O(*w*) for *w* bytes of leading white space.
    static func textLayout(of bytes: [UInt8]) -> CorpusLayout {
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        switch text.first(where: { !whiteSpace.contains($0) }) {
        case UInt8(ascii: "{")?: return .jsonLines
        case UInt8(ascii: "[")?: return .jsonDocument
        default: return .csv
        }
    }

    /// `"UTF-16LE"` and the like when the bytes are UTF-16 or UTF-32: by a byte-order mark,
    /// or by every other byte being zero in ASCII-range text.
    static func wideEncoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE (byte-order mark FF FE 00 00)" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE (byte-order mark 00 00 FE FF)" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE (byte-order mark FF FE)" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE (byte-order mark FE FF)" }
        let pairs = bytes.count / 2
        guard pairs >= 2 else { return nil }
        let even = (0..<pairs).map { bytes[2 * $0] }, odd = (0..<pairs).map { bytes[2 * $0 + 1] }
        if odd.allSatisfy({ $0 == 0 }) && even.allSatisfy({ (0x09...0x7E).contains($0) }) { return "UTF-16LE (no byte-order mark)" }
        if even.allSatisfy({ $0 == 0 }) && odd.allSatisfy({ (0x09...0x7E).contains($0) }) { return "UTF-16BE (no byte-order mark)" }
        return nil
    }

    /// A C0 control byte other than tab, line feed and carriage return, or DEL.
    private static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && !whiteSpace.contains(byte)) || byte == 0x7F
    }

    /// A printable ASCII byte or the start of a UTF-8 sequence.
    private static func isText(_ byte: UInt8) -> Bool { (0x21...0x7E).contains(byte) || byte >= 0xC2 && byte <= 0xF4 }

    /// Bytes in hexadecimal, two digits each, separated by spaces: `89 54 52`.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
