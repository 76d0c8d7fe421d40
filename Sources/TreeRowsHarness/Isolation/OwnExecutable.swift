import Foundation

/// This process's own executable, to start again (``BacktraceSettings``) or to run as a
/// child (`treerows gate`'s head).
package enum OwnExecutable {
    /// `/proc/self/exe` on Linux (the running binary, even if its file was since replaced),
    /// the bundle's executable elsewhere; `nil` when it cannot be known.
    package static var path: String? {
        #if os(Linux)
        return "/proc/self/exe"
        #else
        return Bundle.main.executablePath
        #endif
    }

    /// ``path`` with its links resolved: the file another program (valgrind) can be told to
    /// run, where `/proc/self/exe` would name that program itself.
    package static var resolvedPath: String? {
        guard let path, let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
