import CJemalloc
import TreeRowsHarness

/// Allocation counters from jemalloc, which this product links as the process's malloc.
///
/// Pass one to ``BenchmarkRunner`` to get allocations and bytes per operation and bytes per
/// node, as `treerows bench` does; `JemallocCounter()` is `nil` where jemalloc is not the
/// malloc (its statistics cannot be read), and then nothing is counted.
///
/// Allocation counts are jemalloc's small and large request counters over all arenas,
/// read after flushing this thread's cache (so requests served from the cache are
/// counted) and refreshing the statistics epoch. Bytes are this thread's
/// `thread.allocated`, which is exact and cheap.
public struct JemallocCounter: AllocationCounter {
    /// A counter, or `nil` when jemalloc's statistics cannot be read (it is not the malloc).
    public init?() {
        var bytes: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        guard mallctl("thread.allocated", &bytes, &size, nil, 0) == 0 else { return nil }
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
