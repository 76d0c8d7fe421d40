/// A fixed number of slots for runs that each need a core to themselves (a single-worker
/// `fuzz` of the default minute): a test takes a slot for its run and gives it back after,
/// so that suites side by side share the cores without overcommitting them, whichever test
/// is longest.
actor RunSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// - Parameter count: How many runs may go at once; at least 1.
    init(_ count: Int) {
        free = max(1, count)
    }

    /// Runs `body` once a slot is free, and frees it after.
    ///
    /// - Complexity: O(1) besides the wait and `body`; the waiters are served in order.
    func run<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
