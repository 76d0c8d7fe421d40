#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TreeRowsCorpora

/// A new folder under the system's temporary folder, removed with everything in it when
/// this object goes: where isolated children leave their logs and results.
///
/// A signal that ends the process removes the folder if it is still empty (``Temporaries``).
/// A process that ends without its deinit otherwise (SIGKILL, a crash, an out-of-memory
/// kill, a signal once children have written logs) cannot remove its folder, so each is locked
/// (`flock`) by its owner for as long as the owner or a forked child of it lives, and the
/// first folder a process makes removes every folder of this kind whose lock is free: its
/// owner is gone, whatever ended it. A lock, not a process number, so that a folder shared
/// across process namespaces (containers with one `/tmp`) is never taken for abandoned.
package final class ScratchFolder {
    /// The folder's path.
    package let path: String
    /// The open folder, holding the owner's lock; closed (and so unlocked) by the deinit.
    private let lockDescriptor: Int32

    /// The start of every such folder's name.
    package static let namePrefix = "treerows-scratch-"
    /// A folder younger than this may not be locked yet: the sweep leaves it.
    static let sweepAge: TimeInterval = 60

    /// Why the folder could not be made.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Creates the folder in `directory` (the system's temporary folder by default), after
    /// the first one of the process has removed the abandoned folders there.
    ///
    /// - Throws: ``Failure`` when the folder cannot be created.
    /// - Complexity: O(1), but for the first folder of a process: O(*e*) for the *e* entries
    ///   of `directory`.
    package init(in directory: String = NSTemporaryDirectory()) throws(Failure) {
        Self.sweepOnce(directory)
        var template = Array((directory + "/" + Self.namePrefix + "XXXXXX").utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Failure(description: "cannot create a folder in \(directory): \(String(cString: strerror(errno))). "
                + "Fix: set TMPDIR to a writable folder")
        }
        path = String(cString: created)
        Temporaries.register(path)
        lockDescriptor = open(path, O_RDONLY | O_CLOEXEC)
        // Without the lock (a file system without flock) the folder is still removed by the
        // deinit; only a sweep would take it for abandoned once it is old enough.
        if lockDescriptor >= 0 { _ = flock(lockDescriptor, LOCK_EX | LOCK_NB) }
    }

    deinit {
        Temporaries.unregister(path)
        try? FileManager.default.removeItem(atPath: path)
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    private static let sweepLock = NSLock()
    nonisolated(unsafe) private static var swept: Set<String> = []

    /// ``removeAbandoned(in:)`` once per process and folder.
    private static func sweepOnce(_ directory: String) {
        sweepLock.lock()
        defer { sweepLock.unlock() }
        guard swept.insert(directory).inserted else { return }
        removeAbandoned(in: directory)
    }

    /// Removes every folder named ``namePrefix``… in `directory` that is older than
    /// ``sweepAge`` and whose lock is free (its owner and the owner's children have ended),
    /// with everything in it. Folders of other users, and those that cannot be opened, stay.
    ///
    /// - Returns: The names of the folders removed.
    /// - Complexity: O(*e*) for the *e* entries of `directory`, plus the removed files.
    @discardableResult
    package static func removeAbandoned(in directory: String, now: Date = Date()) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(namePrefix) {
            let folder = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: folder),
                  attributes[.type] as? FileAttributeType == .typeDirectory,
                  let modified = attributes[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) >= sweepAge else { continue }
            let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if (try? FileManager.default.removeItem(atPath: folder)) != nil { removed.append(name) }
        }
        return removed
    }
}
