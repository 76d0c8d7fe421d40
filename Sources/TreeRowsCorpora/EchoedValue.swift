extension String {
    /// The longest value a message repeats whole, in characters.
    package static let echoLimit = 120

    /// This value as a message repeats it: whole up to ``echoLimit`` characters, else its
    /// first ``echoLimit`` characters, an ellipsis and its length (`aaaa… (100000
    /// characters)`), so that a 100,000-character id or flag value gives a one-line
    /// message, not a 200 KB one. Every message that repeats a value from the input uses it.
    ///
    /// - Complexity: O(min(*n*, ``echoLimit``)) for *n* characters, plus O(*n*) to count a
    ///   longer value.
    package var echoed: String {
        guard utf8.count > Self.echoLimit, count > Self.echoLimit else { return self }
        return String(prefix(Self.echoLimit)) + "… (\(count) characters)"
    }
}
