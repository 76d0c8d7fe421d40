import Foundation
import TreeRowsCorpora

/// Output files of the commands, checked before any work and written by the one safe
/// writer (`AtomicFile`: devices and FIFOs in place, regular files replaced atomically,
/// never onto an input).
enum OutputPath {
    /// Fails now, rather than after the work, when `path` cannot take the output.
    static func check(_ path: String, inputs: [String] = []) throws(CommandFailure) {
        do { _ = try AtomicFile.check(path, inputs: inputs) } catch { throw CommandFailure(message: error.description) }
    }

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(CommandFailure) {
        do { try AtomicFile.write(bytes, to: path, inputs: inputs) } catch { throw CommandFailure(message: error.description) }
    }

    /// Fails now when the folder `path` can neither be used nor created: a file is in the
    /// way, a link loops, or its nearest existing ancestor is not a writable folder.
    static func checkFolder(_ path: String, option: String) throws(CommandFailure) {
        guard !path.isEmpty else { throw CommandFailure(message: "\(option) is empty. Fix: name a folder, e.g. \(option) findings") }
        if let problem = OutputFolder.problem(with: path, mayCreate: true) {
            throw CommandFailure(message: "\(option) \(path): \(problem.problem). Fix: \(problem.fix.replacingOccurrences(of: "output path", with: option))")
        }
    }

    /// `out` created, or a new folder `<name>[-K]` in the working directory (the first `K`
    /// from 2 not taken): where a command that found something writes its files.
    ///
    /// - Throws: ``CommandFailure`` when the folder cannot be created.
    static func findingsFolder(_ out: String?, orNew name: String) throws(CommandFailure) -> String {
        var folder = out ?? name
        if out == nil {
            var suffix = 2
            while FileManager.default.fileExists(atPath: folder) {
                folder = "\(name)-\(suffix)"
                suffix += 1
            }
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw CommandFailure(message: "cannot create the folder \(folder): \(error.localizedDescription). Fix: choose a writable --out")
        }
        return folder
    }
}
