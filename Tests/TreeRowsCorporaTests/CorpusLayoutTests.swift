import Foundation
import Testing
@testable import TreeRowsCorpora

/// The content sniffer says what a file is when it is no corpus, and gzip content is
/// recognized and capped before it is inflated in full.
@Suite struct CorpusLayoutTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// What the problem must say.
        var problem: String
        var byteOffset: Int?
        var testDescription: String { name }
    }

    static let jsonLines = Array("{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n".utf8)
    static func utf16(_ text: [UInt8], bigEndian: Bool) -> [UInt8] {
        text.flatMap { bigEndian ? [0, $0] : [$0, 0] }
    }

    static let examples: [Example] = {
        var damagedMagic = TreeFile.magic + [1, 0, 0, 0, 0, 0]
        damagedMagic[0] = UInt8(ascii: "A")
        return [
            Example(name: "NUL byte in JSON Lines", bytes: Array(jsonLines.prefix(12)) + [0] + jsonLines.dropFirst(12),
                    problem: "the file is text with a control byte 00", byteOffset: 12),
            Example(name: "DEL in CSV", bytes: Array("node,parent\n0,-1\u{7F}\n".utf8),
                    problem: "control byte 7F", byteOffset: 16),
            Example(name: "UTF-16LE with a byte-order mark", bytes: [0xFF, 0xFE] + utf16(jsonLines, bigEndian: false),
                    problem: "UTF-16LE (byte-order mark FF FE)", byteOffset: 0),
            Example(name: "UTF-16BE without a byte-order mark", bytes: utf16(jsonLines, bigEndian: true),
                    problem: "UTF-16BE (no byte-order mark)", byteOffset: 0),
            Example(name: "UTF-32LE", bytes: [0xFF, 0xFE, 0, 0] + jsonLines.flatMap { [$0, 0, 0, 0] },
                    problem: "UTF-32LE", byteOffset: 0),
            Example(name: "zero bytes", bytes: [UInt8](repeating: 0, count: 4096),
                    problem: "starts with zero bytes (the first 64 are all 0x00)", byteOffset: 0),
            Example(name: "xz stream", bytes: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04],
                    problem: "an xz stream", byteOffset: 0),
            Example(name: "an executable", bytes: [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 56),
                    problem: "is binary, not a corpus layout (first bytes 7F 45 4C 46 02 01 01 00)", byteOffset: 0),
            Example(name: ".trows with its first byte damaged", bytes: damagedMagic,
                    problem: "wrong magic number 41 54 52 4F 57 53 0D 0A, where a .trows file starts with 89 54 52 4F 57 53 0D 0A",
                    byteOffset: 0),
            Example(name: "blank", bytes: Array(" \n\r\n".utf8), problem: "empty file: no nodes", byteOffset: nil),
        ]
    }()

    @Test(arguments: examples)
    func saysWhatItFound(_ example: Example) {
        do {
            let corpus = try CorpusReader.parse(example.bytes, file: "odd")
            Issue.record("accepted \(corpus.tree.nodeCount) nodes")
        } catch {
            #expect(error.problem.contains(example.problem), "\(error)")
            #expect(error.byteOffset == example.byteOffset, "\(error)")
            #expect(error.description.contains("Fix: "), "\(error)")
        }
    }

    @Test("Inside gzip, the decompressed content is named, without a byte offset of the file")
    func decompressedContentIsNamed() throws {
        for (bytes, problem) in [
            ([UInt8](repeating: 0, count: 100_000), "the decompressed content starts with zero bytes"),
            ([0xFF, 0xFE] + Self.utf16(Self.jsonLines, bigEndian: false), "the decompressed content is UTF-16LE"),
            (try CSVReaderTests.gzip(Self.jsonLines), "the decompressed content is gzip again"),
            (Array("{\"id\": 1}\u{1}\n".utf8), "the decompressed content is text with a control byte 01, which no text corpus holds (decompressed byte 9)"),
        ] {
            let compressed = try CSVReaderTests.gzip(bytes)
            do {
                _ = try CorpusReader.parse(compressed, file: "odd.gz")
                Issue.record("accepted \(problem)")
            } catch {
                #expect(error.problem.contains(problem), "\(error)")
                #expect(error.byteOffset == nil, "\(error)")
            }
        }
    }

    @Test("The gzip cap is 32 times the file, at least 64 MiB, and a stream over it is refused")
    func decompressionIsCapped() throws {
        #expect(Gzip.limit(forCompressedSize: 1_000) == 64 << 20)
        #expect(Gzip.limit(forCompressedSize: 10_000_000) == 320_000_000)
        #expect(Gzip.limit(forCompressedSize: .max) == .max)
        // Concatenated members: a CSV start, then 1 MiB of line feeds 70 times.
        let start = try CSVReaderTests.gzip(Array("node,parent\n0,-1\n".utf8))
        let blank = try CSVReaderTests.gzip([UInt8](repeating: 0x0A, count: 1 << 20))
        let underCap = start + Array([[UInt8]](repeating: blank, count: 60).joined())
        #expect(try CorpusReader.parse(underCap, file: "fits.gz").tree.nodeCount == 1)
        let bomb = start + Array([[UInt8]](repeating: blank, count: 70).joined())
        do {
            _ = try CorpusReader.parse(bomb, file: "bomb.gz")
            Issue.record("inflated \(bomb.count) bytes beyond the cap")
        } catch {
            #expect(error.problem.contains("decompresses to more than 67108864 bytes"), "\(error)")
            #expect(error.fix.contains("gunzip -k"), "\(error)")
        }
    }

    /// The first byte that is not white space decides the layout however far in it is: a
    /// thread or JSON Lines after 64 or more bytes of blank lines is not read as CSV.
    @Test(arguments: [64, 65, 1_000, 100_000])
    func jsonIsJSONAfterAnyAmountOfWhiteSpace(_ blank: Int) throws {
        let space = String(repeating: " \n\t", count: blank / 3 + 1)
        let thread = space + #"{"id":1,"created_at_i":1,"children":[{"id":2,"points":3,"children":[]}]}"#
        #expect(try CorpusReader.parse(Array(thread.utf8), file: "t.json").tree.nodeCount == 1)
        let array = space + #"[{"id":1,"type":"story","kids":[2]},{"id":2,"type":"comment","parent":1}]"#
        #expect(try CorpusReader.parse(Array(array.utf8), file: "t.json").tree.nodeCount == 1)
        let lines = space + "{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n"
        #expect(try CorpusReader.parse(Array(lines.utf8), file: "t.jsonl").tree.nodeCount == 2)
        let gzipped = try CSVReaderTests.gzip(Array(thread.utf8))
        #expect(try CorpusReader.parse(gzipped, file: "t.json.gz").tree.nodeCount == 1)
    }
}
