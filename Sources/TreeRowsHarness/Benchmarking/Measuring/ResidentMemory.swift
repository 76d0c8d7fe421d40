import Foundation

/// Resident memory: a process's peak (`getrusage`'s maximum resident set size), and any
/// process's current.
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

    /// The resident memory of process `pid` now (this process by default), in bytes; 0 where
    /// it cannot be read.
    ///
    /// - Complexity: one read of `/proc/PID/statm` on Linux, one `proc_pid_rusage` on Darwin.
    package static func currentBytes(of pid: pid_t = getpid()) -> Int {
        #if os(Linux)
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #elseif canImport(Darwin)
        var info = rusage_info_v0()
        let result = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: rusage_info_t?.self, capacity: 1) { proc_pid_rusage(pid, RUSAGE_INFO_V0, $0) }
        }
        return result == 0 ? Int(info.ri_resident_size) : 0
        #else
        return 0
        #endif
    }
}
