import TreeRowsCorpora

/// A failure a command reports as one line on stderr and an exit code: 2 for bad input
/// (a file, an id, a flag value), 1 for a check that found a problem.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = 2
}

extension CommandFailure {
    /// Exit 1 naming the strategies that were wrong and those that crashed, e.g.
    /// "a disagreed with the reference; b crashed".
    ///
    /// - Parameters:
    ///   - wrong: The strategies that gave wrong rows, each named once.
    ///   - wrongly: What they did, after their names.
    ///   - crashed: The strategies that crashed.
    ///   - crashedNote: Appended after "crashed" (where to look).
    ///   - retaining: The strategies whose instances leave memory allocated.
    ///   - suffix: Appended to the whole message (how to replay).
    /// - Returns: `nil` when no strategy is named.
    /// - Complexity: O(*s*) for the *s* names.
    static func failing(wrong: [String], _ wrongly: String, crashed: [String], crashedNote: String = "",
                        retaining: [String] = [], suffix: String = "") -> CommandFailure? {
        guard !wrong.isEmpty || !crashed.isEmpty || !retaining.isEmpty else { return nil }
        let parts = [wrong.isEmpty ? nil : "\(wrong.joined(separator: ", ")) \(wrongly)",
                     crashed.isEmpty ? nil : "\(crashed.joined(separator: ", ")) crashed\(crashedNote)",
                     retaining.isEmpty ? nil : "\(retaining.joined(separator: ", ")) retained memory across cases"].compactMap { $0 }
        return CommandFailure(message: parts.joined(separator: "; ") + suffix, exitCode: 1)
    }
}

extension CommandFailure {
    /// Exit 2 for an option whose value names no accepted form, e.g.
    /// `--shape "balanced:0": its K is out of range. Fix: write balanced[:K] with K from 1 to 1000000`.
    ///
    /// - Complexity: O(1).
    init(option: String, _ problem: ParameterizedName.Problem) {
        self.init(message: "\(option) \(problem.problem). Fix: \(problem.fix)")
    }
}
