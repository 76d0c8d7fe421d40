import Foundation
import TreeRows
import TreeRowsCorpora

/// What made a benchmark's results: the TreeRows version, the commit of the TreeRows source
/// the tool was built from, and the tool itself (`treerows`, or a user's own such as
/// `my-treerows`). Recorded among a report's machine facts (`treerowsVersion`,
/// `treerowsCommit`, `tool`), which `report` and `compare` show.
///
/// The commit is read from the package folder that holds this file's source (`#filePath`),
/// when that folder is a Git checkout: this repository's clone, or the checkout SwiftPM made
/// of it for a dependent. It is read when the tool runs, so a tool built at one commit and
/// run after the checkout moved to another reports the other; uncommitted changes are not
/// noted. A package folder that is no Git checkout (a release archive), or whose `HEAD`
/// cannot be read as plain files (a reftable repository), has none, and the facts say so.
package enum BuildIdentity {
    /// The commit of the TreeRows source (40 or, in a SHA-256 repository, 64 hexadecimal
    /// digits), or `nil` when its package folder is no Git checkout that can be read.
    ///
    /// - Complexity: O(*r*) for *r* packed refs, once.
    package static let commit: String? = {
        // Up from Sources/TreeRowsHarness/Benchmarking/Results to the package folder (the one holding Package.swift),
        // and no further: a copy of the package inside another repository is not that repository's commit.
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                let git = folder.appendingPathComponent(".git")
                return FileManager.default.fileExists(atPath: git.path) ? commit(ofGit: git) : nil
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// The commit `HEAD` names in the Git folder `git` (a folder, or a worktree's `gitdir:`
    /// file): a detached hash, or the branch's from its ref file or `packed-refs`.
    ///
    /// - Complexity: O(*r*) for *r* packed refs.
    package static func commit(ofGit git: URL) -> String? {
        var directory = git
        if let link = try? String(contentsOf: git, encoding: .utf8), link.hasPrefix("gitdir:") {
            let path = link.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            directory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : git.deletingLastPathComponent().appendingPathComponent(path)
        }
        func read(_ name: String, in folder: URL) -> String? {
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let head = read("HEAD", in: directory) else { return nil }
        guard head.hasPrefix("ref: ") else { return isHash(head) ? head : nil }
        let ref = String(head.dropFirst("ref: ".count))
        // A worktree keeps its refs in the common folder.
        let common = read("commondir", in: directory).map { directory.appendingPathComponent($0) } ?? directory
        for folder in [directory, common] {
            if let hash = read(ref, in: folder), isHash(hash) { return hash }
            if let packed = read("packed-refs", in: folder) {
                for line in packed.split(separator: "\n") where line.hasSuffix(" " + ref) {
                    let hash = String(line.prefix { $0 != " " })
                    if isHash(hash) { return hash }
                }
            }
        }
        return nil
    }

    /// Whether `text` is a full commit hash: SHA-1 (40 digits) or SHA-256 (64).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func isHash(_ text: String) -> Bool {
        [40, 64].contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// The facts a report records: the version, the commit (`unknown` without one), and the
    /// tool's name, the last part of `executable`.
    ///
    /// - Complexity: O(1) after the first read of ``commit``.
    package static func facts(executable: String) -> [(key: String, value: JSONValue)] {
        let tool = executable.split(separator: "/").last.map(String.init) ?? executable
        return [("treerowsVersion", .string(TreeRowsVersion.current)), ("treerowsCommit", .string(commit ?? "unknown")), ("tool", .string(tool))]
    }

    /// `TreeRows 0.1.0, commit 4e78ffc0a1b2 (tool my-treerows)`; for results from a bench
    /// before these were recorded, that they were not.
    ///
    /// - Complexity: O(1).
    package static func describe(version: String?, commit: String?, tool: String?) -> String {
        guard let version else { return "TreeRows version and commit not recorded (results from an older bench)" }
        let commit = commit.map { $0 == "unknown" ? "commit unknown (no Git commit could be read in its package folder)" : "commit " + $0.prefix(12) }
        return "TreeRows \(version)" + (commit.map { ", " + $0 } ?? "") + (tool.map { " (tool \($0))" } ?? "")
    }
}

extension BenchmarkReport {
    /// What made these results (``BuildIdentity/describe(version:commit:tool:)``), and when
    /// they were run: `TreeRows 0.1.0, commit 4e78ffc0a1b2 (tool treerows), run 2026-11-29 12:00:00 UTC`.
    ///
    /// - Complexity: O(*m*) for *m* machine facts.
    package var builtWith: String {
        func fact(_ key: String) -> String? { machine.first { $0.key == key }.map { ReportDocument.plain($0.value) } }
        return BuildIdentity.describe(version: fact("treerowsVersion"), commit: fact("treerowsCommit"), tool: fact("tool"))
            + (fact("date").map { ", run " + ReportDocument.dateText($0) } ?? "")
    }
}
