#if os(Linux)
import Glibc
import Foundation
import Testing
@testable import TreeRowsHarness
import TreeRowsTestSupport

/// What a forked child leaves behind: programs it starts (the backtracer, after a crash)
/// must hold none of its caller's descriptors, and must not outlive a child that is stopped.
/// Linux-only: the tests read `/proc`.
@Suite struct ChildHelperTests {
    @Test func aProgramTheChildStartsInheritsNoDescriptorOfTheCaller() throws {
        let folder = try ScratchFolder()
        // A pipe the caller holds open without close-on-exec, as a test runner or a shell's
        // pipeline does: a program holding its write end keeps a reader waiting for the end.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // A free descriptor from 200 up (the test process's other tests hold the low ones,
        // and dup2 onto one of theirs would close it under them).
        let marker = fcntl(ends[1], F_DUPFD, 200)
        try #require(marker >= 200)
        defer { close(ends[0]); close(ends[1]); close(marker) }
        let child = ChildProcess.start(limits: .standard, folder: folder.path) { _ in
            let inChild = fcntl(marker, F_GETFD) >= 0
            guard let program = popen("test -e /proc/self/fd/\(marker) && echo inherited || echo free", "r") else { return [] }
            var line = [CChar](repeating: 0, count: 64)
            _ = fgets(&line, 64, program)
            pclose(program)
            return Array("\(inChild) \(String(cString: line))".utf8)
        }
        guard case .finished(let bytes) = child.wait() else {
            Issue.record("the child did not finish")
            return
        }
        // The child itself keeps its descriptors (a bench cell uses its turns socket).
        #expect(String(decoding: bytes, as: UTF8.self) == "true free\n")
    }

    @Test func aStoppedChildTakesTheProgramsItStartedWithIt() throws {
        let folder = try ScratchFolder()
        let child = ChildProcess.start(limits: .standard, folder: folder.path) { _ in
            // A helper that would run on alone, as a backtracer stuck on a dead process does.
            _ = popen("sleep 600", "r")
            while true { sleep(1) }
        }
        var helpers: [pid_t] = []
        for _ in 0..<200 where helpers.isEmpty {
            usleep(20_000)
            helpers = Self.running(under: child.pid)
        }
        #expect(!helpers.isEmpty, "the child's shell started no helper")
        child.stop()
        guard case .stopped = child.wait() else {
            Issue.record("the child was not stopped")
            return
        }
        for helper in helpers {
            var gone = false
            for _ in 0..<100 where !gone {
                gone = Self.isGone(helper)
                if !gone { usleep(20_000) }
            }
            #expect(gone, "helper \(helper) runs on after its child was stopped")
        }
    }

    /// The processes whose parent is `pid`, from `/proc`.
    static func running(under pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { process in
            guard let text = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
                  let close = text.lastIndex(of: ")") else { return false }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Whether process `pid` has ended (gone, or a zombie waiting to be reaped).
    static func isGone(_ pid: pid_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return true }
        return text[text.index(after: close)...].split(separator: " ").first == "Z"
    }
}
#endif
