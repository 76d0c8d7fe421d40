import Foundation

/// A new folder under the system's temporary folder, removed with everything in it when
/// this object goes: where isolated children leave their logs and results.
package final class ScratchFolder {
    /// The folder's path.
    package let path: String

    /// Why the folder could not be made.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Creates the folder.
    ///
    /// - Throws: ``Failure`` when the temporary folder cannot be written.
    package init() throws(Failure) {
        var template = Array((NSTemporaryDirectory() + "/treerows-isolated-XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot create a folder in \(NSTemporaryDirectory()): \(String(cString: strerror(errno))). "
                + "Fix: set TMPDIR to a writable folder")
        }
        path = String(cString: created)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
