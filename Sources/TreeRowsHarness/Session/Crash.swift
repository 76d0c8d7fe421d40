/// How a run of a strategy ended when it did not answer (run by a wrapper that outlives it,
/// the isolation wrapper's): a trap
/// (Swift's runtime failures: index out of range, overflow, a nil unwrapped, a failed
/// precondition), a fatal signal, a stack overflow, a hang the watchdog stopped, memory
/// over the limit, or an exit the strategy called.
///
/// Two crashes are the same failure (`signature`) when they have the same kind, the same
/// runtime message and the same top frame of the code that failed: what the shrinker keeps
/// a candidate for.
public struct Crash: Hashable, Sendable, Codable {
    /// The kinds of crash.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// A Swift runtime failure or another trap (SIGILL, SIGTRAP).
        case trap
        /// Another fatal signal (SIGSEGV, SIGBUS, SIGABRT, SIGFPE, …) that is not a stack overflow.
        case signal
        /// Recursion past the end of the stack.
        case stackOverflow = "stack overflow"
        /// A step that outlasted the watchdog's budget.
        case hang
        /// Resident memory over the limit.
        case memory = "out of memory"
        /// The process exited on its own, without finishing (a strategy that called `exit`).
        case exit
    }

    /// What happened.
    public var kind: Kind
    /// The signal that ended the run (the one the watchdog sent for a hang or memory).
    public var signal: Int32?
    /// The runtime's message (`Swift runtime failure: arithmetic overflow`, `Fatal error: …`),
    /// or for a hang or memory, what the watchdog saw.
    public var message: String
    /// The top frame of the code that failed: the first frame that is not the runtime's or
    /// the standard library's, as `function` (no offset), if the backtrace named one.
    public var function: String?
    /// That frame's place, `File.swift:211`, if known.
    public var location: String?

    public init(kind: Kind, signal: Int32? = nil, message: String, function: String? = nil, location: String? = nil) {
        self.kind = kind
        self.signal = signal
        self.message = message
        self.function = function
        self.location = location
    }

    /// What two crashes of the same bug share: the kind, the message (not for a hang or
    /// memory, whose message holds measured numbers) and the top frame's function (and its
    /// line for a trap, which stops at one place).
    package var signature: String {
        switch kind {
        case .hang: return "hang|\(function ?? "")"
        case .memory: return "memory"
        case .trap: return "\(kind.rawValue)|\(message)|\(function ?? "")|\(location ?? "")"
        case .signal, .stackOverflow, .exit: return "\(kind.rawValue)|\(message)|\(function ?? "")"
        }
    }

    /// One line: `trap: Swift runtime failure: arithmetic overflow at Foo.bar(_:) (Foo.swift:12)`.
    public var summary: String {
        var text = "\(kind.rawValue): \(message)"
        if let function { text += " at \(function)" }
        if let location { text += " (\(location))" }
        return text
    }
}
