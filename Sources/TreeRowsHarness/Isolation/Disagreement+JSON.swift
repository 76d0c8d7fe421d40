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
        if let crash {
            members.append(("kind", .string(crash.kind.rawValue)))
            if let signal = crash.signal { members.append(("signal", .integer(signal))) }
            members.append(("message", .string(crash.message)))
            if let function = crash.function { members.append(("frame", .string(function))) }
            if let location = crash.location { members.append(("location", .string(location))) }
        }
        return .object(members)
    }

    /// Reads ``json`` back; `nil` if a member is missing or of another type, or the aspect is
    /// not one this version knows.
    ///
    /// - Complexity: O(*r*) for the rows listed.
    package init?(json value: JSONValue) {
        func text(_ key: String) -> String? {
            guard case .string(let text)? = value[key] else { return nil }
            return text
        }
        func texts(_ key: String) -> [String]? {
            guard case .array(let items)? = value[key] else { return nil }
            let strings = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
            return strings.count == items.count ? strings : nil
        }
        guard let strategy = text("strategy"), let operation = value["operation"]?.integer, let problem = text("problem"),
              let expected = texts("expectedRows"), let actual = texts("actualRows"), let diff = text("diff") else { return nil }
        guard let operationIndex = Int(exactly: operation) else { return nil }
        self.init(strategy: strategy, operationIndex: operationIndex, problem: problem, expectedRows: expected, actualRows: actual,
                  diff: diff)
        if let name = text("aspect") {
            guard let known = StepDisagreement.Aspect(rawValue: name) else { return nil }
            aspect = known
        }
        if let kindName = text("kind") {
            guard let kind = Crash.Kind(rawValue: kindName), let message = text("message") else { return nil }
            crash = Crash(kind: kind, signal: value["signal"]?.integer.flatMap { Int32(exactly: $0) }, message: message,
                          function: text("frame"), location: text("location"))
        }
    }
}
