import Foundation
import Testing

/// `corpus generate` output is pinned: the same options must give the same bytes on every
/// machine and in every later version (a changed generator or format shows up here; change
/// the pins only together with a note in docs/Corpora.md). The checksums were computed
/// with Python's zlib.crc32 over the file without its last four bytes.
@Suite struct GeneratePinnedOutputTests {
    static let pinned: [(shape: String, checksum: UInt32, size: Int)] = [
        ("reddit", 0xE69C_C9C7, 8057), ("hn", 0x9A30_0CF5, 5703), ("balanced:3", 0x3925_8AC3, 9877),
        ("chain", 0xA164_77CC, 8058), ("wide", 0xE00D_7E78, 8145), ("random", 0x7CA6_5C16, 9507),
        ("caterpillar:2", 0x5D85_957E, 8074),
    ]

    @Test(arguments: pinned.map(\.shape))
    func generatedBytesArePinned(shape: String) async throws {
        let pin = try #require(Self.pinned.first { $0.shape == shape })
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pinned-\(UUID().uuidString).trows")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await TreeRowsExecutable.run([
            "corpus", "generate", "--shape", shape, "--nodes", "2000", "--seed", "42", "--expansion", "random:30",
            "-o", output.path,
        ])
        try #require(result.exitCode == 0, "\(result)")
        let bytes = try [UInt8](Data(contentsOf: output))
        #expect(bytes.count == pin.size, "$ \(result.commandLine)")
        let stored = bytes.suffix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        #expect(stored == pin.checksum, "stored checksum 0x\(String(stored, radix: 16)); $ \(result.commandLine)")
    }
}
