import TreeRowsCorpora

extension LockstepReport {
    /// The report as JSON, every timing kept (`{"strategy", "operations", "disagreements",
    /// "messages", "timings": {kind: [nanoseconds]}}`): what an isolated check's child
    /// hands back.
    ///
    /// - Complexity: O(*t*) for *t* timings.
    package var json: JSONValue {
        .object([
            ("strategy", .string(strategy)), ("operations", .integer(operations)), ("disagreements", .integer(disagreements)),
            ("messages", .array(messages.map(JSONValue.string))),
            ("timings", .object(timings.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .number(String($0)) })) })),
        ])
    }

    /// Reads ``json`` back; `nil` if a member is missing or of another type.
    ///
    /// - Complexity: O(*t*) for *t* timings.
    package init?(json value: JSONValue) {
        guard case .string(let strategy)? = value["strategy"], let operations = value["operations"]?.integer,
              let disagreements = value["disagreements"]?.integer, case .array(let messageValues)? = value["messages"],
              case .object(let timingValues)? = value["timings"] else { return nil }
        let messages = messageValues.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
        var timings: [String: [Double]] = [:]
        for (kind, list) in timingValues {
            guard case .array(let items) = list else { return nil }
            let numbers = items.compactMap { item -> Double? in if case .number(let text) = item { Double(text) } else { nil } }
            guard numbers.count == items.count else { return nil }
            timings[kind] = numbers
        }
        guard messages.count == messageValues.count else { return nil }
        self.init(strategy: strategy, operations: Int(operations), disagreements: Int(disagreements), messages: messages, timings: timings)
    }
}
