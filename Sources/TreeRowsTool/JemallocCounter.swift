import CJemalloc
import Foundation
import TreeRowsHarness

/// Allocation counters from jemalloc, which this product links as the process's malloc.
///
/// Pass one to ``BenchmarkRunner`` to get allocations and bytes per operation and bytes per
/// node, as `treerows bench` does. `JemallocCounter()` is `nil` unless jemalloc proves it
/// sees this process's allocations: on Linux, where jemalloc is linked, it replaces
/// `malloc`; on macOS it only takes over the default malloc zone, and silently does not
/// when another zone tool is active (Instruments, `MallocStackLogging`, Guard Malloc). A
/// counter that answered without seeing the allocations would report 0 for everything, so
/// ``probe(allocating:)`` allocates through `malloc` and checks that the counters moved;
/// its ``Unavailable`` says why when they did not.
///
/// Allocation counts are jemalloc's small and large request counters over all arenas,
/// read after flushing this thread's cache (so requests served from the cache are
/// counted) and refreshing the statistics epoch. Bytes are this thread's
/// `thread.allocated`, which is exact and cheap.
public struct JemallocCounter: AllocationCounter {
    /// Why allocations cannot be counted.
    public enum Unavailable: Error, CustomStringConvertible, Equatable, Sendable {
        /// jemalloc's statistics do not answer: it is not linked as this process's malloc.
        case noStatistics
        /// jemalloc answers, but `malloc` did not reach it: another allocator serves the
        /// process (on macOS, jemalloc is not the default malloc zone).
        case notTheMalloc(allocations: UInt64, bytes: UInt64)

        public var description: String {
            switch self {
            case .noStatistics:
                return "jemalloc is not this process's malloc, so its statistics cannot be read"
            case let .notTheMalloc(allocations, bytes):
                #if canImport(Darwin)
                let why = "jemalloc is not the default malloc zone (Instruments, MallocStackLogging or Guard Malloc may have taken it)"
                #else
                let why = "jemalloc answers, but another allocator serves malloc (a preloaded one, through LD_PRELOAD?)"
                #endif
                return "\(why): 8 test allocations of \(JemallocCounter.probeBytes / 1_024) KiB through malloc moved its counters by"
                    + " \(allocations) allocations and \(bytes) bytes"
            }
        }
    }

    /// A counter, or `nil` when it could not prove that it sees this process's
    /// allocations (``probe(allocating:)`` says why).
    ///
    /// - Complexity: O(1) (eight allocations and a few statistics reads).
    public init?() {
        guard case .success(let counter) = Self.probe() else { return nil }
        self = counter
    }

    private init(unchecked: Void) {}

    /// The size of each of the probe's eight allocations: large enough that this thread's
    /// own other allocations during the probe (a few statistics reads) cannot make up half
    /// of them, as the allocation count (over all threads, which allocate meanwhile) could.
    package static let probeBytes = 262_144

    /// A counter proven to see allocations made through `allocate`, which gets a byte count
    /// and must allocate and free that many bytes the way the process does (by default,
    /// `malloc` and `free`).
    ///
    /// - Returns: The counter, or why allocations cannot be counted.
    /// - Complexity: O(1) (eight calls of `allocate` and a few statistics reads).
    package static func probe(allocating allocate: (Int) -> Void = Self.allocateThroughMalloc) -> Result<JemallocCounter, Unavailable> {
        var bytes: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard mallctl("thread.allocated", &bytes, &size, nil, 0) == 0 else { return .failure(.noStatistics) }
        let counter = JemallocCounter(unchecked: ())
        let (allocationsBefore, bytesBefore) = (counter.allocations(), counter.allocatedBytes())
        for _ in 0..<8 { allocate(probeBytes) }
        let (allocations, allocated) = (counter.allocations() &- allocationsBefore, counter.allocatedBytes() &- bytesBefore)
        // The bytes are this thread's own: they decide whether malloc reaches jemalloc.
        guard allocations >= 8, allocated >= 8 * UInt64(probeBytes) else { return .failure(.notTheMalloc(allocations: allocations, bytes: allocated)) }
        return .success(counter)
    }

    /// `malloc(bytes)`, one byte written, then `free`. Never optimized: the optimizer may drop
    /// a `malloc` whose memory nothing reads, and the probe would then see no allocation.
    @inline(never) @_optimize(none)
    package static func allocateThroughMalloc(_ bytes: Int) {
        guard let pointer = malloc(bytes) else { return }
        pointer.storeBytes(of: 1, as: UInt8.self)
        free(pointer)
    }

    private func read(_ name: String) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        return mallctl(name, &value, &size, nil, 0) == 0 ? value : 0
    }

    /// - Complexity: O(1) (a cache flush and a statistics refresh).
    public func allocations() -> UInt64 {
        _ = mallctl("thread.tcache.flush", nil, nil, nil, 0)
        var epoch: UInt64 = 1
        _ = mallctl("epoch", nil, nil, &epoch, MemoryLayout<UInt64>.size)
        return read("stats.arenas.4096.small.nrequests") + read("stats.arenas.4096.large.nrequests")
    }

    /// - Complexity: O(1).
    public func allocatedBytes() -> UInt64 { read("thread.allocated") }

    /// - Complexity: O(1).
    public func liveBytes() -> UInt64? { read("thread.allocated") &- read("thread.deallocated") }
}
