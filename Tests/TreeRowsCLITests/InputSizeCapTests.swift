import Foundation
import Testing

/// Every input reader is bounded: an endless stream (`/dev/zero`, `/dev/urandom`) or a file
/// past its documented cap is refused with exit 2 and a message naming the file, never read
/// until memory runs out.
@Suite struct InputSizeCapTests {
    /// Each reader on each endless stream, under a 1 GB heap limit (`ulimit -d`), far below
    /// what reading the stream to its (missing) end would take.
    static let endless: [[String]] = ["/dev/zero", "/dev/urandom"].flatMap { stream in
        [["corpus", "validate", stream], ["corpus", "stats", stream], ["rows", "--corpus", stream],
         ["check", "--corpus", stream, "--ops", "10"], ["corpus", "import", stream, "-o", "out.trows"], ["replay", stream]]
    }

    @Test(arguments: endless)
    func endlessStreamsAreRefused(_ arguments: [String]) async throws {
        let folder = try TemporaryFolder("endless")
        defer { folder.remove() }
        let executable = try TreeRowsExecutable.location.get().path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = "cd '\(folder.url.path)' && ulimit -d 1000000 && '\(executable)' \(quoted) >stdout 2>stderr; echo $? >status"
        _ = try await SystemCommand.output(of: ["bash", "-c", script])
        let status = try String(contentsOfFile: folder.path("status"), encoding: .utf8)
        let error = try String(contentsOfFile: folder.path("stderr"), encoding: .utf8)
        #expect(status == "2\n", "\(arguments): exit \(status)\(error.prefix(2_000))")
        #expect(error.hasPrefix("treerows: error: \(arguments.first { $0.hasPrefix("/dev/") }!): ") && error.contains("Fix: "), "\(error.prefix(2_000))")
        #expect(try folder.entries() == ["status", "stderr", "stdout"])
    }

    /// An endless stream that starts as JSON would (a brace, then random bytes: what
    /// /dev/urandom gives now and then) is refused from its first bytes, not read to the
    /// cap under a heap limit that the cap does not fit.
    @Test(arguments: [["replay", "/dev/stdin"], ["compare", "/dev/stdin", "/dev/stdin"], ["corpus", "validate", "/dev/stdin"],
                      ["rows", "--corpus", "/dev/stdin"]])
    func anEndlessStreamThatStartsLikeJSONIsRefused(_ arguments: [String]) async throws {
        let folder = try TemporaryFolder("brace-stream")
        defer { folder.remove() }
        let executable = try TreeRowsExecutable.location.get().path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script = "cd '\(folder.url.path)' && ulimit -d 1000000 && " + #"{ printf '{"a\001'; cat /dev/urandom; } 2>/dev/null"#
            + " | '\(executable)' \(quoted) >stdout 2>stderr; echo ${PIPESTATUS[1]} >status"
        _ = try await SystemCommand.output(of: ["bash", "-c", script])
        let status = try String(contentsOfFile: folder.path("status"), encoding: .utf8)
        let error = try String(contentsOfFile: folder.path("stderr"), encoding: .utf8)
        #expect(status == "2\n", "\(arguments): exit \(status)\(error.prefix(2_000))")
        #expect(error.hasPrefix("treerows: error: /dev/stdin") && error.contains("Fix: ") && !error.contains("goes on past"), "\(error.prefix(2_000))")
    }

    /// A regular file past its cap is refused from its size, before a byte is read (the
    /// files are sparse: they take no disk space).
    @Test func filesPastTheCapAreRefusedFromTheirSize() async throws {
        let folder = try TemporaryFolder("oversized")
        defer { folder.remove() }
        for (name, size) in [("huge.jsonl", Int64(4 << 30) + 1), ("huge.json", Int64(1 << 30) + 1)] {
            let path = try folder.write("{", to: name)
            try FileHandle(forWritingAtPath: path)!.truncate(atOffset: UInt64(size))
        }
        let cases: [(arguments: [String], cap: String)] = [
            (["corpus", "validate", "huge.jsonl"], "4 GiB"), (["rows", "--corpus", "huge.jsonl"], "4 GiB"),
            (["replay", "huge.json"], "1 GiB"), (["report", "huge.json"], "1 GiB"), (["compare", "huge.json", "huge.json"], "1 GiB"),
        ]
        for (arguments, cap) in cases {
            let result = try await TreeRowsExecutable.run(arguments, in: folder.url)
            #expect(result.exitCode == 2 && result.standardError.contains("more than the \(cap) an input may have"), "\(result)")
        }
    }
}
