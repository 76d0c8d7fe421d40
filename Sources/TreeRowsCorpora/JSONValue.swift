/// A parsed JSON value.
///
/// Numbers keep their text so that integer ids of any size are read exactly.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, as written.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// An object's members, in the order written (duplicate keys: the last one wins on lookup).
    case object([(key: String, value: JSONValue)])

    /// The value of member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The number as an exact 64-bit integer, if it is one (no fraction, no exponent).
    public var integer: Int64? {
        guard case .number(let text) = self else { return nil }
        return Int64(text)
    }

    /// The value as an error message shows what was found: a number as written (past the
    /// 64-bit range, said so), anything else by its type.
    ///
    /// - Complexity: O(*c*) for a number of *c* characters.
    package var shown: String {
        guard case .number(let text) = self else { return typeName }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let isInteger = !digits.isEmpty && digits.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return text.escapingControls().echoed + (isInteger && Int64(text) == nil ? ", past the 64-bit range" : "")
    }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
