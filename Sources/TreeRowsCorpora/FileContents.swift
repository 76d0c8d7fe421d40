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
///
/// Every input has a size cap, so an endless stream (`/dev/zero`, `/dev/urandom`, `yes`)
/// or a huge file is refused with a message naming the file and the cap instead of growing
/// memory until the process dies: ``corpusLimit`` for corpus files, ``documentLimit`` for
/// the JSON documents the tool reads (results, repro files, synthetic specs). A regular
/// file past its cap is refused before any of it is read.
package enum FileContents {
    /// The largest corpus file read: 4 GiB (a 10,000,000-node `.trows` file is 38 MB, and
    /// JSON Lines of 30,000,000 nodes with times and scores is about 2 GB).
    package static let corpusLimit = 4 << 30

    /// The largest JSON document read (bench results, repro files, synthetic specs): 1 GiB.
    package static let documentLimit = 1 << 30

    /// Every byte of `path`, at most `limit` of them.
    ///
    /// - Parameters:
    ///   - path: The file; a FIFO or a character device is read until it ends.
    ///   - fix: What to do about a file that is missing or unreadable, for the caller's
    ///     kind of file.
    ///   - limit: The cap: a file of more bytes is refused.
    ///   - recognizing: Called once with the first `prefixLength` bytes (or the whole
    ///     file, if shorter) before the rest is read, to refuse what is plainly not the
    ///     expected kind of file (zero bytes, random data) at once.
    ///   - prefixLength: How many bytes `recognizing` is given.
    /// - Throws: ``CorpusError`` naming the file and the system's reason (no such file, a
    ///   folder, permission denied, an I/O error), the cap, or what `recognizing` throws.
    /// - Complexity: O(*b*) for *b* bytes; memory O(*b*) (never more than `limit` and
    ///   half again).
    package static func read(_ path: String, fix: String, limit: Int = documentLimit,
                             recognizing: ((ArraySlice<UInt8>) throws(CorpusError) -> Void)? = nil,
                             prefixLength: Int = 64) throws(CorpusError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, errno, fix: fix) }
        defer { close(descriptor) }
        var status = stat()
        let known = fstat(descriptor, &status) == 0
        if known && (status.st_mode & S_IFMT) == S_IFDIR {
            throw CorpusError(file: path, problem: "is a folder, not a file", fix: fix)
        }
        let regularSize = known && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
        if let regularSize, regularSize > limit { throw tooLarge(path, limit: limit, size: regularSize) }
        var bytes: [UInt8] = []
        if let regularSize, regularSize > 0 { bytes.reserveCapacity(regularSize) }
        var recognized = recognizing == nil
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno, fix: fix)
            }
            if !recognized && (count == 0 || bytes.count + count >= prefixLength) {
                recognized = true
                try recognizing?((bytes + chunk[0..<count]).prefix(prefixLength))
            }
            if count == 0 { return bytes }
            guard bytes.count <= limit - count else { throw tooLarge(path, limit: limit, size: nil) }
            // Grow by half rather than double, and never past the cap.
            if bytes.count + count > bytes.capacity { bytes.reserveCapacity(min(limit, max(bytes.count + count, bytes.count + bytes.count / 2))) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The cap, in a message with a fix.
    static func tooLarge(_ path: String, limit: Int, size: Int?) -> CorpusError {
        let found = size.map { "is \(byteCount($0)), more than" } ?? "goes on past"
        return CorpusError(file: path, problem: "\(found) the \(byteCount(limit)) an input may have (an endless stream such as"
                           + " /dev/zero, or the wrong file?)", fix: "pass the file you meant (the caps are in docs/CommandLine.md)")
    }

    /// `4 GiB`, `1.5 MiB`, `900 bytes`.
    static func byteCount(_ bytes: Int) -> String {
        for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            let whole = bytes >> shift, tenths = ((bytes - (whole << shift)) * 10) >> shift
            return tenths == 0 ? "\(whole) \(unit)" : "\(whole).\(tenths) \(unit)"
        }
        return "\(bytes) bytes"
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
