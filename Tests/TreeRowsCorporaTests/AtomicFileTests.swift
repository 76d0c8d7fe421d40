import Foundation
import Testing
import TreeRows
@testable import TreeRowsCorpora

/// The safe writer, as a property: for random kinds of target (missing, regular file of a
/// random mode, symbolic link to a file or to nothing, FIFO, folder, read-only file) and a
/// write that fails at a random point, the target holds the old bytes or the new ones,
/// never part of them; nothing but a regular file is replaced; no temporary is left.
@Suite struct AtomicFileTests {
    enum Kind: CaseIterable {
        case missing, regular, linkToRegular, danglingLink, fifo, folder, readOnly
    }

    /// A folder with `kind` at `out` (and `real` behind a link), holding `old`.
    static func makeTarget(_ kind: Kind, in folder: URL, old: [UInt8], mode: mode_t) throws -> String {
        let out = folder.appendingPathComponent("out").path
        let real = folder.appendingPathComponent("real").path
        switch kind {
        case .missing: break
        case .regular, .readOnly:
            try Data(old).write(to: URL(fileURLWithPath: out))
            chmod(out, kind == .readOnly ? 0o444 : mode)
        case .linkToRegular:
            try Data(old).write(to: URL(fileURLWithPath: real))
            chmod(real, mode)
            try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: "real")
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: "nowhere")
        case .fifo:
            #expect(mkfifo(out, 0o644) == 0)
        case .folder:
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        }
        return out
    }

    static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o7777
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        lstat(path, &status)
        return status.st_mode & S_IFMT
    }

    @Test func targetIsOldOrNewAndNoTemporaryRemains() throws {
        let seed: UInt64 = 20_261_123
        print("AtomicFileTests seed \(seed)")
        var random = SplitMix64(seed: seed)
        for round in 0..<400 {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-atomic-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let kind = Kind.allCases[random.below(Kind.allCases.count)]
            let old = (0..<random.below(3_000)).map { _ in UInt8(random.below(256)) }
            let new = (0..<(1 + random.below(3_000))).map { _ in UInt8(random.below(256)) }
            let mode: mode_t = [0o600, 0o640, 0o644, 0o664][random.below(4)]
            let failing: AtomicFile.FailurePoint? = random.below(3) == 0 ? nil
                : AtomicFile.FailurePoint.allCases[random.below(AtomicFile.FailurePoint.allCases.count)]
            let context = "round \(round): \(kind), failing \(failing.map { "\($0)" } ?? "nowhere")"
            let out = try Self.makeTarget(kind, in: folder, old: old, mode: mode)
            // A FIFO needs a reader, or opening it to write waits forever.
            let reader = kind == .fifo ? open(out, O_RDONLY | O_NONBLOCK) : -1
            defer { if reader >= 0 { close(reader) } }
            var threw = false
            do { try AtomicFile.write(new, to: out, failing: failing) } catch { threw = true }

            switch kind {
            case .folder, .danglingLink, .readOnly:
                #expect(threw, "\(context): a refused target was written")
                #expect(kind != .readOnly || Self.contents(out) == old, "\(context)")
            case .missing, .regular, .linkToRegular:
                #expect(threw == (failing != nil), "\(context)")
                let file = kind == .linkToRegular ? folder.appendingPathComponent("real").path : out
                let expected: [UInt8]? = failing == nil ? new : (kind == .missing ? nil : old)
                #expect(Self.contents(file) == expected, "\(context): the target holds neither the old bytes nor the new")
                if kind == .linkToRegular { #expect(Self.kind(out) == S_IFLNK, "\(context): the link was replaced") }
                if kind != .missing { #expect(Self.mode(file) == mode, "\(context): the mode changed") }
            case .fifo:
                #expect(Self.kind(out) == S_IFIFO, "\(context): the FIFO was replaced")
                var buffer = [UInt8](repeating: 0, count: 8_192)
                let count = read(reader, &buffer, buffer.count)
                let received = Array(buffer.prefix(max(0, count)))
                // In place, nothing can be taken back: a failure mid-write leaves the reader
                // half the bytes, one after them all of them, and either way the write throws.
                #expect(threw == (failing != nil), "\(context)")
                let expected = failing == .midWrite ? Array(new.prefix(new.count / 2)) : new
                #expect(received == expected, "\(context): the reader got \(received.count) bytes of \(expected.count)")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
            #expect(left.isEmpty, "\(context): temporaries left: \(left)")
        }
    }

    @Test func newFilesGetTheUmaskModeAndOutputOntoAnInputIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("new").path
        try AtomicFile.write([1, 2, 3], to: path)
        #expect(Self.mode(path) == 0o666 & ~AtomicFile.currentUmask)
        let link = folder.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "new")
        #expect(throws: CorpusError.self) { try AtomicFile.write([4], to: link, inputs: [path]) }
        #expect(Self.contents(path) == [1, 2, 3])
    }
}

/// Paths the kernel resolves in ways a path string does not show: a loop of symbolic links,
/// reached as the output or on the way to it, is named as a loop at the link to mend; a
/// link that only the kernel follows (`/dev/stdout` onto a pipe) is written in place.
@Suite struct OutputPathResolutionTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-loop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/one", withDestinationPath: "two")
        try FileManager.default.createSymbolicLink(atPath: folder + "/two", withDestinationPath: "one")
        return folder
    }

    @Test func aLoopOfLinksIsNamedWhereverItIsMet() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (output, looping) in [("one", "one"), ("one/out.trows", "one"), ("one/deeper/out.trows", "one")] {
            do {
                _ = try AtomicFile.check(folder + "/" + output)
                Issue.record("\(output) was accepted")
            } catch {
                #expect(error.problem.contains("loop of symbolic links"), "\(output): \(error.problem)")
                #expect(!error.problem.contains("does not exist"), "\(output): \(error.problem)")
                if output != looping { #expect(error.problem.hasPrefix(folder + "/" + looping + " is"), "\(output): \(error.problem)") }
            }
        }
        let problem = OutputFolder.problem(with: folder + "/one/a/b", mayCreate: true)
        #expect(problem?.problem == "\(folder)/one is a loop of symbolic links")
        #expect(OutputFolder.problem(with: folder + "/new/a/b", mayCreate: true) == nil)
        #expect(OutputFolder.problem(with: folder + "/new", mayCreate: false)?.problem.contains("does not exist") == true)
    }

    #if os(Linux)
    @Test func aLinkOnlyTheKernelFollowsIsWrittenInPlace() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let path = "/proc/self/fd/\(ends[1])"
        #expect(try AtomicFile.check(path) == .inPlace(path: path))
        try AtomicFile.write(Array("rows\n".utf8), to: path)
        close(ends[1])
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(ends[0], &buffer, buffer.count)
        #expect(Array(buffer.prefix(max(count, 0))) == Array("rows\n".utf8))
    }
    #endif
}
