import Foundation
import Testing
import TreeRowsHarness

/// The commit a benchmark records, read from a Git folder's plain files: a branch's ref file,
/// `packed-refs`, a detached `HEAD`, a worktree's `gitdir:` file, SHA-256 hashes; and nothing
/// (never a wrong commit) from what cannot be read.
@Suite struct BuildIdentityTests {
    static let sha1 = "4e78ffc69239252f73dccc506245574dbc046380"
    static let sha256 = String(repeating: "0123456789abcdef", count: 4)

    /// A Git folder of `files` (path: text) in a new temporary folder; its URL.
    static func git(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("git-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func aBranchReadsFromItsRefFileOrFromPackedRefs() throws {
        let loose = try Self.git(["HEAD": "ref: refs/heads/main\n", "refs/heads/main": Self.sha1 + "\n"])
        defer { try? FileManager.default.removeItem(at: loose) }
        #expect(BuildIdentity.commit(ofGit: loose) == Self.sha1)
        let packed = try Self.git(["HEAD": "ref: refs/heads/topic\n",
                                   "packed-refs": "# pack-refs with: peeled fully-peeled sorted\n\(Self.sha256) refs/heads/main\n\(Self.sha1) refs/heads/topic\n"])
        defer { try? FileManager.default.removeItem(at: packed) }
        #expect(BuildIdentity.commit(ofGit: packed) == Self.sha1)
    }

    @Test func aDetachedHeadAWorktreeAndSHA256() throws {
        let detached = try Self.git(["HEAD": Self.sha256 + "\n"])
        defer { try? FileManager.default.removeItem(at: detached) }
        #expect(BuildIdentity.commit(ofGit: detached) == Self.sha256)
        // A worktree: `.git` is a file naming its folder, whose refs live in the common folder.
        let main = try Self.git(["repo/.git/refs/heads/feature": Self.sha1, "repo/.git/worktrees/w/HEAD": "ref: refs/heads/feature",
                                 "repo/.git/worktrees/w/commondir": "../..", "w/.git": "gitdir: ../repo/.git/worktrees/w\n"])
        defer { try? FileManager.default.removeItem(at: main) }
        #expect(BuildIdentity.commit(ofGit: main.appendingPathComponent("w/.git")) == Self.sha1)
    }

    @Test func whatCannotBeReadIsNoCommit() throws {
        for files in [["HEAD": "ref: refs/heads/main\n"], ["HEAD": "not a hash"], ["HEAD": "ref: refs/heads/main", "refs/heads/main": "12345"], [:]] {
            let git = try Self.git(files)
            defer { try? FileManager.default.removeItem(at: git) }
            #expect(BuildIdentity.commit(ofGit: git) == nil, "\(files)")
        }
        #expect(BuildIdentity.describe(version: nil, commit: nil, tool: nil).contains("not recorded"))
        #expect(BuildIdentity.describe(version: "0.1.0", commit: Self.sha1, tool: "my-treerows") == "TreeRows 0.1.0, commit 4e78ffc69239 (tool my-treerows)")
    }
}
