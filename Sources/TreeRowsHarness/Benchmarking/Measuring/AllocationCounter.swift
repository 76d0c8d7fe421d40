/// Reads the process's allocation counters; the benchmark brackets operations with it.
///
/// The command-line tool supplies one backed by jemalloc (`mallctl`), which it links as
/// the process's malloc; the harness itself links no allocator.
public protocol AllocationCounter {
    /// Allocations requested so far (all threads). May be slow (it may flush caches).
    func allocations() -> UInt64
    /// Bytes allocated so far by this thread. Cheap.
    func allocatedBytes() -> UInt64
    /// Bytes this thread allocated and has not freed, or `nil` when the counter cannot
    /// tell; what a structure built in between keeps is the difference of two readings.
    func liveBytes() -> UInt64?
}

extension AllocationCounter {
    /// Unknown unless the counter says otherwise.
    public func liveBytes() -> UInt64? { nil }
}

/// Runs `build` and returns what it built with the bytes per node it left allocated: live
/// bytes after minus before (``AllocationCounter/liveBytes()``) over `nodes` of the result;
/// `nil` without a counter that can tell.
public func keptBytesPerNode<T, E: Error>(
    by counter: (any AllocationCounter)?, nodes: (T) -> Int, _ build: () throws(E) -> T
) throws(E) -> (value: T, bytesPerNode: Double?) {
    let before = counter?.liveBytes()
    let value = try build()
    guard let before, let after = counter?.liveBytes() else { return (value, nil) }
    return (value, Double(Int64(bitPattern: after &- before)) / Double(max(1, nodes(value))))
}
