import Foundation

/// Figures as the command line writes them, and every report with it: `3.2 µs`, `147k`,
/// `1.4M`, `4.19`; so a number reads the same in a terminal, a Markdown summary and a page.
package enum FigureText {
    /// A duration in nanoseconds, in the largest unit that keeps it at least 1 (e.g. `3.2 µs`).
    ///
    /// - Complexity: O(1).
    package static func time(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case 1e9...: return String(format: "%.2f s", nanoseconds / 1e9)
        case 1e6...: return String(format: "%.3g ms", nanoseconds / 1e6)
        case 1e3...: return String(format: "%.3g µs", nanoseconds / 1e3)
        case 100...: return String(format: "%.0f ns", nanoseconds)
        // Batched samples resolve a fast operation below a nanosecond: three digits show it.
        default: return String(format: "%.3g ns", nanoseconds)
        }
    }

    /// A rate to three digits, with `k` or `M` (`147k`, `14.6M`).
    ///
    /// - Complexity: O(1).
    package static func count(_ value: Double) -> String {
        value >= 1e6 ? String(format: "%.3gM", value / 1e6) : value >= 1e3 ? String(format: "%.3gk", value / 1e3) : String(format: "%.3g", value)
    }

    /// An amount per operation (allocations, bytes): whole when it is, else two digits, with
    /// `k` or `M`; `-` for none.
    ///
    /// - Complexity: O(1).
    package static func amount(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value >= 1e6 ? String(format: "%.3gM", value / 1e6) : value >= 1e3 ? String(format: "%.3gk", value / 1e3)
            : value == value.rounded() ? String(Int(value)) : String(format: "%.2g", value)
    }

    /// ``amount(_:)`` with its sign: bytes kept per operation are below 0 where an operation
    /// frees what the tree held.
    ///
    /// - Complexity: O(1).
    package static func signedAmount(_ value: Double?) -> String {
        guard let value, value < 0 else { return amount(value) }
        return "-" + amount(-value)
    }

    /// A ratio to three digits (whole from 100 up); `-` for none.
    ///
    /// - Complexity: O(1).
    package static func ratio(_ value: Double?) -> String {
        guard let value else { return "-" }
        return value >= 100 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }
}
