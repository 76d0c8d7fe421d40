import Foundation

/// A fresh folder under the system's temporary directory for one test's files.
struct TemporaryFolder: Sendable {
    /// The folder.
    let url: URL

    /// Creates `treerows-LABEL-UUID` in the temporary directory.
    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("treerows-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The full path of `name` inside the folder (which need not exist).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its full path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes `text` as UTF-8 to `name` and returns its full path.
    @discardableResult
    func write(_ text: String, to name: String) throws -> String { try write(Array(text.utf8), to: name) }

    /// Creates the subfolder `name` and returns it.
    func subfolder(_ name: String) throws -> TemporaryFolder {
        let folder = TemporaryFolder(existing: url.appendingPathComponent(name))
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        return folder
    }

    private init(existing url: URL) { self.url = url }

    /// The names in the folder, hidden ones included, sorted.
    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    /// Deletes the folder and everything in it.
    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Runs `body` with a fresh folder and deletes the folder afterwards.
    static func with<Result>(_ label: String, _ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
        let folder = try TemporaryFolder(label)
        defer { folder.remove() }
        return try await body(folder)
    }
}
