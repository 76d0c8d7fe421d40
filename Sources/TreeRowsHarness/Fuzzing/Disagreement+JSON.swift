import TreeRowsCorpora

extension Disagreement {
    /// The disagreement as JSON: the members of a repro file's `failure` (``ReproFile``),
    /// and for a crash its kind, signal, message and top frame.
    ///
    /// - Complexity: O(*r*) for the rows listed.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("strategy", .string(strategy)), ("operation", .integer(operationIndex)), ("problem", .string(problem)),
            ("expectedRows", .array(expectedRows.map(JSONValue.string))), ("actualRows", .array(actualRows.map(JSONValue.string))),
            ("diff", .string(diff)),
        ]
        if let aspect { members.append(("aspect", .string(aspect.rawValue))) }
        if let expected { members.append(("expected", .string(expected))) }
        if let found { members.append(("found", .string(found))) }
        if let crash {
            members.append(("kind", .string(crash.kind.rawValue)))
            if let signal = crash.signal { members.append(("signal", .integer(signal))) }
            members.append(("message", .string(crash.message)))
            if let function = crash.function { members.append(("frame", .string(function))) }
            if let location = crash.location { members.append(("location", .string(location))) }
        }
        return .object(members)
    }

    /// Reads ``json`` back; `nil` if a member is missing or of another type, or the aspect or
    /// the crash kind is not one this version knows.
    ///
    /// A repro file's `failure` (``ReproFile``) is read with `fileStrategy`, the file's own
    /// strategy: an early version wrote it without its strategy or rows, so what is missing
    /// or unreadable there is left empty instead (the aspect and kind are checked alike).
    ///
    /// - Complexity: O(*r*) for the rows listed.
    package init?(json value: JSONValue, fileStrategy: String? = nil) {
        let lenient = fileStrategy != nil
        func string(_ key: String) -> String? { if case .string(let text)? = value[key] { text } else { nil } }
        /// A member every finding has: empty in a lenient read when it is not there.
        func text(_ key: String) -> String? { string(key) ?? (lenient ? "" : nil) }
        func texts(_ key: String) -> [String]? {
            guard case .array(let items)? = value[key] else { return lenient ? [] : nil }
            let strings = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
            return strings.count == items.count || lenient ? strings : nil
        }
        let operationIndex = value["operation"]?.integer.flatMap { Int(exactly: $0) } ?? (lenient ? -1 : nil)
        guard let strategy = string("strategy") ?? fileStrategy,
              let operationIndex, let problem = text("problem"), let expected = texts("expectedRows"),
              let actual = texts("actualRows"), let diff = text("diff") else { return nil }
        self.init(strategy: strategy, operationIndex: operationIndex, problem: problem, expectedRows: expected, actualRows: actual,
                  diff: diff)
        if let name = string("aspect") {
            guard let known = StepDisagreement.Aspect(rawValue: name) else { return nil }
            aspect = known
        }
        self.expected = string("expected")
        self.found = string("found")
        if let kindName = string("kind") {
            guard let kind = Crash.Kind(rawValue: kindName), let message = string("message") else { return nil }
            crash = Crash(kind: kind, signal: value["signal"]?.integer.flatMap { Int32(exactly: $0) }, message: message,
                          function: string("frame"), location: string("location"))
        }
    }
}
