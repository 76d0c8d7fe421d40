import Foundation
import Testing
import TreeRows
import TreeRowsCorpora
import TreeRowsHarness
import TreeRowsTestSupport

/// The libFuzzer targets' seed corpora and regression corpora (Tests/Fuzzing/Regressions),
/// replayed by plain `swift test` with the targets' own checks: a bug a fuzzer once found
/// fails here if it comes back.
@Suite struct FuzzCorpusReplayTests {
    /// Every file of `folders` under Tests/Fuzzing, with its name.
    static func inputs(_ folders: [String]) throws -> [(name: String, bytes: [UInt8])] {
        var found: [(String, [UInt8])] = []
        for folder in folders {
            let path = "\(PackageFolder.root)/Tests/Fuzzing/\(folder)"
            for name in try FileManager.default.contentsOfDirectory(atPath: path).sorted() where !name.hasPrefix(".") && name != "README.md" {
                found.append(("\(folder)/\(name)", [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(path)/\(name)")))))
            }
        }
        return found
    }

    @Test func theDifferentialCorporaAgreeWithTheReference() throws {
        let inputs = try Self.inputs(["Corpus/differential", "Regressions/differential"])
        #expect(inputs.count >= 8)
        for (name, bytes) in inputs {
            let fuzzCase = bytes.withUnsafeBufferPointer { FuzzCase(bytes: $0) }
            let disagreement = DifferentialRun.firstDisagreement(fuzzCase, strategies: BuiltinStrategies.all)
            #expect(disagreement == nil, "\(name): \(disagreement.map { "\($0.strategy): \($0.problem)" } ?? "")")
        }
    }

    /// What a differential input decodes to, in one line: its node count, a checksum of the
    /// whole case as a repro file writes it (every node's parent, flag and fields, every
    /// operation's parameters) and its operations to read.
    static func meaning(of bytes: [UInt8]) -> String {
        let fuzzCase = FuzzCase(bytes: bytes)
        let json = ReproFile(fuzzCase: fuzzCase, strategy: "all", seed: nil, caseNumber: nil, disagreement: nil).json
        let checksum = Checksum.crc32(ArraySlice(json.utf8))
        let operations = fuzzCase.operations.map(\.description).joined(separator: "; ")
        return "\(fuzzCase.nodes.count) nodes, case \(String(checksum, radix: 16))" + (operations.isEmpty ? "" : "; " + operations)
    }

    /// Each committed differential input still decodes to the case it was committed for, as
    /// `Tests/Fuzzing/corpus-meaning.txt` records: a change of the byte encoding (a new
    /// operation kind taking a slot, a parameter read otherwise) would make a regression
    /// input test something else while still passing.
    @Test func theDifferentialCorporaKeepTheirMeaning() throws {
        let file = "\(PackageFolder.root)/Tests/Fuzzing/corpus-meaning.txt"
        var recorded: [String: String] = [:]
        for line in try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            guard let separator = line.range(of: ": ") else {
                Issue.record("corpus-meaning.txt: \"\(line)\" is not \"NAME: MEANING\". Fix: write the line the test printed")
                continue
            }
            recorded[String(line[..<separator.lowerBound])] = String(line[separator.upperBound...])
        }
        let inputs = try Self.inputs(["Corpus/differential", "Regressions/differential"])
        for (name, bytes) in inputs {
            let meaning = Self.meaning(of: bytes)
            guard let was = recorded.removeValue(forKey: name) else {
                Issue.record("\(name) has no meaning recorded. Fix: add this line to Tests/Fuzzing/corpus-meaning.txt:\n\(name): \(meaning)")
                continue
            }
            #expect(meaning == was, """
                \(name) now decodes to another case: a change of FuzzCase(bytes:) changed what a committed input tests. \
                Fix: keep the encoding (a new operation kind shares a slot through its parameter: FuzzCase.operationSlots), \
                or, for a seed (not a regression), record its new line:\n\(name): \(meaning)\nIt was:\n\(name): \(was)
                """)
        }
        #expect(recorded.isEmpty, "corpus-meaning.txt names inputs that are gone: \(recorded.keys.sorted()). Fix: remove their lines")
    }

    @Test func theImporterCorporaReadOrAreRefusedCleanly() throws {
        let seeds = try Self.inputs(["Corpus/importer"])
        let inputs = try seeds + Self.inputs(["Regressions/importer"])
        #expect(seeds.count >= 10)
        var read = 0
        for (name, bytes) in inputs {
            // What loads is a consistent tree; what does not is a CorpusError (typed throws: nothing else can come).
            if let corpus = try? CorpusReader.parse(bytes, file: name) {
                #expect(throws: Never.self, "\(name)") { try corpus.tree.checkInvariants() }
                if seeds.contains(where: { $0.0 == name }) { read += 1 }
            }
            _ = try? JSONLinesReader.parse(bytes, file: name)
            _ = try? CSVReader.parse(bytes, file: name)
            _ = try? TreeFile.decode(bytes, file: name)
        }
        // The seeds are good files of every layout: each reads. A regression input may be refused.
        #expect(read == seeds.count)
    }
}
