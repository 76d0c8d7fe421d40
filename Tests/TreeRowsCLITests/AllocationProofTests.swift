import Testing
import TreeRowsTool

/// `JemallocCounter` counts only after proving that it sees the process's allocations: a
/// malloc that does not reach jemalloc (on macOS, another malloc zone in front of it) is
/// faked here with an allocator that allocates elsewhere, or not at all.
@Suite struct AllocationProofTests {
    @Test func jemallocSeesThisProcesssAllocations() throws {
        // The test process links jemalloc with the tool, as `treerows` does.
        let counter = try JemallocCounter.probe().get()
        let before = counter.allocations()
        JemallocCounter.allocateThroughMalloc(100)
        #expect(counter.allocations() - before >= 1)
        #expect(JemallocCounter() != nil)
    }

    @Test func aMallocThatMissesJemallocIsToldNotCountedAsZero() {
        // Allocations served by something else move none of jemalloc's counters.
        let result = JemallocCounter.probe { _ in }
        guard case .failure(let unavailable) = result else {
            Issue.record("a probe whose allocations never reach jemalloc gave a counter")
            return
        }
        guard case let .notTheMalloc(allocations, bytes) = unavailable else {
            Issue.record("expected notTheMalloc, got \(unavailable)")
            return
        }
        #expect(bytes < 8 * UInt64(JemallocCounter.probeBytes), "this thread's bytes moved by \(bytes), \(allocations) allocations")
        let message = "note: allocations are not counted: \(unavailable)."
        #if canImport(Darwin)
        #expect(message.contains("jemalloc is not the default malloc zone"), "\(message)")
        #else
        #expect(message.contains("another allocator serves malloc"), "\(message)")
        #endif
        #expect(message.contains("8 test allocations of 256 KiB"), "\(message)")
    }

    @Test func tooFewAllocationsSeenIsNotEnough() {
        // Half the test allocations reach jemalloc: still not the malloc.
        var calls = 0
        let result = JemallocCounter.probe { bytes in
            calls += 1
            if calls.isMultiple(of: 2) { JemallocCounter.allocateThroughMalloc(bytes) }
        }
        guard case .failure(.notTheMalloc) = result else {
            Issue.record("a probe that saw 4 of 8 allocations gave \(result)")
            return
        }
    }
}
