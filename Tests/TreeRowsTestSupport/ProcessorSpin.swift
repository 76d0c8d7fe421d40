#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that takes a given amount of this thread's processor time (what the watchdog counts,
/// however busy the machine): a planted slow step that ends.
public enum ProcessorSpin {
    /// Spins for `nanoseconds` of this thread's processor time.
    ///
    /// - Complexity: O(`nanoseconds`) of processor time.
    @inline(never)
    public static func spin(for nanoseconds: Int64) {
        func used() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }
        let start = used()
        var hash: UInt64 = 0
        while used() - start < nanoseconds {
            for value in 0..<UInt64(10_000) { hash = (hash ^ value) &* 0x100_0000_01B3 }
        }
        precondition(hash != 1)
    }
}
