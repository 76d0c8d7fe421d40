import Foundation
import Testing
import TreeRowsTestSupport

/// A corpus reader keeps what it reads, not what it skips: a node line or a CSV row with a
/// huge ignored member or column, plain or gzip, is read within a heap limit (`ulimit -d`)
/// a few times the file's size, where building the ignored data would take twenty times.
@Suite struct ReaderMemoryTests {
    /// About 10 MB of ignored data in one node (or as many ignored columns), in each layout.
    static func files(in folder: TemporaryFolder) async throws -> [String] {
        let numbers = Array(repeating: "1", count: 5_000_000).joined(separator: ",")
        let nested = "[" + Array(repeating: #"{"a":[1,2.5e3,"x\u00e9",true,null]}"#, count: 250_000).joined(separator: ",") + "]"
        let jsonLines = try folder.write(#"{"id": 1, "parent": null, "ignored": [\#(numbers)]}"# + "\n" + #"{"id": 2, "parent": 1}"# + "\n",
                                         to: "numbers.jsonl")
        let objects = try folder.write(#"{"id": 1, "parent": null, "ignored": \#(nested)}"# + "\n" + #"{"id": 2, "parent": 1}"# + "\n",
                                       to: "objects.jsonl")
        let csv = try folder.write("node,parent," + Array(repeating: "x", count: 5_000_000).joined(separator: ",") + "\n0,-1," + numbers + "\n",
                                   to: "wide.csv")
        let gzip = try folder.write(try await SystemCommand.output(of: ["gzip", "-c", jsonLines]), to: "numbers.jsonl.gz")
        return [jsonLines, objects, csv, gzip]
    }

    @Test(.linuxOnly("ulimit -d limits the heap on Linux; macOS does not enforce it, so the test would check nothing"))
    func ignoredDataCostsNoMemoryPerValue() async throws {
        let folder = try TemporaryFolder("reader-memory")
        defer { folder.remove() }
        let executable = try TreeRowsExecutable.location.get().path
        for file in try await Self.files(in: folder) {
            // 100 MB of heap: the tool's own start-up, the file's bytes (inflated for gzip) and slack.
            let script = "ulimit -d 100000 && '\(executable)' corpus stats '\(file)' >'\(file).out' 2>&1; echo $? >'\(file).status'"
            _ = try await SystemCommand.output(of: ["bash", "-c", script])
            let status = try String(contentsOfFile: file + ".status", encoding: .utf8)
            let output = try String(contentsOfFile: file + ".out", encoding: .utf8)
            #expect(status == "0\n" && output.contains("nodes"), "\(file): exit \(status)\(output.prefix(2_000))")
        }
    }
}
