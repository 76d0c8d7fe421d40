import Foundation
import TreeRowsCorpora

extension Crash {
    /// The crash of a child that `signal` ended, read from what it wrote to standard error:
    /// the runtime's `Fatal error: …` line, if any, and the crash report of Swift's
    /// backtracer in JSON (``BacktraceSettings``), or failing that its text headline.
    ///
    /// - Complexity: O(*b*) for *b* bytes of standard error.
    package init(signal: Int32, standardError: [UInt8]) {
        let text = String(decoding: standardError, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        var message: String?
        var location: String?
        // `File.swift:12: Fatal error: the message` (the runtime prints it before it traps).
        if let line = lines.first(where: { $0.contains("Fatal error: ") }), let range = line.range(of: "Fatal error: ") {
            message = "Fatal error: " + line[range.upperBound...].prefix(500)
            let place = line[..<range.lowerBound].trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            if !place.isEmpty { location = PathName.lastComponent(of: place) }
        }
        var function: String?
        var isStackOverflow = false
        if let report = lines.last(where: { $0.hasPrefix("{") && $0.contains("\"crashReport\"") }),
           let json = try? JSONParser.parse(Array(report.utf8)) {
            let description = json["description"].flatMap { if case .string(let text) = $0 { text } else { nil } } ?? ""
            let thread = json["threads"].flatMap { threads -> JSONValue? in
                guard case .array(let all) = threads else { return nil }
                return all.first { $0["crashed"] == .bool(true) } ?? all.first
            }
            var frames: [JSONValue] = []
            if case .array(let all)? = thread?["frames"] { frames = all }
            let top = frames.first(where: Self.isUserFrame)
            function = top.flatMap { Self.function(of: $0) }
            // The failing code's own line, rather than the standard library's that printed the message.
            if let top, let place = Self.place(of: top) { location = place }
            if message == nil {
                if description == "Swift runtime failure: precondition failure" {
                    // -O keeps the check and drops its message: the place is what names it.
                    message = description + " (an optimized build drops a precondition's message; see its place)"
                } else if description.hasPrefix("Swift runtime failure") {
                    message = description
                } else if signal == SIGILL || signal == SIGTRAP, let first = frames.first, first["system"] == .bool(true),
                          let system = Self.function(of: first) {
                    // The library function the trap stopped in (an array's subscript), when it is the top frame.
                    message = "\(description) in \(system.hasPrefix("specialized ") ? String(system.dropFirst(12)) : system)"
                } else if !description.isEmpty {
                    message = description
                }
            }
            isStackOverflow = Self.looksLikeStackOverflow(json, frames: frames, function: function)
        } else if let headline = lines.first(where: { $0.hasPrefix("*** Program crashed: ") }) {
            // The text report (a user's own SWIFT_BACKTRACE without format=json).
            var rest = headline.dropFirst("*** Program crashed: ".count)
            if let end = rest.range(of: " at 0x") ?? rest.range(of: " ***") { rest = rest[..<end.lowerBound] }
            if message == nil { message = String(rest) }
        }
        let kind: Kind
        switch signal {
        case SIGILL, SIGTRAP: kind = .trap
        case SIGSEGV, SIGBUS: kind = isStackOverflow ? .stackOverflow : .signal
        default: kind = .signal
        }
        self.init(kind: kind, signal: signal, message: message ?? Self.signalName(signal), function: function, location: location)
    }

    /// `SIGILL`, `SIGSEGV`, … or `signal N`.
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGSEGV: return "SIGSEGV"
        case SIGKILL: return "SIGKILL"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }

    /// A frame of code that is neither the runtime's nor a system library's, nor the
    /// standard library's (a specialized `IndexingIterator.next()` compiled into the
    /// strategy's binary, which the backtracer does not mark as a system frame).
    private static func isUserFrame(_ frame: JSONValue) -> Bool {
        guard frame["system"] != .bool(true), frame["runtimeFailure"] != .bool(true), function(of: frame) != nil else { return false }
        if case .string(let symbol)? = frame["symbol"], isStandardLibrary(symbol) { return false }
        if case .string(let image)? = frame["image"],
           ["libswift", "libc.", "libc++", "libdispatch", "libFoundation", "ld-linux", "libsystem", "libdyld"].contains(where: image.hasPrefix) {
            return false
        }
        guard let place = place(of: frame) else { return false }
        return !place.hasPrefix("<compiler-generated>")
    }

    /// Whether a mangled Swift symbol names an entity of the standard library (or an
    /// imported C or Objective-C one): its context is the `Swift` module (`$ss…`) or a
    /// standard substitution (`$sSa…` for `Array`, `$sSo…` for imported types), where a
    /// module of the user's starts with the length of its name (`$s8MyModule…`). A user's
    /// extension of a standard type (`$sSa7MyStuffE…`, `(extension in MyStuff):Swift.Array…`,
    /// and the closures in it) is the user's code, as the runtime's demangler tells.
    ///
    /// - Complexity: O(*l*) for a symbol of *l* characters.
    package static func isStandardLibrary(_ symbol: String) -> Bool {
        let body = symbol.hasPrefix("_$s") ? symbol.dropFirst(3) : symbol.hasPrefix("$s") ? symbol.dropFirst(2) : nil
        guard let first = body?.first, first == "s" || first == "S" else { return false }
        return !isUsersExtension(symbol)
    }

    /// Whether the demangled `symbol` (past a specialization's parameters) lies in an
    /// extension from a module that is not the toolchain's (``toolchainModules``, or a name
    /// starting with `_`).
    private static func isUsersExtension(_ symbol: String) -> Bool {
        guard var name = demangled(symbol) else { return false }
        if name.hasPrefix("generic specialization") || name.hasPrefix("specialized"), let of = name.range(of: "> of ") {
            name = String(name[of.upperBound...])
        }
        var rest = Substring(name)
        while let marker = rest.range(of: "(extension in ") {
            let module = rest[marker.upperBound...].prefix { $0 != ")" }
            if !module.hasPrefix("_") && !toolchainModules.contains(String(module)) { return true }
            rest = rest[marker.upperBound...]
        }
        return false
    }

    /// The modules of the toolchain that extend the standard library's types.
    private static let toolchainModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "Distributed",
        "Observation", "RegexBuilder", "Synchronization", "Cxx", "CxxStdlib",
    ]

    /// `symbol` demangled by the Swift runtime, or `nil` if it is no Swift symbol.
    private static func demangled(_ symbol: String) -> String? {
        symbol.withCString { mangled in
            guard let text = swiftDemangle(mangled, strlen(mangled), nil, nil, 0) else { return nil }
            defer { free(text) }
            return String(cString: text)
        }
    }

    /// The frame's function without its offset (`Thing.get(_:) + 24` → `Thing.get(_:)`).
    private static func function(of frame: JSONValue) -> String? {
        guard case .string(var text)? = frame["description"] else { return nil }
        if let plus = text.range(of: " + ", options: .backwards), text[plus.upperBound...].allSatisfy(\.isNumber) {
            text = String(text[..<plus.lowerBound])
        }
        return text.isEmpty ? nil : text
    }

    /// `File.swift:12` of a frame with a source location.
    private static func place(of frame: JSONValue) -> String? {
        guard let source = frame["sourceLocation"], case .string(let file)? = source["file"] else { return nil }
        let name = PathName.lastComponent(of: file)
        guard let line = source["line"]?.integer, line > 0 else { return nil }
        return "\(name):\(line)"
    }

    /// A fault just beyond the stack pointer, or a top frame repeated down the stack.
    private static func looksLikeStackOverflow(_ report: JSONValue, frames: [JSONValue], function: String?) -> Bool {
        if let function {
            let repeats = frames.prefix(32).filter { Self.function(of: $0) == function }.count
            if repeats >= 8 { return true }
        }
        func address(_ value: JSONValue?) -> UInt64? {
            guard case .string(let text)? = value, text.hasPrefix("0x") else { return nil }
            return UInt64(text.dropFirst(2), radix: 16)
        }
        let registers = report["threads"].flatMap { threads -> JSONValue? in
            guard case .array(let all) = threads else { return nil }
            return (all.first { $0["crashed"] == .bool(true) } ?? all.first)?["registers"]
        }
        guard let fault = address(report["faultAddress"]), let stack = address(registers?["rsp"] ?? registers?["sp"]) else { return false }
        let distance = fault > stack ? fault - stack : stack - fault
        return distance < 1 << 20
    }
}

/// The Swift runtime's demangler (exported by the standard library on every platform): a
/// new C string the caller frees, or `nil`.
@_silgen_name("swift_demangle")
private func swiftDemangle(_ mangledName: UnsafePointer<CChar>?, _ length: Int, _ outputBuffer: UnsafeMutablePointer<CChar>?,
                           _ outputBufferSize: UnsafeMutablePointer<Int>?, _ flags: UInt32) -> UnsafeMutablePointer<CChar>?
