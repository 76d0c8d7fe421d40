import Foundation

/// The process's peak resident memory (`getrusage`'s maximum resident set size).
package enum ResidentMemory {
    /// Bytes; 0 where the system does not report it.
    package static func peakBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #endif
    }
}
