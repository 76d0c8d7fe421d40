import Foundation
import Testing

/// Bad corpus files and bad `corpus` options: exit code 2, nothing on stdout, a message on
/// stderr that names the file and says how to fix it, and no output file or temporary
/// file left behind.
@Suite("treerows corpus errors", .timeLimit(.minutes(10)))
struct CorpusErrorTests {
    /// A damaged or malformed input file.
    enum BadInput: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case malformedJSON = "malformed JSON"
        case truncatedGzip = "truncated gzip"
        case corruptGzip = "corrupt gzip"
        case flippedByte = ".trows with a flipped byte"
        case wrongMagic = ".trows with a wrong magic number"
        case unsupportedVersion = ".trows with version byte 2"
        case duplicateID = "duplicate id"
        case unknownParent = "unknown parent"
        case cycle = "parent cycle"
        case emptyFile = "empty file"
        case headerOnlyJSONLines = "JSON Lines header only"
        case headerOnlyCSV = "CSV header only"
        case nonNumericCSVParent = "CSV parent x"
        case nonNumericJSONTime = "JSON Lines time \"abc\""
        case ownParent = "a node that is its own parent"
        case extraCSVField = "CSV row with more fields than the header"
        case shortTreeFile = ".trows cut after 12 bytes"
        case nulInJSONLines = "JSON Lines with a NUL byte"
        case utf16 = "UTF-16 JSON Lines"
        case gzipOfZeros = "gzip of zeros"
        case gzipBomb = "gzip bomb"
        case zipArchive = "zip archive"

        var testDescription: String { rawValue }

        /// The file name (the extension is only a hint: the reader goes by content).
        var fileName: String {
            switch self {
            case .truncatedGzip, .corruptGzip, .gzipOfZeros, .gzipBomb: return "bad.jsonl.gz"
            case .flippedByte, .wrongMagic, .unsupportedVersion, .shortTreeFile: return "bad.trows"
            case .headerOnlyCSV, .nonNumericCSVParent, .extraCSVField: return "bad.csv"
            default: return "bad.jsonl"
            }
        }

        /// The text of the text cases.
        var text: String? {
            switch self {
            case .malformedJSON: return "{\"source\": \"t\"}\n{\"id\": 1}\n{\"id\": 2, \"parent\": 1\n"
            case .duplicateID: return "{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n{\"id\": 2, \"parent\": null}\n"
            case .unknownParent: return "{\"id\": 1}\n\n{\"id\": 2, \"parent\": 9}\n"
            case .cycle: return "{\"id\": 0}\n{\"id\": \"a\", \"parent\": \"b\"}\n{\"id\": \"b\", \"parent\": \"a\"}\n"
            case .emptyFile: return ""
            case .headerOnlyJSONLines: return "{\"source\": \"test\", \"nodes\": 0}\n"
            case .headerOnlyCSV: return "# no rows\nnode,parent,time,score\n"
            case .nonNumericCSVParent: return "node,parent,time,score\n0,-1,1,1\n1,x,2,2\n"
            case .nonNumericJSONTime: return "{\"id\": 1, \"parent\": null, \"time\": \"abc\", \"score\": 1}\n"
            case .ownParent: return "{\"id\": 1, \"parent\": null}\n{\"id\": 7, \"parent\": 7}\n"
            case .extraCSVField: return "node,parent\n0,-1\n1,0,\n"
            case .nulInJSONLines: return "{\"id\": 1}\n{\"id\": 2,\u{0} \"parent\": 1}\n"
            default: return nil
            }
        }

        /// What the message must say besides the file and "Fix:"; `PATH` stands for the file.
        /// Each inner list holds alternatives, one of which must appear.
        var mentions: [[String]] {
            switch self {
            case .malformedJSON: return [["PATH:3: "], ["invalid JSON"]]
            case .truncatedGzip: return [["truncated gzip"]]
            case .corruptGzip: return [["corrupt gzip"]]
            case .flippedByte: return [["checksum"]]
            case .wrongMagic: return [["magic number"]]
            // The version byte is checked before the checksum (TreeFile+Decoding.swift), so
            // this build reports "unsupported format version 2"; a reader that checked the
            // checksum first would report that instead, which is as good.
            case .unsupportedVersion: return [["version 2", "checksum"]]
            case .duplicateID: return [["PATH:3: "], ["duplicate id 2"]]
            case .unknownParent: return [["PATH:3: "], ["parent 9 of node 2"]]
            case .cycle: return [["parent cycle"], ["\"a\""], ["\"b\""]]
            case .emptyFile: return [["empty file"]]
            case .headerOnlyJSONLines: return [["header but no nodes"]]
            case .headerOnlyCSV: return [["header but no rows"]]
            case .nonNumericCSVParent: return [["PATH:3: "], ["parent \"x\""]]
            case .nonNumericJSONTime: return [["PATH:1: "], ["\"time\""]]
            case .ownParent: return [["PATH:2: "], ["parent cycle"]]
            case .extraCSVField: return [["PATH:3: "], ["3 fields"]]
            case .shortTreeFile: return [["truncated"]]
            case .nulInJSONLines: return [["byte 19: the file is text with a control byte 00"]]
            case .utf16: return [["UTF-16LE"], ["iconv"]]
            case .gzipOfZeros: return [["decompressed content starts with zero bytes"]]
            case .gzipBomb: return [["decompression bomb"], ["gunzip -k"]]
            case .zipArchive: return [["a zip archive"]]
            }
        }

        /// Writes the bad file into `folder` and returns its path; `scratch` holds the
        /// good files it is made from.
        func write(in folder: TemporaryFolder, scratch: TemporaryFolder) async throws -> String {
            if let text { return try folder.write(text, to: fileName) }
            switch self {
            case .truncatedGzip, .corruptGzip:
                // A JSON Lines file large enough for several deflate blocks, compressed by the system's gzip.
                let lines = ["{\"source\": \"error test\"}"] + (0..<3_000).map {
                    "{\"id\": \($0), \"parent\": \($0 == 0 ? "null" : String(($0 - 1) / 3)), \"time\": \(1_000 + $0 * 7), \"score\": \($0 % 13)}"
                }
                let plain = try scratch.write(lines.joined(separator: "\n") + "\n", to: "good.jsonl")
                var bytes = try await SystemCommand.gzip(plain)
                try #require(bytes.count > 1_000, "gzip output of \(plain)")
                if self == .truncatedGzip {
                    bytes.removeLast(bytes.count / 2)
                } else {
                    for index in (bytes.count / 2)..<(bytes.count / 2 + 16) { bytes[index] ^= 0x55 }
                }
                return try folder.write(bytes, to: fileName)
            case .utf16:
                let text = "{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n"
                return try folder.write([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: fileName)
            case .gzipOfZeros:
                let zeros = try scratch.write([UInt8](repeating: 0, count: 1 << 20), to: "zeros")
                return try folder.write(try await SystemCommand.gzip(zeros), to: fileName)
            case .gzipBomb:
                // Concatenated members: a CSV header, then 80 MiB of blank lines, 1 MiB a
                // member; the file stays small, over the 64 MiB floor of the cap.
                let header = try await SystemCommand.gzip(try scratch.write("node,parent\n0,-1\n", to: "head.csv"))
                let blank = try await SystemCommand.gzip(try scratch.write([UInt8](repeating: 0x0A, count: 1 << 20), to: "blank"))
                return try folder.write(header + Array([[UInt8]](repeating: blank, count: 80).joined()), to: fileName)
            case .zipArchive:
                return try folder.write([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0x14, count: 60), to: fileName)
            default:
                let good = scratch.path("good.trows")
                _ = try await CorpusGenerateCommandTests.generate(
                    ["--shape", "random", "--nodes", "500", "--seed", "5"], into: good)
                var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
                try #require(bytes.count > 100 && bytes[8] == 1, "a version-1 .trows file: \(good)")
                switch self {
                case .flippedByte: bytes[bytes.count / 2] ^= 0xFF
                case .wrongMagic: bytes[1] = UInt8(ascii: "t")  // \x89tROWS\r\n
                case .shortTreeFile: bytes.removeSubrange(12...)
                default: bytes[8] = 2
                }
                return try folder.write(bytes, to: fileName)
            }
        }
    }

    /// A command that reads a corpus file.
    enum Reader: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case importing = "corpus import BAD -o OUT"
        case validating = "corpus validate BAD"
        case stats = "corpus stats BAD"
        case rows = "rows --corpus BAD"
        var testDescription: String { rawValue }

        func arguments(input: String, output: String) -> [String] {
            switch self {
            case .importing: return ["corpus", "import", input, "-o", output]
            case .validating: return ["corpus", "validate", input]
            case .stats: return ["corpus", "stats", input]
            case .rows: return ["rows", "--corpus", input]
            }
        }
    }

    /// Checks a failed run: exit code 2, empty stdout, and every group of `mentions`
    /// represented on stderr.
    static func expectFailure(_ result: ExecutionResult, mentioning mentions: [[String]]) {
        #expect(result.exitCode == 2 && !result.wasSignalled, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError.hasPrefix("treerows: error: "), "\(result)")
        #expect(result.standardError.contains("Fix:"), "\(result)")
        for alternatives in mentions {
            #expect(alternatives.contains { result.standardError.contains($0) },
                    "stderr should mention \(alternatives.map { "\"\($0)\"" }.joined(separator: " or "))\n\(result)")
        }
    }

    @Test(arguments: BadInput.allCases, Reader.allCases)
    func badFileIsRejected(_ bad: BadInput, _ reader: Reader) async throws {
        try await TemporaryFolder.with("corpus-error") { root in
            let input = try await bad.write(in: try root.subfolder("input"), scratch: try root.subfolder("scratch"))
            let outputFolder = try root.subfolder("output")
            let output = outputFolder.path("out.trows")
            let result = try await TreeRowsExecutable.run(reader.arguments(input: input, output: output))
            let mentions = [[input]] + bad.mentions.map { $0.map { $0.replacingOccurrences(of: "PATH", with: input) } }
            Self.expectFailure(result, mentioning: mentions)
            // Only `import` writes; nothing may appear either way: no output, no `.out.trows.PID.tmp`.
            #expect(!FileManager.default.fileExists(atPath: output), "\(output) exists after\n\(result)")
            #expect(try outputFolder.entries() == [], "left in the output folder\n\(result)")
        }
    }

    /// A command line with a bad option or a bad destination.
    struct OptionCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// `{out}`: a file in an empty folder; `{missing}`: a file in a folder that does not
        /// exist; `{folder}`: an existing empty folder; `{input}`: a good JSON Lines file.
        var arguments: [String]
        /// Groups of alternatives, with the same placeholders.
        var mentions: [[String]]
        var testDescription: String { name }

        init(_ name: String, _ arguments: [String], mentions: [[String]]) {
            self.name = name
            self.arguments = arguments
            self.mentions = mentions
        }
    }

    static let builtInNames = CorpusListCommandTests.recordedNames + CorpusListCommandTests.syntheticNames
    static let generate = ["corpus", "generate", "--nodes", "100", "--seed", "1"]

    static let optionCases: [OptionCase] = [
        OptionCase("unknown --shape", generate + ["--shape", "triangle", "-o", "{out}"],
                   mentions: [["--shape \"triangle\" is none of the accepted forms"], ["reddit"], ["caterpillar"]]),
        OptionCase("--shape balanced:0", generate + ["--shape", "balanced:0", "-o", "{out}"],
                   mentions: [["--shape \"balanced:0\""]]),
        OptionCase("--shape with a trailing colon", generate + ["--shape", "balanced:", "-o", "{out}"],
                   mentions: [["--shape \"balanced:\""]]),
        OptionCase("unknown --expansion", generate + ["--shape", "chain", "--expansion", "sideways", "-o", "{out}"],
                   mentions: [["--expansion \"sideways\" is none of the accepted forms"], ["collapsed-below"]]),
        OptionCase("--expansion random:101", generate + ["--shape", "chain", "--expansion", "random:101", "-o", "{out}"],
                   mentions: [["--expansion \"random:101\""]]),
        OptionCase("--nodes 0", ["corpus", "generate", "--shape", "chain", "--nodes", "0", "--seed", "1", "-o", "{out}"],
                   mentions: [["--nodes 0"]]),
        OptionCase("--nodes above the maximum",
                   ["corpus", "generate", "--shape", "chain", "--nodes", "100000001", "--seed", "1", "-o", "{out}"],
                   mentions: [["--nodes 100000001"]]),
        OptionCase("generate beyond --memory-limit",
                   ["corpus", "generate", "--shape", "chain", "--nodes", "10000000", "--seed", "1", "--memory-limit", "256M", "-o", "{out}"],
                   mentions: [["generating 10000000 nodes needs an estimated 636.3 MiB"], ["more than the --memory-limit of 256.0 MiB"], ["--memory-limit none"]]),
        OptionCase("generate -o into a missing folder", generate + ["--shape", "chain", "-o", "{missing}"],
                   mentions: [["{missing}"], ["does not exist"]]),
        OptionCase("import -o into a missing folder", ["corpus", "import", "{input}", "-o", "{missing}"],
                   mentions: [["{missing}"], ["does not exist"]]),
        OptionCase("import -o naming a folder", ["corpus", "import", "{input}", "-o", "{folder}"],
                   mentions: [["{folder}"]]),
        OptionCase("import of a missing file", ["corpus", "import", "{missing}", "-o", "{out}"],
                   mentions: [["{missing}"], ["no such file"]]),
        OptionCase("validate a missing file", ["corpus", "validate", "{missing}"], mentions: [["{missing}"], ["no such file"]]),
        OptionCase("unknown corpus name, rows", ["rows", "--corpus", "no-such-corpus"],
                   mentions: [["no-such-corpus"]] + builtInNames.map { [$0] }),
        OptionCase("unknown corpus name, stats", ["corpus", "stats", "no-such-corpus"],
                   mentions: [["no-such-corpus"]] + builtInNames.map { [$0] }),
    ]

    @Test(arguments: optionCases)
    func badOptionIsRejected(_ example: OptionCase) async throws {
        try await TemporaryFolder.with("corpus-option-error") { root in
            let outputFolder = try root.subfolder("output")
            let existing = try outputFolder.subfolder("existing")
            let input = try root.write("{\"id\": 1}\n{\"id\": 2, \"parent\": 1}\n", to: "good.jsonl")
            let places = [
                "{out}": outputFolder.path("out.trows"), "{missing}": root.path("missing/out.trows"),
                "{folder}": existing.url.path, "{input}": input,
            ]
            func substituted(_ text: String) -> String {
                places.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
            }
            let result = try await TreeRowsExecutable.run(example.arguments.map(substituted), in: root.url)
            Self.expectFailure(result, mentioning: example.mentions.map { $0.map(substituted) })
            #expect(try outputFolder.entries() == ["existing"], "left in the output folder\n\(result)")
            #expect(try existing.entries() == [], "left in \(existing.url.path)\n\(result)")
            #expect(try root.entries() == ["good.jsonl", "output"], "left beside the missing folder\n\(result)")
        }
    }
}
