import TreeRows

extension JSONValue {
    /// The string, if this is one.
    var text: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The elements, if this is an array.
    var elements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// Whether this is an object or an array.
    var isContainer: Bool {
        switch self {
        case .object, .array: return true
        default: return false
        }
    }

    /// Whether this is an object.
    var isObject: Bool {
        guard case .object = self else { return false }
        return true
    }

    /// The number rounded down to a whole one (`12`, `12.7`, `1609459200.0`), if this is a
    /// number within ±9·10^15.
    var wholeNumber: Int64? {
        guard case .number(let text) = self else { return nil }
        return Timestamp.seconds(number: text)
    }

    /// The id this value names: an integer or a string.
    var nodeID: NodeID? {
        switch self {
        case .string(let text): return .string(text)
        case .number(let text): return Int64(text).map(NodeID.integer)
        default: return nil
        }
    }
}
