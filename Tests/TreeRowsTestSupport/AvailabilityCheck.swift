import Foundation

/// Finds uses of Apple-platform APIs that need a newer macOS than a package declares, made
/// outside an availability guard: what the compiler would refuse on a Mac, found on Linux,
/// where `#available` and `@available(macOS …)` are never checked.
///
/// The check reads Swift source as text. It blanks comments and string literals (keeping
/// interpolations, which are code), drops the branches of `#if` that cannot compile on an
/// Apple platform (`os(Linux)`, `canImport(Glibc)`, the `#else` of `canImport(Darwin)`…),
/// and takes a use as guarded inside the braces of a declaration marked
/// `@available(macOS N, …)`, inside `if #available(macOS N, …) { … }`, and after
/// `guard #available(macOS N, …)` to the end of its scope, for N at least the API's.
///
/// The list of APIs is ``apis``: add an API there when the code first uses one that is newer
/// than the declared minimum.
public enum AvailabilityCheck {
    /// A macOS version, as `major.minor`.
    public struct Version: Comparable, CustomStringConvertible, Sendable {
        public var major: Int
        public var minor: Int

        public init(_ major: Int, _ minor: Int = 0) { (self.major, self.minor) = (major, minor) }

        public static func < (left: Version, right: Version) -> Bool { (left.major, left.minor) < (right.major, right.minor) }

        public var description: String { minor == 0 ? "macOS \(major)" : "macOS \(major).\(minor)" }
    }

    /// An API, found by a regular expression over code (comments and strings blanked).
    public struct API: Sendable {
        /// What the API is, as a finding names it.
        public var name: String
        /// The pattern of a use.
        public var pattern: String
        /// The first macOS that has it.
        public var macOS: Version

        public init(_ name: String, _ pattern: String, macOS: Version) { (self.name, self.pattern, self.macOS) = (name, pattern, macOS) }
    }

    /// The APIs checked, with the macOS each first shipped in (the Swift standard library's
    /// `SwiftStdlib 5.7` is macOS 13, `6.0` macOS 15, `6.2` macOS 26).
    public static let apis: [API] = [
        API("Clock, ContinuousClock, SuspendingClock, Duration", #"\b(ContinuousClock|SuspendingClock|Duration)\b"#, macOS: Version(13)),
        API("Regex", #"\bRegex\s*<|#/"#, macOS: Version(13)),
        API("Observation", #"@Observable\b|\bwithObservationTracking\b"#, macOS: Version(14)),
        API("Synchronization's Mutex", #"\bMutex\b"#, macOS: Version(15)),
        API("Synchronization's Atomic", #"\bAtomic\b"#, macOS: Version(15)),
        API("String(validating:as:)", #"\bString\s*\(\s*validating\s*:"#, macOS: Version(15)),
        API("a typed-throws function type as a generic argument", #"[\[<][^\]>\n]*\bthrows\s*\("#, macOS: Version(15)),
        API("InlineArray", #"\bInlineArray\b"#, macOS: Version(26)),
        API("UTF8Span", #"\bUTF8Span\b|\.utf8Span\b"#, macOS: Version(26)),
        // A property, not a method of the code's own named `span(of:)`.
        API("a collection's span", #"\.(span|mutableSpan)\b(?!\s*\()"#, macOS: Version(26)),
        API("Task.immediate", #"\bTask\s*\.\s*immediate(Detached)?\b"#, macOS: Version(26)),
    ]

    /// A use of an API newer than the declared macOS, not guarded.
    public struct Finding: CustomStringConvertible, Sendable {
        public var file: String
        public var line: Int
        public var api: String
        public var needs: Version
        public var declared: Version

        public var description: String {
            "\(file):\(line): \(api) needs \(needs), but the package declares \(declared) and this use is not guarded."
                + " Fix: `if #available(\(needs), *) { … }` with a fallback,"
                + " or @available on the declaration, or raise the platform in Package.swift"
        }
    }

    /// The macOS a manifest declares in `platforms:` (`.macOS(.v15)`, `.macOS(.v10_15)` or
    /// `.macOS("15.0")`), or `nil` when it declares none (SwiftPM's default, 10.13).
    ///
    /// - Complexity: O(*m*) for a manifest of *m* characters.
    public static func declaredMacOS(manifest: String) -> Version? {
        let code = blankingCommentsAndStrings(manifest, keepingStringContents: true)
        guard let match = code.range(of: #"\.macOS\(\s*(\.v[0-9_]+|"[0-9.]+")\s*\)"#, options: .regularExpression) else { return nil }
        let digits = code[match].split { !$0.isNumber }.compactMap { Int($0) }
        guard let major = digits.first else { return nil }
        return Version(major, digits.count > 1 ? digits[1] : 0)
    }

    /// The unguarded uses in one source file.
    ///
    /// - Complexity: O(*c* · (*a* + *s*)) for *c* characters, *a* APIs and *s* guarded scopes.
    public static func findings(in source: String, file: String, declared: Version, apis: [API] = apis) -> [Finding] {
        let code = Array(droppingNonAppleBranches(blankingCommentsAndStrings(source, keepingStringContents: false)).utf8)
        let guards = guardedRanges(code)
        let text = String(decoding: code, as: UTF8.self)
        var lineStarts = [0]
        for (offset, byte) in code.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var found: [Finding] = []
        for api in apis where api.macOS > declared {
            guard let expression = try? NSRegularExpression(pattern: api.pattern) else { continue }
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                let offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                if guards.contains(where: { $0.range.contains(offset) && $0.macOS >= api.macOS }) { continue }
                let line = lineStarts.lastIndex { $0 <= offset }.map { $0 + 1 } ?? 1
                found.append(Finding(file: file, line: line, api: api.name, needs: api.macOS, declared: declared))
            }
        }
        return found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// Every Swift file under `folders` (relative to `root`, `.build` folders skipped), checked
    /// against `declared`.
    ///
    /// - Complexity: linear in the files' size.
    public static func findings(root: String, folders: [String], declared: Version) -> [Finding] {
        var found: [Finding] = []
        for folder in folders {
            let base = URL(fileURLWithPath: root).appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            while let relative = walker.nextObject() as? String {
                if relative.split(separator: "/").contains(where: { $0.hasPrefix(".build") }) { continue }
                guard relative.hasSuffix(".swift"), let source = try? String(contentsOfFile: base.appendingPathComponent(relative).path, encoding: .utf8)
                else { continue }
                found += findings(in: source, file: "\(folder)/\(relative)", declared: declared)
            }
        }
        return found
    }

    // MARK: Reading Swift as text

    /// `source` with comments blanked, and string literals' contents blanked too unless
    /// `keepingStringContents` (interpolations stay code). Newlines are kept, so offsets and
    /// lines stay where they were.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func blankingCommentsAndStrings(_ source: String, keepingStringContents: Bool) -> String {
        let input = Array(source.utf8)
        var output = input
        /// What an open string or interpolation is waiting for.
        enum Frame { case string(hashes: Int, multiline: Bool), interpolation(depth: Int) }
        var frames: [Frame] = []
        var index = 0
        func blank(_ range: Range<Int>) {
            for offset in range where output[offset] != UInt8(ascii: "\n") { output[offset] = UInt8(ascii: " ") }
        }
        func starts(_ text: String, at offset: Int) -> Bool { has(text, in: input, at: offset) }
        while index < input.count {
            let byte = input[index]
            if case .string(let hashes, let multiline)? = frames.last {
                let closing = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
                if starts(interpolation, at: index) {
                    if !keepingStringContents { blank(index..<index + interpolation.utf8.count) }
                    index += interpolation.utf8.count
                    frames.append(.interpolation(depth: 0))
                } else if byte == UInt8(ascii: "\\") && hashes == 0 {
                    if !keepingStringContents { blank(index..<min(index + 2, input.count)) }
                    index += 2
                } else if starts(closing, at: index) {
                    index += closing.utf8.count
                    frames.removeLast()
                } else {
                    if !keepingStringContents { blank(index..<index + 1) }
                    index += 1
                }
                continue
            }
            if starts("//", at: index) {
                let end = input[index...].firstIndex(of: UInt8(ascii: "\n")) ?? input.count
                blank(index..<end)
                index = end
            } else if starts("/*", at: index) {
                var depth = 0
                var end = index
                repeat {
                    if starts("/*", at: end) { depth += 1; end += 2 } else if starts("*/", at: end) { depth -= 1; end += 2 } else { end += 1 }
                } while depth > 0 && end < input.count
                blank(index..<end)
                index = end
            } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                var hashes = 0
                while index + hashes < input.count && input[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                guard index + hashes < input.count, input[index + hashes] == UInt8(ascii: "\"") else {
                    index += max(hashes, 1)
                    continue
                }
                let multiline = starts("\"\"\"", at: index + hashes)
                index += hashes + (multiline ? 3 : 1)
                frames.append(.string(hashes: hashes, multiline: multiline))
            } else if case .interpolation(let depth)? = frames.last, byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") {
                if byte == UInt8(ascii: "(") {
                    frames[frames.count - 1] = .interpolation(depth: depth + 1)
                } else if depth == 0 {
                    frames.removeLast()
                } else {
                    frames[frames.count - 1] = .interpolation(depth: depth - 1)
                }
                index += 1
            } else {
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `code` with the lines of `#if` branches that no Apple platform compiles blanked.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func droppingNonAppleBranches(_ code: String) -> String {
        /// One open `#if`: whether its current branch is compiled on Apple platforms, and
        /// whether an earlier branch was certainly taken there.
        struct Frame { var compiled: Bool; var decided: Bool }
        var frames: [Frame] = []
        var lines: [Substring] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let directive = line.drop { $0 == " " || $0 == "\t" }
            var blanked = false
            if directive.hasPrefix("#if ") {
                let apple = appleAnswer(directive.dropFirst(4))
                frames.append(Frame(compiled: apple != false, decided: apple == true))
                blanked = true
            } else if directive.hasPrefix("#elseif "), let frame = frames.last {
                let apple = appleAnswer(directive.dropFirst(8))
                frames[frames.count - 1] = Frame(compiled: !frame.decided && apple != false, decided: frame.decided || apple == true)
                blanked = true
            } else if directive.hasPrefix("#else"), let frame = frames.last {
                frames[frames.count - 1] = Frame(compiled: !frame.decided, decided: true)
                blanked = true
            } else if directive.hasPrefix("#endif"), !frames.isEmpty {
                frames.removeLast()
                blanked = true
            }
            let compiled = frames.allSatisfy(\.compiled)
            lines.append(blanked || !compiled ? Substring(String(repeating: " ", count: line.utf8.count)) : line)
        }
        return lines.joined(separator: "\n")
    }

    /// Whether a `#if` condition holds on every Apple platform (`true`), on none (`false`), or
    /// depends on more than the platform (`nil`).
    static func appleAnswer(_ condition: Substring) -> Bool? {
        let text = condition.trimmingCharacters(in: .whitespaces)
        let appleOnly = ["canImport(Darwin)", "os(macOS)", "canImport(ObjectiveC)"]
        let notApple = ["os(Linux)", "canImport(Glibc)", "canImport(Musl)", "os(Windows)", "os(Android)", "os(WASI)", "os(FreeBSD)"]
        if appleOnly.contains(text) || notApple.contains { text == "!" + $0 } { return true }
        if notApple.contains(text) || appleOnly.contains { text == "!" + $0 } { return false }
        return nil
    }

    /// Whether `bytes` hold `text`'s UTF-8 at `offset`.
    static func has(_ text: String, in bytes: [UInt8], at offset: Int) -> Bool {
        let wanted = Array(text.utf8)
        return offset + wanted.count <= bytes.count && bytes[offset..<offset + wanted.count].elementsEqual(wanted)
    }

    /// A stretch of code where uses up to `macOS` are guarded.
    struct Guard { var range: Range<Int>; var macOS: Version }

    /// The guarded stretches of `code` (comments, strings and other platforms' branches
    /// already blanked).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func guardedRanges(_ code: [UInt8]) -> [Guard] {
        /// An open brace, with the guard its braces give, if any.
        struct Scope { var start: Int; var macOS: Version? }
        var scopes: [Scope] = []
        /// The version the next opened braces get (`@available` or `if #available`).
        var pending: Version?
        /// `guard #available` stretches waiting for their scope's end: (scope depth, start, version).
        var guardStarts: [(depth: Int, start: Int, macOS: Version)] = []
        var guards: [Guard] = []
        var index = 0
        func word(_ text: String, at offset: Int) -> Bool { has(text, in: code, at: offset) }
        /// The macOS version named in the parenthesized list after `offset`, and the offset
        /// after its closing parenthesis.
        func version(after offset: Int) -> (Version?, Int) {
            guard let open = code[offset...].firstIndex(of: UInt8(ascii: "(")),
                  let close = code[open...].firstIndex(of: UInt8(ascii: ")")) else { return (nil, offset + 1) }
            let list = String(decoding: code[(open + 1)..<close], as: UTF8.self)
            for entry in list.split(separator: ",") {
                let parts = entry.split(separator: " ", omittingEmptySubsequences: true)
                guard parts.first == "macOS", parts.count > 1 else { continue }
                let digits = parts[1].split(separator: ".").compactMap { Int($0) }
                if let major = digits.first { return (Version(major, digits.count > 1 ? digits[1] : 0), close + 1) }
            }
            return (nil, close + 1)
        }
        while index < code.count {
            if word("@available", at: index) || word("#available", at: index) {
                let isGuardStatement = index >= 6 && String(decoding: code[max(0, index - 10)..<index], as: UTF8.self)
                    .trimmingCharacters(in: .whitespaces).hasSuffix("guard")
                let (found, next) = version(after: index)
                if let found {
                    if isGuardStatement {
                        guardStarts.append((scopes.count, next, found))
                    } else {
                        pending = max(pending ?? found, found)
                    }
                }
                index = next
                continue
            }
            switch code[index] {
            case UInt8(ascii: "{"):
                scopes.append(Scope(start: index, macOS: pending))
                pending = nil
            case UInt8(ascii: "}"):
                guard let scope = scopes.popLast() else { break }
                if let macOS = scope.macOS { guards.append(Guard(range: scope.start..<index, macOS: macOS)) }
                while let last = guardStarts.last, last.depth > scopes.count {
                    guards.append(Guard(range: last.start..<index, macOS: last.macOS))
                    guardStarts.removeLast()
                }
            default:
                break
            }
            index += 1
        }
        for start in guardStarts { guards.append(Guard(range: start.start..<code.count, macOS: start.macOS)) }
        return guards
    }
}
