extension String {
    /// This text with every character a terminal or a document would act on instead of
    /// showing shown as a Swift escape: `\u{1B}` for ESC, `\r`, `\n`, `\t`, `\u{202E}`.
    ///
    /// Escaped: the C0 and C1 control characters and DEL, the line and paragraph separators
    /// (U+2028, U+2029), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069), the byte-order mark and the noncharacters U+FFFE and U+FFFF (which XML
    /// forbids). Every other character, backslashes included, is kept as it is.
    ///
    /// - Parameter keepingLineBreaks: Keep `\n` and `\t` as they are (for text that is
    ///   meant to span lines, such as usage help).
    /// - Complexity: O(*n*) for *n* characters; the text itself when nothing needs escaping.
    package func escapingControls(keepingLineBreaks: Bool = false) -> String {
        func shown(_ scalar: Unicode.Scalar) -> Bool {
            if keepingLineBreaks && (scalar == "\n" || scalar == "\t") { return true }
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF, 0xFFFE, 0xFFFF: return false
            default: return true
            }
        }
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) || unicodeScalars.allSatisfy(shown) { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if shown(scalar) {
                result.append(scalar)
                continue
            }
            let escape = switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\0": "\\0"
            default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }
}
