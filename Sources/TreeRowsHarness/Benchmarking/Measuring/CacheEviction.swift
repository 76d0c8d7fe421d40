import Foundation
import Synchronization

/// A buffer of its own that a benchmark reads before every sample when the sample should
/// start with cold caches: reading twice the largest cache evicts the strategy's data from
/// every cache level (and, where the buffer lies in 4 KiB pages, its pages from the TLB), so
/// the sample pays for its own misses, as an operation does after a frame of unrelated work
/// in an app.
public struct CacheEviction: Sendable {
    /// How many times ``run()`` read the buffer (shared by copies).
    private final class Reads: Sendable {
        let count = Mutex(0)
    }

    /// The buffer's size.
    public let bytes: Int
    /// Filled with 1 (written, so every page is backed by its own memory, not the shared
    /// zero page).
    private let words: ContiguousArray<UInt64>
    private let reads = Reads()

    /// A buffer of `bytes` (rounded down to whole 64-byte lines, at least one line).
    public init(bytes: Int) {
        let lines = max(1, bytes / 64)
        self.bytes = lines * 64
        words = ContiguousArray(repeating: 1, count: lines * 8)
    }

    /// Reads one word of every 64-byte line and returns their sum (the number of lines), to
    /// be consumed so the reads cannot be dropped.
    ///
    /// - Complexity: O(``bytes`` / 64).
    public func run() -> UInt64 {
        reads.count.withLock { $0 += 1 }
        return words.withUnsafeBufferPointer { words in
            var sum: UInt64 = 0
            for index in stride(from: 0, to: words.count, by: 8) { sum &+= words[index] }
            return sum
        }
    }

    /// How many times ``run()`` read the buffer, by this value and its copies.
    package var runs: Int { reads.count.withLock { $0 } }

    /// Twice the largest cache this machine reports, and at least 64 MiB: from sysfs on
    /// Linux, from `sysctl` on macOS.
    public static var defaultBytes: Int {
        #if canImport(Darwin)
        return defaultBytes(sysctl: { name in
            var value: Int64 = 0
            var size = MemoryLayout<Int64>.size
            return sysctlbyname(name, &value, &size, nil, 0) == 0 ? Int(value) : nil
        })
        #else
        return defaultBytes(cacheDirectory: "/sys/devices/system/cpu/cpu0/cache")
        #endif
    }

    /// The `sysctl` names of macOS's cache sizes: the last levels of Intel Macs, and the
    /// performance cores' L2 of Apple silicon (which reports no L3).
    static let sysctlCacheSizes = ["hw.l3cachesize", "hw.l2cachesize", "hw.perflevel0.l2cachesize", "hw.perflevel1.l2cachesize"]

    /// Twice the largest of ``sysctlCacheSizes`` that `read` answers, and at least 64 MiB.
    ///
    /// - Complexity: O(1) (four reads).
    static func defaultBytes(sysctl read: (String) -> Int?) -> Int {
        atLeastFloor(twiceOf: sysctlCacheSizes.compactMap(read).max() ?? 0)
    }

    /// Twice the largest `index*/size` under `cacheDirectory` (Linux's sysfs layout), and at
    /// least 64 MiB (also when the directory is missing).
    static func defaultBytes(cacheDirectory directory: String) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return atLeastFloor(twiceOf: 0) }
        var largest = 0
        for entry in entries where entry.hasPrefix("index") {
            guard let text = try? String(contentsOfFile: "\(directory)/\(entry)/size", encoding: .utf8) else { continue }
            largest = max(largest, parseSize(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0)
        }
        return atLeastFloor(twiceOf: largest)
    }

    /// `2 * largest`, and at least 64 MiB.
    static func atLeastFloor(twiceOf largest: Int) -> Int { max(64 << 20, 2 * largest) }

    /// `32768K`, `2M`, `512` (bytes) as a byte count.
    static func parseSize(_ text: String) -> Int? {
        let scale: Int
        var digits = Substring(text)
        switch text.last {
        case "K": scale = 1 << 10
        case "M": scale = 1 << 20
        case "G": scale = 1 << 30
        default: scale = 1
        }
        if scale != 1 { digits = digits.dropLast() }
        return Int(digits).map { $0 * scale }
    }
}
