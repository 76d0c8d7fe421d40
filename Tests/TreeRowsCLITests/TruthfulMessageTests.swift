import Foundation
import Testing

/// A message names the cause the tool found, not a guess: gzip padding that gzip itself
/// accepts is accepted, a trailing slash is a folder, a pipe is read like a file, a write
/// fails for the reason the system gave, a results file says which field is wrong.
@Suite struct TruthfulMessageTests {
    static let tree = (1...30).map { #"{"id": \#($0), "parent": \#($0 == 1 ? "null" : String($0 / 2))}"# }.joined(separator: "\n") + "\n"

    /// Zero padding after the last member (as tapes and some archivers leave) is read like
    /// gzip reads it; other trailing bytes are named as such, not as a corrupt stream.
    @Test(arguments: [(0, true), (1, true), (512, true), (-1, false), (-7, false)] as [(Int, Bool)])
    func gzipTrailingBytesAreToldApart(_ padding: Int, _ accepted: Bool) async throws {
        let folder = try TemporaryFolder("gzip-padding")
        defer { folder.remove() }
        let plain = try folder.write(Self.tree, to: "tree.jsonl")
        var bytes = try await SystemCommand.output(of: ["gzip", "-c", plain])
        bytes += padding >= 0 ? [UInt8](repeating: 0, count: padding) : [0, 0] + [UInt8](repeating: 0x41, count: -padding)
        let file = try folder.write(bytes, to: "tree.jsonl.gz")
        let result = try await TreeRowsExecutable.run(["corpus", "stats", file])
        if accepted {
            #expect(result.exitCode == 0 && result.standardOutput.contains("30"), "\(result)")
        } else {
            #expect(result.exitCode == 2 && result.standardError.contains("bytes after the last gzip member")
                && !result.standardError.contains("corrupt"), "\(result)")
        }
    }

    /// An output path that ends in a slash names a folder: said so, whatever the command.
    @Test(arguments: [["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o"],
                      ["corpus", "import", "tree.jsonl", "-o"], ["report", "results.json", "-o"], ["bench", "--json"]])
    func anOutputEndingInASlashIsAFolder(_ command: [String]) async throws {
        let folder = try TemporaryFolder("slash-output")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        let result = try await TreeRowsExecutable.run(command + ["missing/"], in: folder.url)
        #expect(result.exitCode == 2 && result.standardError.contains("ends in /") && !result.standardError.contains("disk"), "\(result)")
        #expect(try folder.entries().filter { $0.hasPrefix(".") }.isEmpty, "a temporary was left")
    }

    /// Inputs read through a pipe, as a shell's process substitution passes them: a corpus,
    /// a results file, a repro.
    @Test(arguments: [["corpus", "stats", "<(cat tree.jsonl)"], ["rows", "--corpus", "<(cat tree.jsonl)"],
                      ["report", "<(cat results.json)"], ["replay", "<(cat repro.json)"]])
    func aPipeIsReadLikeAFile(_ command: [String]) async throws {
        let folder = try TemporaryFolder("pipe-input")
        defer { folder.remove() }
        try folder.write(Self.tree, to: "tree.jsonl")
        try folder.write(BenchCommandTests.report(allocations: 10), to: "results.json")
        try folder.write(NothingVacuousTests.repro.replacingOccurrences(of: "STRATEGY", with: "all"), to: "repro.json")
        let executable = try TreeRowsExecutable.location.get().path
        let script = "cd '\(folder.url.path)' && '\(executable)' " + command.joined(separator: " ") + " >stdout 2>stderr; echo $? >status"
        _ = try await SystemCommand.output(of: ["bash", "-c", script])
        let status = try String(contentsOf: folder.url.appendingPathComponent("status"), encoding: .utf8)
        let errors = try String(contentsOf: folder.url.appendingPathComponent("stderr"), encoding: .utf8)
        #expect(status == "0\n", "\(command): exit \(status), \(errors)")
    }

    /// A write that fails says what the system said and a fix for that cause.
    @Test func aFullDiskIsCalledFull() async throws {
        let result = try await TreeRowsExecutable.run(["corpus", "generate", "--shape", "reddit", "--nodes", "50", "--seed", "1", "-o", "/dev/full"])
        #expect(result.exitCode == 2 && result.standardError.contains("No space left on device")
            && result.standardError.contains("free space"), "\(result)")
    }

    /// Each required field of a results entry, missing or of another type, is named.
    @Test(arguments: [("strategy", "a string"), ("corpus", "a string"), ("operation", "a string"), ("medianNs", "a number"),
                      ("correct", "true or false")])
    func aResultsFileSaysWhichFieldIsWrong(_ field: String, _ wanted: String) async throws {
        let folder = try TemporaryFolder("results-field")
        defer { folder.remove() }
        let report = BenchCommandTests.report(allocations: 10)
        for (variant, found) in [("\"\(field)x\"", "missing"), ("\"\(field)\": [], \"\(field)y\"", "an array")] {
            let file = try folder.write(report.replacingOccurrences(of: "\"\(field)\"", with: variant), to: "results.json")
            let result = try await TreeRowsExecutable.run(["report", file])
            #expect(result.exitCode == 2 && result.standardError.contains("results[0]: \"\(field)\" must be \(wanted), but it is \(found)"),
                    "\(result)")
        }
    }
}
