import Foundation

/// Writes files so that a reader never sees half of one: the bytes go to a temporary
/// file in the same folder, which is then renamed over the destination.
package enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any existing file.
    ///
    /// - Throws: ``CorpusError`` naming the path when the folder is missing or not
    ///   writable; no temporary file is left behind.
    package static func write(_ bytes: [UInt8], to path: String) throws(CorpusError) {
        let destination = URL(fileURLWithPath: path)
        let folder = destination.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CorpusError(file: path, problem: "the folder \(folder.path) does not exist", fix: "create it or choose another output path")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CorpusError(file: path, problem: "is a folder", fix: "name a file inside it as the output")
        }
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            // rename(2) replaces the destination atomically.
            guard rename(temporary.path, destination.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CorpusError(file: path, problem: "cannot write the file (\(error.localizedDescription))",
                              fix: "check that the folder is writable and the disk is not full")
        }
    }
}
