/// What a file given where a JSON document (bench results, a repro file, a synthetic spec)
/// was expected is instead, from its first bytes: a gzip stream, a `.trows` corpus, UTF-16
/// or UTF-32 text, a byte-order mark, zero bytes, another archive, binary data, JSON Lines,
/// or text that is not JSON at all (a CSV corpus).
package enum ForeignContent {
    /// What the bytes are, as a phrase that follows "it is" (`a gzip stream (bytes 1F 8B)`),
    /// or `nil` when they may start a JSON object.
    ///
    /// - Parameter prefix: The first bytes (64 suffice).
    /// - Complexity: O(*p*) for the *p* bytes looked at.
    package static func describe(_ prefix: some Collection<UInt8>) -> String? {
        let bytes = Array(prefix.prefix(CorpusLayout.prefixLength))
        if Gzip.hasMagic(bytes) { return "a gzip stream (bytes 1F 8B); decompress it first (`gunzip -k FILE`)" }
        if TreeFile.hasMagic(bytes) { return "a .trows corpus file" }
        if let format = CorpusLayout.foreign.first(where: { bytes.starts(with: $0.magic) }) { return format.name }
        if let encoding = CorpusLayout.wideEncoding(bytes) { return "\(encoding) text; JSON here must be UTF-8" }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8 text that starts with a byte-order mark (EF BB BF); remove it" }
        if !bytes.isEmpty && bytes.allSatisfy({ $0 == 0 }) { return "zero bytes (blank or damaged)" }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            // No JSON text holds a control byte other than white space, not even in a string:
            // random data that happens to start with a brace is refused here, not read to the cap.
            guard let control = bytes.firstIndex(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
            return "binary data that starts with \"\(Character(UnicodeScalar(first)))\" (byte \(CorpusLayout.hex([bytes[control]])) at offset \(control), which no JSON document holds)"
        }
        if first < 0x20 || first == 0x7F || (0x80...0xC1).contains(first) || first > 0xF4 {
            return "binary data (first bytes \(CorpusLayout.hex(bytes.prefix(8))))"
        }
        let start = String(decoding: bytes.prefix(24), as: UTF8.self).escapingControls()
        return "text that starts \"\(start)\(bytes.count > 24 ? "…" : "")\", not a JSON object (a CSV corpus?)"
    }

    /// Refuses a file whose first bytes are not the start of a JSON object, naming what
    /// they are: for ``FileContents/read(_:fix:limit:recognizing:prefixLength:)``.
    ///
    /// - Parameters:
    ///   - prefix: The file's first bytes.
    ///   - file: The file, for the message.
    ///   - expected: What the file should be ("a repro file").
    ///   - fix: How to get the right file.
    /// - Throws: ``CorpusError`` saying what the file is instead.
    /// - Complexity: O(*p*) for the *p* bytes looked at.
    package static func refuse(_ prefix: ArraySlice<UInt8>, file: String, expected: String, fix: String) throws(CorpusError) {
        guard let found = describe(prefix) else { return }
        throw CorpusError(file: file, problem: "is not \(expected): it is \(found)", fix: fix)
    }
}
