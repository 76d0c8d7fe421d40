/// Seconds since 1970 from the timestamps thread services write: RFC 3339 / ISO 8601 text
/// (`2022-11-06T12:00:00.000Z`, `2023-06-01T12:00:00.123456`, `…+02:00`) or a JSON number
/// of seconds (Reddit's `1609459200.0`).
///
/// Parsed by hand, with proleptic Gregorian day arithmetic: no formatter, locale or time
/// zone database, so the same text gives the same number on every machine.
enum Timestamp {
    /// The whole seconds since 1970 (UTC) of `text`, or `nil` when it is not of the form
    /// `YYYY-MM-DDTHH:MM:SS` with an optional fraction (dropped) and zone (`Z`, `±HH:MM`,
    /// `±HHMM`; none is UTC), or names a day the month does not have (2022-02-29).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func seconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        }
        var offset: Int64 = 0
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign: Int64 = bytes[index] == UInt8(ascii: "+") ? 1 : -1
                let colon = index + 3 < bytes.count && bytes[index + 3] == UInt8(ascii: ":")
                guard let hours = number(index + 1..<index + 3), let minutes = number((index + (colon ? 4 : 3))..<(index + (colon ? 6 : 5))),
                      hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3_600 + minutes * 60)
                index += colon ? 6 : 5
            default:
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second - offset
    }

    /// The whole seconds of a JSON number (`1609459200.0`, `1609459200`), rounded down.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func seconds(number text: String) -> Int64? {
        if let whole = Int64(text) { return whole }
        guard let value = Double(text), value.isFinite, abs(value) < 9e15 else { return nil }
        return Int64(value.rounded(.down))
    }

    /// The days of `month` (1...12) in `year` of the proleptic Gregorian calendar.
    ///
    /// - Complexity: O(1).
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The days from 1970-01-01 to the date (negative before it), in the proleptic Gregorian
    /// calendar (Howard Hinnant's `days_from_civil`).
    ///
    /// - Complexity: O(1).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
