#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a folder can take new output files, and if not, the cause the system gives:
/// the one check behind an output file's folder and a folder of outputs (`fuzz --out`).
package enum OutputFolder {
    /// Why the folder cannot take output, and what to do.
    package struct Problem: Equatable, Sendable {
        /// What is wrong, naming the folder or the part of its path at fault.
        package var problem: String
        /// What to do, ending with the choice of another path.
        package var fix: String
    }

    /// Why `folder` cannot take new files, or `nil` when it can.
    ///
    /// - Parameters:
    ///   - folder: The folder, `""` for the working folder.
    ///   - mayCreate: A folder that does not exist yet is fine when its nearest existing
    ///     ancestor is a writable folder (it will be created).
    /// - Complexity: O(*c*) system calls for *c* path components.
    package static func problem(with folder: String, mayCreate: Bool) -> Problem? {
        let another = "choose another output path"
        let start = folder.isEmpty ? "." : folder
        var ancestor = start
        var status = stat()
        // The nearest part of the path that exists, or the reason the walk cannot go on.
        while stat(ancestor, &status) != 0 {
            switch errno {
            case ELOOP:
                // The outermost part of the path that loops is the link to mend.
                var looping = ancestor
                while true {
                    let up = PathName.folder(of: looping)
                    guard !up.isEmpty, up != looping, stat(up, &status) != 0, errno == ELOOP else { break }
                    looping = up
                }
                return Problem(problem: "\(looping) is a loop of symbolic links", fix: "mend the links, or \(another)")
            case EACCES:
                return Problem(problem: "a folder on the way to \(ancestor) cannot be searched (permission denied)",
                               fix: "check the permissions of its folders, or \(another)")
            case ENAMETOOLONG:
                return Problem(problem: "the path \(ancestor) is longer than the system allows", fix: "choose a shorter output path")
            case ENOTDIR, ENOENT:
                break
            default:
                return Problem(problem: "\(ancestor) cannot be examined (\(String(cString: strerror(errno))))", fix: another)
            }
            let up = PathName.folder(of: ancestor)
            let next = up.isEmpty ? "." : up
            guard next != ancestor else {
                return Problem(problem: "the folder \(folder) does not exist", fix: "create it or \(another)")
            }
            ancestor = next
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            return Problem(problem: "\(ancestor) is a file, not a folder", fix: another)
        }
        if ancestor != start && !mayCreate {
            return Problem(problem: "the folder \(folder) does not exist", fix: "create it or \(another)")
        }
        guard access(ancestor, W_OK | X_OK) == 0 else {
            return Problem(problem: "the folder \(ancestor) is not writable", fix: "check its permissions, or \(another)")
        }
        return nil
    }
}
