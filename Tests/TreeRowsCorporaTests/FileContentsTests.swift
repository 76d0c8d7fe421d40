import Testing
@testable import TreeRowsCorpora

/// `FileContents`: an input is read up to its cap and no further, whether it is a regular
/// file, a device or a pipe.
@Suite struct FileContentsTests {
    @Test(arguments: [1, 1 << 16, (1 << 16) + 1, 1 << 20])
    func anEndlessStreamStopsAtTheCap(_ limit: Int) {
        #expect(throws: CorpusError.self) { try FileContents.read("/dev/zero", fix: "f", limit: limit) }
        do {
            _ = try FileContents.read("/dev/zero", fix: "f", limit: limit)
        } catch {
            #expect(error.file == "/dev/zero" && error.problem.hasPrefix("goes on past the \(FileContents.byteCount(limit))"), "\(error)")
        }
    }

    @Test func aRecognizerRefusesFromTheFirstBytes() {
        var seen: [Int] = []
        do {
            _ = try FileContents.read("/dev/zero", fix: "f", limit: 1 << 40, recognizing: { prefix throws(CorpusError) in
                seen.append(prefix.count)
                throw CorpusError(file: "/dev/zero", problem: "zeros", fix: "f")
            }, prefixLength: 64)
            Issue.record("read to the end")
        } catch {
            #expect(error.problem == "zeros" && seen == [64])
        }
    }

    @Test(arguments: [(900, "900 bytes"), (1 << 10, "1 KiB"), (3 << 19, "1.5 MiB"), (4 << 30, "4 GiB")])
    func byteCountsReadAsUnits(_ example: (Int, String)) {
        #expect(FileContents.byteCount(example.0) == example.1)
    }
}
