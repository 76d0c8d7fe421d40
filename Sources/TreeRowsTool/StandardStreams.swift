#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import TreeRowsCorpora

/// Unbuffered writes to standard error; a failure there has nowhere to be reported, so it
/// is ignored (never a trap).
enum StandardError {
    static func write(_ text: String) {
        _ = AtomicFile.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes `treerows: error: MESSAGE` as one line, whatever the message holds: control
    /// characters (ESC, CR, a newline from a file name) are shown as escapes, so input can
    /// neither drive the terminal nor fake a line.
    static func error(_ message: String) {
        write("\(ToolStrategies.commandName): error: \(message.escapingControls())\n")
    }
}

/// Every line the tool's commands print goes through here (this shadows `Swift.print` for
/// a `String` in the whole module), with every control character shown as an escape but
/// for the line breaks and tabs that lay the output out: no text from the input (a corpus
/// name, an id, a description) can drive the terminal from standard output. A name that
/// must keep to its line is escaped where it is put in (`escapingControls()`), line
/// breaks included.
///
/// - Complexity: O(*n*) for *n* characters.
func print(_ text: String, terminator: String = "\n") {
    Swift.print(text.escapingControls(keepingLineBreaks: true), terminator: terminator)
}

/// Standard output through C's `stdout` (as `print` writes it), line-buffered so that a run
/// redirected to a file and killed keeps every line it finished; its failures (a full disk,
/// a closed pipe with SIGPIPE ignored) are found at the end by ``finish()``.
enum StandardOutput {
    /// Makes `stdout` line-buffered, whatever it is connected to.
    static func lineBuffered() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Flushes `stdout`.
    ///
    /// - Returns: What went wrong with this or an earlier write, or `nil`.
    static func finish() -> String? {
        let flushed = fflush(stdout)
        let error = errno
        guard flushed != 0 || ferror(stdout) != 0 else { return nil }
        let reason = flushed != 0 ? String(cString: strerror(error)) : "a write failed"
        return "cannot write to standard output (\(reason)). Fix: check the disk space, or that the program reading the output keeps reading"
    }
}

/// A large buffer in front of standard output, for printing millions of rows.
struct OutputBuffer {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    /// Appends `text`, writing out when the buffer is full.
    mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 16 { flush() }
    }

    /// Hands everything buffered to `stdout` (errors surface in ``StandardOutput/finish()``).
    mutating func flush() {
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stdout) }
        bytes.removeAll(keepingCapacity: true)
    }
}
