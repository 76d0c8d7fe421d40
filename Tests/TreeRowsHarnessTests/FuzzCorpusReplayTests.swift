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

    @Test func theImporterCorporaReadOrAreRefusedCleanly() throws {
        let inputs = try Self.inputs(["Corpus/importer", "Regressions/importer"])
        #expect(inputs.count >= 10)
        var read = 0
        for (name, bytes) in inputs {
            // What loads is a consistent tree; what does not is a CorpusError (typed throws: nothing else can come).
            if let corpus = try? CorpusReader.parse(bytes, file: name) {
                #expect(throws: Never.self, "\(name)") { try corpus.tree.checkInvariants() }
                read += 1
            }
            _ = try? JSONLinesReader.parse(bytes, file: name)
            _ = try? CSVReader.parse(bytes, file: name)
            _ = try? TreeFile.decode(bytes, file: name)
        }
        // The seeds are good files of every layout: each reads.
        #expect(read == inputs.count)
    }
}
