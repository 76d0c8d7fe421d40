import ArgumentParser
import Foundation

/// `--memory-limit SIZE|none`: the memory a run may be estimated to need before it is
/// refused; the machine's physical memory unless given.
struct MemoryLimitOption: ParsableArguments {
    /// A limit in bytes, or none.
    struct Limit: ExpressibleByArgument {
        var bytes: Int?

        /// `none`, or a whole number of bytes with an optional binary suffix K, M, G or T
        /// (`512M`, `24G`).
        init?(argument: String) {
            if argument == "none" {
                bytes = nil
                return
            }
            let suffixes: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
            var digits = Substring(argument)
            var unit = 1
            if let last = digits.last?.uppercased().first, let scale = suffixes[last] {
                unit = scale
                digits = digits.dropLast()
            }
            guard let value = Int(digits), value > 0 else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            bytes = product
        }

        static var defaultValueDescription: String { "the machine's memory" }
    }

    @Option(help: ArgumentHelp("Refuse a run estimated to need more memory than this: bytes with an optional K, M, G or T; none to skip the check.",
                               valueName: "size|none"))
    var memoryLimit: Limit?

    /// Refuses, with exit 2, a run whose estimate exceeds the limit.
    ///
    /// - Parameters:
    ///   - estimate: the estimated peak resident bytes.
    ///   - run: what is estimated, for the message ("bench of reddit:1e8 with 2 strategies").
    ///   - fix: how to make the run smaller.
    /// - Complexity: O(1).
    func require(_ estimate: Int, for run: String, fix: String) throws(CommandFailure) {
        let limit: Int
        let source: String
        if let memoryLimit {
            guard let bytes = memoryLimit.bytes else { return }
            (limit, source) = (bytes, "the --memory-limit of")
        } else {
            (limit, source) = (Int(clamping: ProcessInfo.processInfo.physicalMemory), "this machine's memory of")
        }
        guard estimate > limit else { return }
        throw CommandFailure(message: "\(run) needs an estimated \(Self.format(estimate)) of memory, more than \(source)"
            + " \(Self.format(limit)). Fix: \(fix); or raise --memory-limit to \(Self.format(estimate)) or more; or pass --memory-limit none to run anyway")
    }

    /// Bytes in GiB, MiB or KiB with one decimal, rounded up (so a limit raised to the
    /// figure shown admits the estimate), or in bytes below 1 KiB.
    ///
    /// - Complexity: O(1).
    static func format(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            return String(format: "%.1f \(unit)", (Double(bytes) / Double(1 << shift) * 10).rounded(.up) / 10)
        }
        return "\(bytes) bytes"
    }
}
