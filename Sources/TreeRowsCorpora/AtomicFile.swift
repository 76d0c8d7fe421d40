#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The one writer of every output file: a reader never sees half of one, nothing that is
/// not a regular file is replaced, and an interrupted write leaves the old file and no
/// temporary behind.
///
/// What is at the output path decides what happens:
/// - nothing: a new file, with the mode `0666` less the umask;
/// - a regular file: replaced atomically, keeping its mode: the bytes go to a temporary
///   file with an unpredictable name in the same folder, created with `O_EXCL|O_NOFOLLOW`,
///   synced, and renamed over it; a file with no write permission is refused;
/// - a character device or a FIFO (`/dev/null`, a pipe to another program): written in
///   place, never replaced;
/// - a symbolic link: followed to the file it finally names, which these rules then
///   govern; the link stays a link. A link to nothing is refused;
/// - a folder, a socket, a block device: refused.
///
/// Output onto a file that is also an input of the command (the same device and inode) is
/// refused. A signal that ends the process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE) removes the
/// temporary file first.
package enum AtomicFile {
    /// Where the bytes go, decided by ``check(_:inputs:)``.
    package enum Destination: Equatable {
        /// A regular file (or none yet) at this resolved path, replaced through a temporary.
        case replace(path: String, mode: mode_t)
        /// A device or a FIFO, written in place.
        case inPlace(path: String)
    }

    /// Checks that `path` can take the output, before any work: the folder exists, the
    /// target is a kind that may be written, and it is none of `inputs`.
    ///
    /// - Throws: ``CorpusError`` naming the path, the problem and the fix.
    /// - Complexity: O(*i*) system calls for *i* inputs, plus the links followed.
    package static func check(_ path: String, inputs: [String] = []) throws(CorpusError) -> Destination {
        guard !path.isEmpty else { throw CorpusError(file: "(empty path)", problem: "the output path is empty", fix: "name an output file") }
        var resolved = path
        var status = stat()
        if lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK {
            if let real = realpath(path, nil) {
                resolved = String(cString: real)
                free(real)
            } else if errno == ELOOP {
                throw CorpusError(file: path, problem: "is a loop of symbolic links", fix: "mend the links, or name another output path")
            } else if stat(path, &status) != 0 {
                throw CorpusError(file: path, problem: "is a symbolic link to a file that does not exist",
                                  fix: "remove the link or name another output path")
            }
            // Otherwise a link the system follows but no path names (`/dev/stdout` to a
            // pipe): the path itself is written.
        }
        let exists = stat(resolved, &status) == 0
        if exists {
            for input in inputs {
                var other = stat()
                if stat(input, &other) == 0 && other.st_dev == status.st_dev && other.st_ino == status.st_ino {
                    throw CorpusError(file: path, problem: "is also an input of this command (\(input))",
                                      fix: "write the output to another path")
                }
            }
        }
        let kind = exists ? status.st_mode & S_IFMT : S_IFREG
        if !exists && path.hasSuffix("/") {
            throw CorpusError(file: path, problem: "ends in /, so it names a folder, and no such folder exists; an output is a file",
                              fix: "drop the trailing slash to write a file of that name, or name a file in an existing folder")
        }
        switch kind {
        case S_IFCHR, S_IFIFO:
            return .inPlace(path: resolved)
        case S_IFDIR:
            throw CorpusError(file: path, problem: "is a folder", fix: "name a file inside it as the output")
        case S_IFREG:
            break
        default:
            throw CorpusError(file: path, problem: "is a socket or block device, which an output never replaces",
                              fix: "name a regular file as the output")
        }
        let parent = PathName.folder(of: resolved)
        let folder = parent.isEmpty ? "." : parent
        if let problem = OutputFolder.problem(with: folder, mayCreate: false) {
            throw CorpusError(file: path, problem: problem.problem, fix: problem.fix)
        }
        if exists && status.st_mode & 0o222 == 0 {
            throw CorpusError(file: path, problem: "is read-only", fix: "make it writable (chmod u+w) or choose another output path")
        }
        return .replace(path: resolved, mode: exists ? status.st_mode & 0o7777 : 0o666 & ~currentUmask)
    }

    /// A point at which a test makes a write fail, as a full disk or a signal would.
    package enum FailurePoint: CaseIterable, Sendable {
        case afterCreate, midWrite, beforeSync, beforeRename
    }

    /// Writes `bytes` to `path` by the rules above.
    ///
    /// - Parameter failing: A test hook: fail at this point, as an I/O error would.
    /// - Throws: ``CorpusError`` naming the path; the old file is then untouched and no
    ///   temporary file is left.
    /// - Complexity: O(*b*) for *b* bytes.
    package static func write(_ bytes: [UInt8], to path: String, inputs: [String] = [], failing: FailurePoint? = nil) throws(CorpusError) {
        switch try check(path, inputs: inputs) {
        case .inPlace(let target):
            let descriptor = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(path, "cannot open it for writing") }
            defer { close(descriptor) }
            if let error = writeAll(failing == .midWrite ? Array(bytes.prefix(bytes.count / 2)) : bytes, to: descriptor) {
                throw failure(path, "cannot write it", errno: error)
            }
            if failing != nil { throw failure(path, "cannot write it", errno: EIO) }
        case .replace(let target, let mode):
            try replace(target, shownAs: path, with: bytes, mode: mode, failing: failing)
        }
    }

    /// Creates the temporary, writes, syncs and renames it over `target`.
    static func replace(_ target: String, shownAs path: String, with bytes: [UInt8], mode: mode_t, failing: FailurePoint?) throws(CorpusError) {
        let folder = PathName.folder(of: target)
        let base = PathName.lastComponent(of: target)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = (folder.isEmpty ? "" : folder + "/") + ".\(temporaryStem(base)).\(randomSuffix()).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw failure(path, "cannot create a temporary file beside it") }
        Temporaries.register(temporary)
        defer { Temporaries.unregister(temporary) }
        var problem: (String, Int32)?
        if failing == .afterCreate { problem = ("cannot write it", EIO) }
        else if failing == .midWrite {
            _ = writeAll(Array(bytes.prefix(bytes.count / 2)), to: descriptor)
            problem = ("cannot write it", EIO)
        }
        else if let error = writeAll(bytes, to: descriptor) { problem = ("cannot write it", error) }
        else if fchmod(descriptor, mode) != 0 { problem = ("cannot set its mode", errno) }
        else if failing == .beforeSync || fsync(descriptor) != 0 { problem = ("cannot sync it to disk", failing == nil ? errno : EIO) }
        if close(descriptor) != 0 && problem == nil { problem = ("cannot close it", errno) }
        if problem == nil, let pause = holdBeforeRename { usleep(pause) }
        if problem == nil && failing == .beforeRename { problem = ("cannot rename the temporary file over it", EIO) }
        // rename(2) replaces the target atomically.
        if problem == nil && rename(temporary, target) != 0 { problem = ("cannot rename the temporary file over it", errno) }
        if let (what, error) = problem {
            unlink(temporary)
            throw failure(path, what, errno: error)
        }
    }

    /// Writes every byte, retrying short writes and interruptions.
    ///
    /// - Returns: `errno` of the failed write, or `nil`.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    static func failure(_ path: String, _ what: String, errno error: Int32 = errno) -> CorpusError {
        CorpusError(file: path, problem: "\(what) (\(String(cString: strerror(error))))", fix: fix(for: error))
    }

    /// What to do about a failed write, by its `errno`: the fix names the cause the system
    /// gave, not a guess.
    ///
    /// - Complexity: O(1).
    static func fix(for error: Int32) -> String {
        switch error {
        case ENOSPC, EDQUOT, EFBIG: "free space on that disk (or raise the quota), or write to another disk"
        case EACCES, EPERM: "check the permissions of the file and its folder, or choose another output path"
        case EROFS: "the disk is mounted read-only: choose an output path on another disk"
        case ENOENT, ENOTDIR: "check that every folder in the path exists (and was not removed meanwhile)"
        case ENAMETOOLONG: "choose a shorter output path"
        case EIO: "the device reported an error: check the disk (dmesg), or write to another disk"
        default: "check the output path, its folder and its disk"
        }
    }

    /// The longest name a folder entry may have, in bytes (`NAME_MAX` on Linux and macOS).
    static let nameLimit = 255

    /// The part of the output's name that starts its temporary's name `.STEM.HEX16.tmp`:
    /// the whole name, or as many of its leading characters as keep the temporary's name
    /// within ``nameLimit`` bytes (so any name the filesystem takes as the output has a
    /// temporary too).
    ///
    /// - Complexity: O(*c*) for *c* characters.
    static func temporaryStem(_ base: String) -> String {
        let room = nameLimit - ".".utf8.count - ".0123456789abcdef.tmp".utf8.count
        guard base.utf8.count > room else { return base }
        var stem = String.UnicodeScalarView(), bytes = 0
        for scalar in base.unicodeScalars {
            bytes += String(scalar).utf8.count
            guard bytes <= room else { break }
            stem.append(scalar)
        }
        return String(stem)
    }

    /// 16 hex digits from the system's generator: a temporary's name cannot be guessed.
    static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next()
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The process's umask (read once: setting it back is not atomic).
    static let currentUmask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// A test hook: microseconds to wait between syncing a temporary and renaming it, from
    /// `TREEROWS_TEST_HOLD_TEMPORARY_US`, so a test can interrupt a write in that window.
    static let holdBeforeRename: useconds_t? = ProcessInfo.processInfo.environment["TREEROWS_TEST_HOLD_TEMPORARY_US"].flatMap { useconds_t($0) }
}

/// write(2), under a name that the writer's own `write` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
