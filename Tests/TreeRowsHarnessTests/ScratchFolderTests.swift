import Foundation
import Testing
@testable import TreeRowsHarness

/// Scratch folders of processes that ended without removing them are removed by the next
/// process's first folder, and only those: a live owner's folder, a folder too young to be
/// locked yet, and every other name stay.
@Suite struct ScratchFolderTests {
    /// A fresh folder to sweep, away from the system's temporary folder (where other tests'
    /// live folders are).
    private func sweptFolder() throws -> String {
        let path = NSTemporaryDirectory() + "/treerows-sweep-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func anAbandonedFolderGoesAndALiveOneStays() throws {
        let directory = try sweptFolder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var live: ScratchFolder? = try ScratchFolder(in: directory)
        let livePath = live!.path
        #expect(FileManager.default.createFile(atPath: livePath + "/child-1.log", contents: Data("x".utf8)))
        // A folder nobody locks, as a killed owner leaves it, with a file in it.
        let abandoned = ScratchFolder.namePrefix + "gone01"
        try FileManager.default.createDirectory(atPath: directory + "/" + abandoned, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: directory + "/" + abandoned + "/child-2.result", contents: Data("y".utf8)))
        let other = "treerows-isolated-old001"
        try FileManager.default.createDirectory(atPath: directory + "/" + other, withIntermediateDirectories: false)

        // Too young: it may be a folder whose owner has not locked it yet.
        #expect(ScratchFolder.removeAbandoned(in: directory).isEmpty)
        let later = Date().addingTimeInterval(2 * ScratchFolder.sweepAge)
        #expect(ScratchFolder.removeAbandoned(in: directory, now: later) == [abandoned])
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == [URL(fileURLWithPath: livePath).lastPathComponent, other].sorted())

        live = nil
        #expect(!FileManager.default.fileExists(atPath: livePath))
        #expect(ScratchFolder.removeAbandoned(in: directory, now: later).isEmpty)
    }
}
