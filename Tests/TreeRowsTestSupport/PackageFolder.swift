import Foundation

/// Where the tests find the package's own files.
public enum PackageFolder {
    /// The package root, from this file's path.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
