/// The folder and the last component of a path, by plain string rules that hold for any
/// name the filesystem accepts (Foundation's `deletingLastPathComponent` traps on some
/// one-character names on Linux).
///
/// Trailing slashes are ignored (`a/b/` is `b` in `a`); the root stays the root.
package enum PathName {
    /// The folder part of `path`: `""` for a bare name (the working folder), `"/"` for a
    /// name in the root, otherwise everything before the last slash, without trailing
    /// slashes.
    ///
    /// - Complexity: O(*c*) for *c* characters.
    package static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path` (`"/"` for the root, `""` for an empty path).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    package static func lastComponent(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let last = String(trimmed[trimmed.index(after: slash)...])
        return last.isEmpty ? "/" : last
    }

    /// `path` without its trailing slashes, but a path of slashes alone is `"/"`.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
