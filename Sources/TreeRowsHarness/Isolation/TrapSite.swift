#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CProcess
import Foundation

/// Where a child's fatal signal struck, told apart without symbols: the signal and the first
/// frame in the code TreeRows and the strategies are linked into (the faulting instruction
/// when it is there; otherwise the return address into that code, above the standard
/// library's or the C library's frames). Two crashes at one site, of one bug, have the same
/// site; what the shrinker compares its candidates by when the backtracer's names would
/// cost half a second each (``ChildProcess/trapReport``).
///
/// Addresses are the same in every child of one process (forked, not started anew), and
/// mean nothing in another process.
package struct TrapSite: Hashable, Sendable, CustomStringConvertible {
    package var signal: Int32
    package var address: UInt64

    /// The site of a child's trap report; `nil` when no frame lies in this process's own code
    /// (or the system cannot say which code is its own).
    ///
    /// - Complexity: O(*f* · *r*) for *f* frames and *r* ranges of own code.
    package init?(signal: Int32, frames: [UInt64]) {
        let own = Self.ownCode
        guard !own.isEmpty, let address = frames.first(where: { frame in own.contains { $0.contains(frame) } }) else { return nil }
        self.signal = signal
        self.address = address
    }

    /// `signal 4 at 0x5f3a2c`.
    package var description: String { "signal \(signal) at 0x\(String(address, radix: 16))" }

    /// The address ranges of the object that holds this code (the executable, with TreeRows
    /// and the strategies linked in), from /proc/self/maps; empty where that cannot be read.
    private static let ownCode: [Range<UInt64>] = {
        #if os(Linux)
        let own = treerows_own_code_address()
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        // start-end perms offset device inode path
        let mappings: [(range: Range<UInt64>, path: Substring)] = maps.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { return nil }
            let bounds = fields[0].split(separator: "-")
            guard bounds.count == 2, let start = UInt64(bounds[0], radix: 16), let end = UInt64(bounds[1], radix: 16), start < end else { return nil }
            return (start..<end, fields[5].drop { $0 == " " })
        }
        guard let path = mappings.first(where: { $0.range.contains(own) })?.path, !path.isEmpty else { return [] }
        return mappings.filter { $0.path == path }.map(\.range)
        #else
        return []
        #endif
    }()
}
