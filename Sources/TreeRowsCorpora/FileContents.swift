#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The bytes of an input file, read to its end with plain reads, so a pipe, a FIFO or a
/// process substitution (`<(zcat thread.jsonl.gz)`) is read like a regular file; a failure
/// says what the system said.
package enum FileContents {
    /// Every byte of `path`.
    ///
    /// - Parameters:
    ///   - path: The file; a FIFO or a character device is read until it ends.
    ///   - fix: What to do about a file that is missing or unreadable, for the caller's
    ///     kind of file.
    /// - Throws: ``CorpusError`` naming the file and the system's reason: no such file, a
    ///   folder, permission denied, an I/O error.
    /// - Complexity: O(*b*) for *b* bytes.
    package static func read(_ path: String, fix: String) throws(CorpusError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno, fix: fix) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
            throw CorpusError(file: path, problem: "is a folder, not a file", fix: fix)
        }
        var bytes: [UInt8] = []
        if (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 0 { bytes.reserveCapacity(Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno, fix: fix)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The system's reason, in a message with a fix.
    static func failure(_ path: String, _ error: Int32, fix: String) -> CorpusError {
        let reason = String(cString: strerror(error))
        switch error {
        case ENOENT: return CorpusError(file: path, problem: "no such file", fix: "check the path")
        case EACCES, EPERM: return CorpusError(file: path, problem: "cannot be read (\(reason))", fix: "check its permissions (ls -l)")
        default: return CorpusError(file: path, problem: "cannot be read (\(reason))", fix: fix)
        }
    }
}

/// read(2), under a name that the reader's own `read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
