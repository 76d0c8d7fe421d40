import TreeRows

/// The one checked path for every field a thread format reads: ids, parents, times, scores
/// and counts. A field that is absent or `null` is absent; one of the wrong type, out of
/// range or impossible is an error naming the file, the item and the field, never a value
/// read some other way (a string `"12"` as no count, 2^64 as 0, 2022-02-31 as no time).
extension ThreadBuilder {
    /// The error of a field that holds what it must not: a string is quoted (cut short when
    /// long), a number shown as written, anything else named by its type.
    ///
    /// - Complexity: O(1) beyond the quoted text.
    func fieldFailure(_ place: String, _ field: String, must: String, found value: JSONValue) -> CorpusError {
        var shown = value.shown
        if case .string(let text) = value { shown = "the string \"\(text.escapingControls().echoed)\"" }
        return CorpusError(file: file, problem: "\(place): \"\(field)\" must be \(must), but it is \(shown)",
                           fix: "pass the \(format.name) as the service returned it, or correct \"\(field)\" there")
    }

    /// `value` unless it is absent or `null`.
    private static func present(_ value: JSONValue?) -> JSONValue? {
        guard let value, value != .null else { return nil }
        return value
    }

    /// An integer field (an id, a post number): a JSON integer in the 64-bit range.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    func integer(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> Int64? {
        guard let value = Self.present(value) else { return nil }
        guard let integer = value.integer else { throw fieldFailure(place, field, must: "a 64-bit integer", found: value) }
        return integer
    }

    /// A string field (an id, a timestamp, a path).
    ///
    /// - Complexity: O(1).
    func text(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> String? {
        guard let value = Self.present(value) else { return nil }
        guard let text = value.text else { throw fieldFailure(place, field, must: "a string", found: value) }
        return text
    }

    /// A time or score given as a JSON number: an integer, or a number with a fraction
    /// (Reddit's `1609459200.0`, Discourse's scores) rounded down, within ±9·10^15; never
    /// `Int64.min`, which a tree reserves for "absent".
    ///
    /// - Complexity: O(*c*) for *c* characters.
    func value(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> Int64? {
        guard let value = Self.present(value) else { return nil }
        guard let number = value.wholeNumber, number != .min else {
            throw fieldFailure(place, field, must: "a number above \(Int64.min) (a fraction within ±9e15 is rounded down)", found: value)
        }
        return number
    }

    /// A time given as RFC 3339 text (`2022-11-06T12:00:00.000Z`), as seconds since 1970:
    /// a date that does not exist (February 31) or text of another form is an error.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    func timestamp(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> Int64? {
        guard let text = try text(value, field, at: place) else { return nil }
        guard let seconds = Timestamp.seconds(text) else {
            throw fieldFailure(place, field, must: "an RFC 3339 time that exists (such as 2022-11-06T12:00:00Z)", found: .string(text))
        }
        return seconds
    }

    /// A count of replies not loaded: a JSON integer from 0 up to what a corpus page holds
    /// (2^31 - 1).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    func hiddenCount(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> Int? {
        guard let value = Self.present(value) else { return nil }
        guard let count = value.integer, count >= 0, count <= Int64(Int32.max) else {
            throw fieldFailure(place, field, must: "a whole number from 0 to \(Int32.max)", found: value)
        }
        return Int(count)
    }

    /// A list field (`kids`, `children`): its elements, none when it is absent or `null`.
    ///
    /// - Complexity: O(1).
    func list(_ value: JSONValue?, _ field: String, at place: String) throws(CorpusError) -> [JSONValue] {
        guard let value = Self.present(value) else { return [] }
        guard let elements = value.elements else { throw fieldFailure(place, field, must: "an array", found: value) }
        return elements
    }
}
