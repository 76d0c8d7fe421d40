import TreeRowsCorpora

extension LockstepReport {
    /// The report as JSON, every timing count kept (`{"strategy", "operations", "disagreements",
    /// "messages", "timings": {kind: [[nanoseconds, count], …]}}`): what an isolated check's
    /// child hands back.
    ///
    /// - Complexity: O(*t* log *t*) for *t* distinct timing values.
    package var json: JSONValue {
        .object([
            ("strategy", .string(strategy)), ("operations", .integer(operations)), ("disagreements", .integer(disagreements)),
            ("messages", .array(messages.map(JSONValue.string))),
            ("timings", .object(timings.sorted { $0.key < $1.key }.map { kind, counts in
                (kind, .array(counts.ascending.map { .array([.number(String($0.value)), .integer($0.count)]) }))
            })),
        ])
    }

    /// Reads ``json`` back; `nil` if a member is missing or of another type.
    ///
    /// - Complexity: O(*t*) for *t* distinct timing values.
    package init?(json value: JSONValue) {
        guard case .string(let strategy)? = value["strategy"], let operations = value["operations"]?.integer,
              let disagreements = value["disagreements"]?.integer, case .array(let messageValues)? = value["messages"],
              case .object(let timingValues)? = value["timings"] else { return nil }
        let messages = messageValues.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
        var timings: [String: TimingCounts] = [:]
        for (kind, list) in timingValues {
            guard case .array(let items) = list else { return nil }
            var counts = TimingCounts()
            for item in items {
                guard case .array(let pair) = item, pair.count == 2, let value = pair[0].integer, let count = pair[1].integer,
                      count > 0, count <= Int64(Int.max) else { return nil }
                counts.record(value, count: Int(count))
            }
            timings[kind] = counts
        }
        guard messages.count == messageValues.count else { return nil }
        self.init(strategy: strategy, operations: Int(operations), disagreements: Int(disagreements), messages: messages, timings: timings)
    }
}
