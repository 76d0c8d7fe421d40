extension JSONParser {
    /// The failure for a character no JSON value starts with, showing it as the character
    /// it is (`'é'`, `'“'`), or as `\xNN` when its bytes are no UTF-8; when it is the first
    /// character of the text, what the text is instead (gzip, `.trows`, UTF-16, …).
    ///
    /// - Complexity: O(1).
    func unexpectedCharacter() -> Failure {
        let length = Self.sequenceLength(bytes[position...])
        var shown: String
        if let length {
            let character = String(decoding: bytes[position..<position + length], as: UTF8.self)
            shown = "character '\(character.escapingControls())'"
            if ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}"].contains(character) { shown += " (a typographic quote: JSON needs \")" }
        } else {
            let digits = String(bytes[position], radix: 16, uppercase: true)
            shown = "byte \\x\(digits.count == 1 ? "0" : "")\(digits) (not UTF-8)"
        }
        // Binary first bytes: say what the text is (text is left to the caller's own message).
        let binary = bytes[position] < 0x20 || bytes[position] >= 0x7F
        let atStart = binary && bytes[bytes.startIndex..<position].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let found = atStart ? ForeignContent.describe(bytes[position...].prefix(CorpusLayout.prefixLength)).map { "; the text is \($0)" } ?? "" : ""
        return failure("unexpected \(shown)\(found)")
    }

    /// The length of the well-formed UTF-8 sequence that `bytes` starts with, or `nil`.
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let lead = bytes.first else { return nil }
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0
        guard length > 0, bytes.count >= length else { return nil }
        var decoder = UTF8()
        var iterator = bytes.prefix(length).makeIterator()
        guard case .scalarValue = decoder.decode(&iterator) else { return nil }
        return length
    }
}
