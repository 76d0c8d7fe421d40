import ArgumentParser

/// The real range of a numeric option, checked before the value is used: a number of
/// seconds is finite and small enough to become milliseconds, a count fits what it sizes.
/// NaN, infinities and values like 1e300 are refused with the option's range, not trapped on
/// in a conversion later.
enum OptionRange {
    /// The most seconds a run may be told to take: a year.
    static let maximumSeconds = 31_536_000.0

    /// Throws unless `value` is a number of seconds above 0 and at most `maximum`.
    ///
    /// - Complexity: O(1).
    static func seconds(_ value: Double, _ option: String, maximum: Double = maximumSeconds) throws(ValidationError) {
        // NaN fails both comparisons.
        guard value > 0 && value <= maximum else {
            throw ValidationError("\(option) must be a number of seconds above 0, at most \(Int(maximum)) (got \(value))")
        }
    }

    /// Throws unless `value` is in `range`.
    ///
    /// - Complexity: O(1).
    static func whole(_ value: Int, _ option: String, _ range: ClosedRange<Int>, _ what: String = "a whole number") throws(ValidationError) {
        guard range.contains(value) else {
            let upper = range.upperBound == Int.max ? "up" : "to \(range.upperBound)"
            throw ValidationError("\(option) must be \(what) from \(range.lowerBound) \(upper) (got \(value))")
        }
    }
}
